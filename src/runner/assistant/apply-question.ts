import { changeLine } from '../../api/state/state-diff';
import type { Rehearsal } from './rehearsals';

/** The most changes the question lists one by one; the Dry Run view and the dry run's answer list them all. */
const LISTED = 20;

/**
 * The question asked before the assistants' changing tool runs: the dry run's changes, one per
 * line, and what its undo cannot restore. Plain text that also reads as Markdown: VS Code shows it
 * as it is in its dialog (which keeps line breaks but not indentation, so nothing here is
 * indented) and as Markdown in the chat (where the lines are a list). No `vscode` import.
 */
export function applyQuestion(
  rehearsal: Rehearsal | undefined,
  dryRunId: unknown,
  undoCaveat: string | undefined,
): { title: string; message: string } {
  if (!rehearsal)
    return {
      title: 'Apply a script to the application?',
      message: `There is no dry run "${String(dryRunId)}": nothing will be applied.`,
    };
  const { changes } = rehearsal;
  const n = changes.length;
  const listed = changes.slice(0, LISTED).map((change) => `- ${changeLine(change)}`);
  if (n > LISTED) listed.push(`- and ${n - LISTED} more (the dry run's answer lists them all)`);
  return {
    title: `Apply ${rehearsal.label} to the application?`,
    message: [
      `The assistant asks to run ${rehearsal.label} against the application. Its dry run ${rehearsal.id} found ${n} change${n === 1 ? '' : 's'}:`,
      listed.join('\n'),
      `It runs only if the application is still as the dry run found it. Motion: Undo Last Change takes it back as one change${undoCaveat ? ` (${undoCaveat})` : ''}.`,
    ].join('\n\n'),
  };
}
