// A module of its own: the extension's quiet part reads it, without the interface's history.

/** How much of a script's start is read for its targets comment: a script's top is short. */
export const SCRIPT_TOP_CHARS = 4_000;

/**
 * The targets a script names at its top, before its first statement: a comment
 * `# motion: targets >=2025.1` (Python) or `-- motion: targets >=2025.1` (Lua). Undefined when it names none.
 */
export function targetsComment(script: string): string | undefined {
  for (const line of script.split(/\r?\n/)) {
    const text = line.trim();
    if (text === '') continue;
    const comment = /^(?:#|--)\s*motion:\s*targets?\s+(.+)$/.exec(text);
    if (comment) return comment[1].trim();
    if (!/^(#|--)/.test(text)) return undefined; // the first statement: the top is over
  }
  return undefined;
}
