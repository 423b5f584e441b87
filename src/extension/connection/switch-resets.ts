/** What holds state that a move between the embedded server and the application would reset. No `vscode` import. */
interface HeldState {
  /** The script sessions running (they keep variables). */
  sessions: readonly ('python' | 'lua')[];
  /** The names of the Motion debug sessions under way. */
  debugSessions: readonly string[];
  /** Whether Record as Script is on. */
  recording: boolean;
}

/**
 * What a move to the application resets, in a person's words, one item each; empty when nothing
 * holds state, and the move can be made at once without asking.
 */
export function whatASwitchResets(held: HeldState): string[] {
  const sessionName = { python: 'Python', lua: 'Lua' } as const;
  return [
    ...held.sessions.map((language) => `the ${sessionName[language]} session (its variables are cleared)`),
    ...held.debugSessions.map((name) => `the debug session “${name}” (it stops)`),
    ...(held.recording ? ['the recording under way (it stops, and its script opens)'] : []),
  ];
}

/** The question asked before a move that resets something. */
export function switchQuestion(url: string, version: string, resets: readonly string[]): string {
  return `The application now answers at ${url} (${version}). Move to it from the embedded server? That resets ${listed(resets)}.`;
}

/** The question asked before the embedded server stands in for an application that went away, when that resets something. */
export function standInQuestion(url: string, reason: string, resets: readonly string[]): string {
  return `The application at ${url} stopped answering (${reason}). Use the embedded reference server, with its demo data, until it is back? That resets ${listed(resets)}. Until you say so, Motion waits for the application.`;
}

/** What is said once the embedded server stands in for an application that went away: where scripts now run. */
export function stoodInNotice(url: string, reason: string): string {
  return `The application at ${url} stopped answering (${reason}): Motion now uses the embedded reference server, with its demo data. Runs, terminals and tests change the demo data, not the application; Motion moves back when the application answers again.`;
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
