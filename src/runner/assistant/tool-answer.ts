/**
 * What a tool gives an assistant: text a model reads, the same as data where the protocol carries
 * it, and whether the tool could not do what was asked (the text then says what was wrong and what
 * to do).
 */
export interface ToolAnswer {
  text: string;
  data?: Record<string, unknown>;
  failed?: boolean;
}

/** A request the tool refuses: bad input, a missing file, an application that is away. */
export class ToolRefusal extends Error {
  override name = 'ToolRefusal';
}

/** The most lines one answer holds: a model's context is precious, and a long answer buries what matters. */
export const ANSWER_LINES = 200;

/**
 * At most `limit` of the lines, and then one line saying how many were left out and how to ask
 * for them (`more`), so that a model never takes a cut list for the whole.
 */
export function boundedLines(lines: readonly string[], limit: number, more: string): string[] {
  if (lines.length <= limit) return [...lines];
  return [
    ...lines.slice(0, limit),
    `… ${lines.length - limit} more line${lines.length - limit === 1 ? '' : 's'} not shown; ${more}`,
  ];
}

/** The end of a long output (a script's prints): its last `limit` characters, saying how much came before. */
export function outputTail(output: string, limit = 4000): string {
  if (output.length <= limit) return output;
  const cut = output.length - limit;
  const start = output.indexOf('\n', cut);
  const from = start === -1 || start - cut > 200 ? cut : start + 1;
  return `[… the first ${from.toLocaleString('en')} characters of the output are not shown]\n${output.slice(from)}`;
}
