// The reference server's own controls and reports, beside the scripting interface
// (`POST /reference/PATH` with a JSON array, as any call): its scripting host's, a dry run's. An
// application has none: it answers 404 (unknown operation), which says so.
/** A control's answer; undefined when the server has no such control (the application). */
export async function askReference<T>(
  url: string,
  path: string,
  args: unknown[],
  signal?: AbortSignal,
): Promise<T | undefined> {
  const answer = await fetch(`${url.replace(/\/$/, '')}/reference/${path}`, {
    method: 'POST',
    signal,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await answer.text();
  let body: (T & { error?: { code?: string; message?: string } }) | null | undefined;
  try {
    body = JSON.parse(text) as typeof body; // null is an answer (no dialog opened meanwhile)
  } catch {
    body = undefined;
  }
  // No such control (an application, or a server not started for it).
  if (answer.status === 404 && (body?.error?.code ?? 'unknown_operation') === 'unknown_operation') return undefined;
  if (!answer.ok || body === undefined)
    throw new Error(body?.error?.message ?? `HTTP ${answer.status}: ${text.slice(0, 200)}`);
  return body as T;
}
