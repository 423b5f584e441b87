/** Whether the code typed so far is a whole statement, or needs more lines (an open block, bracket or string). */
export type Completeness = 'complete' | 'incomplete';

/** How each language's console prompts: the first line of a statement, and the lines that continue it. */
export const PROMPTS = {
  python: { first: '>>> ', more: '... ' },
  lua: { first: '> ', more: '>> ' },
} as const;

/**
 * Lines typed at a console, gathered into statements the way the language's own console does:
 * Python's code.InteractiveConsole (a block ends with an empty line), Lua's interpreter (a chunk
 * that fails to compile "near <eof>" continues). The language decides through `isComplete`.
 */
export class Statements {
  private lines: string[] = [];

  constructor(private readonly isComplete: (code: string) => Promise<Completeness>) {}

  /** Whether a statement is under way (the continuation prompt is due). */
  get continuing(): boolean {
    return this.lines.length > 0;
  }

  /** Adds a line; the statement to run once it is complete, else undefined. */
  async add(line: string): Promise<string | undefined> {
    if (this.lines.length === 0 && !line.trim()) return undefined;
    this.lines.push(line);
    const code = this.lines.join('\n');
    if ((await this.isComplete(code)) === 'incomplete') return undefined;
    this.lines = [];
    return code;
  }

  /** The statement under way as it stands (none: undefined), and no statement is under way after. */
  takeUnfinished(): string | undefined {
    const code = this.lines.length > 0 ? this.lines.join('\n') : undefined;
    this.lines = [];
    return code;
  }

  /** Drops the statement under way (Ctrl+C). */
  cancel(): void {
    this.lines = [];
  }
}
