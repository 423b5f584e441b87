import { askReference } from '../client/reference-controls';
import type { Shape } from './drawn-shapes';
// The reference server's controls of its scripting host (docs/design.md §13).

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

/** The messages and terminal of the reference server's host; undefined against an application. */
export function hostReport(url: string): Promise<HostReport | undefined> {
  return askReference<HostReport>(url, 'gui', []);
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
  return askReference(url, 'scripts', [action, file]);
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
  return askReference<Shape[]>(url, 'draw', [time]);
}

/** Where a command's function raised, as the reference server's `script_error` says it (`… at FILE:LINE`). */
export function raisedAt(message: string): { file: string; line: number } | undefined {
  const at = / at (.+):(\d+)(?:\n|$)/.exec(message);
  return at ? { file: at[1], line: Number(at[2]) } : undefined;
}
