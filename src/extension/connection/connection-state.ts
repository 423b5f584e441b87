/** Where the extension stands with the application: plain data, no `vscode` import. */
export type ConnectionState =
  | { kind: 'connecting'; url: string }
  | { kind: 'connected'; url: string; version: string; embedded: boolean }
  | { kind: 'offline'; url: string; reason: string; retryInMs?: number };

export type EmbeddedMode = 'auto' | 'always' | 'never';

/** Reconnection delays: quick at first, then every half minute. */
export const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function backoff(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
}

export function describeConnection(state: ConnectionState): { text: string; tooltip: string } {
  switch (state.kind) {
    case 'connecting':
      return { text: '$(sync~spin) Motion', tooltip: `Connecting to ${state.url}…` };
    case 'connected':
      return {
        text: `$(pulse) Motion${state.embedded ? ': embedded' : ''}`,
        tooltip: `Connected to ${state.version} at ${state.url}${state.embedded ? ' (the embedded reference server)' : ''}`,
      };
    case 'offline':
      return {
        text: '$(debug-disconnect) Motion: offline',
        tooltip: `No application at ${state.url}: ${state.reason}${state.retryInMs ? ` — retrying in ${Math.round(state.retryInMs / 1000)} s` : ''}. Click for options.`,
      };
  }
}
