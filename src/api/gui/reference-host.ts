import type { Shape } from './drawn-shapes';
// The reference server's own controls for its scripting host (docs/design.md §13): not part of the
// scripting interface, so an application answers them 404, which says it has none.

/** What the reference server's scripting host shows: its messages and terminal. */
interface HostReport {
  messages: { type: 'info' | 'warning' | 'error'; message: string; details: string }[];
  terminal: string;
}

/** How loading one start-up script went. */
export interface ScriptLoad {
  file: string;
  ok: boolean;
  error?: { type: string; message: string; file: string | null; line: number | null; traceback: string };
}

/** A reference control's answer; undefined when the server is the application (it has no such control). */
async function reference<T>(url: string, path: string, args: unknown[]): Promise<T | undefined> {
  const answer = await fetch(`${url.replace(/\/$/, '')}/reference/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await answer.text();
  let body: (T & { error?: { code?: string; message?: string } }) | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  // No such control (an application, or another server): not the reference server's host.
  if (answer.status === 404 && (body?.error?.code ?? 'unknown_operation') === 'unknown_operation') return undefined;
  if (!answer.ok || !body) throw new Error(body?.error?.message ?? `HTTP ${answer.status}: ${text.slice(0, 200)}`);
  return body;
}

/** The messages and terminal of the reference server's host; undefined against an application. */
export function hostReport(url: string): Promise<HostReport | undefined> {
  return reference<HostReport>(url, 'gui', []);
}

/**
 * Loads a start-up script into the reference server (Load into Application) or removes it, then
 * loads them all again; undefined against an application, which has its own list.
 */
export function changeStartupScripts(
  url: string,
  action: 'add' | 'remove',
  file: string,
): Promise<{ scripts: string[]; loaded: ScriptLoad[] } | undefined> {
  return reference(url, 'scripts', [action, file]);
}

/** What was said since `before`: new messages, and the terminal's text added (all of it when it was cleared). */
export function saidSince(before: HostReport | undefined, now: HostReport): string[] {
  const messages = now.messages.slice(before?.messages.length ?? 0).map((m) => `[${m.type}] ${m.message}`);
  const old = before?.terminal ?? '';
  const added = now.terminal.startsWith(old) ? now.terminal.slice(old.length) : now.terminal;
  return [...messages, ...added.split('\n').filter((line) => line !== '')];
}

/**
 * What the draw function of the reference server's scripts draws at `time` (seconds of the
 * measurement): its shapes, none when there is no draw function; undefined against an application.
 */
export function drawingAt(url: string, time: number): Promise<Shape[] | undefined> {
  return reference<Shape[]>(url, 'draw', [time]);
}
