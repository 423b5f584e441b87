/** Where the extension stands with the application: plain data, no `vscode` import. */
export type ConnectionState =
  | { kind: 'connecting'; url: string }
  | { kind: 'connected'; url: string; version: string; embedded: boolean }
  /** Something answers at the URL, but not as a motion application. */
  | { kind: 'foreign'; url: string; reason: string }
  | { kind: 'offline'; url: string; reason: string; retryInMs?: number };

export type EmbeddedMode = 'auto' | 'always' | 'never';

/** Reconnection delays: quick at first, then every half minute. */
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function backoff(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
}

/** The reference server says "Motion Reference Server 0.1.0": the status bar has room for "0.1.0". */
function shortVersion(version: string): string {
  return version.replace(/^Motion Reference Server\s+/, '');
}

function host(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

/**
 * The status bar's text and tooltip: which application, which version, or what is wrong. `summary`
 * is the same without the hint to click (the menu that the click opens shows it).
 */
export function describeConnection(state: ConnectionState): { text: string; tooltip: string; summary: string } {
  const { text, summary, hint } = describe(state);
  return { text, summary, tooltip: `${summary} ${hint}` };
}

function describe(state: ConnectionState): { text: string; summary: string; hint: string } {
  const options = 'Click for options.';
  switch (state.kind) {
    case 'connecting':
      return { text: '$(sync~spin) Motion', summary: `Connecting to ${state.url}…`, hint: options };
    case 'connected':
      return state.embedded
        ? {
            text: `$(pulse) Motion: embedded ${shortVersion(state.version)}`,
            summary: `Connected to the embedded reference server (${state.version}) at ${state.url}.`,
            hint: options,
          }
        : {
            text: `$(pulse) Motion: ${host(state.url)} ${shortVersion(state.version)}`,
            summary: `Connected to the motion application ${state.version} at ${state.url}.`,
            hint: options,
          };
    case 'foreign':
      return {
        text: '$(warning) Motion: not a motion application',
        summary: `${state.url} is not a motion application: ${state.reason}.`,
        hint: 'Click to change the server.',
      };
    case 'offline':
      return {
        text: '$(debug-disconnect) Motion: offline',
        summary: `No application at ${state.url}: ${state.reason}${state.retryInMs ? ` — retrying in ${Math.round(state.retryInMs / 1000)} s` : ''}.`,
        hint: options,
      };
  }
}
