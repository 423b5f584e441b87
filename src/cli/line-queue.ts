import { createInterface, type Interface } from 'node:readline';

/**
 * Lines of the readline interface, one at a time, each asked for with a prompt: the console's
 * statements and input() share them in the order they come (a pipe gives them all at once).
 */
export class LineQueue {
  private readonly waiting: string[] = [];
  private wanted: ((line: string | null) => void) | undefined;
  private ended = false;

  constructor(private readonly lines: Interface) {
    lines.on('line', (line) => {
      if (this.wanted) this.take(line);
      else this.waiting.push(line);
    });
    lines.on('close', () => {
      this.ended = true;
      this.take(null);
    });
  }

  /** The next line, shown with its prompt; null once input has ended. */
  next(prompt: string): Promise<string | null> {
    this.lines.setPrompt(prompt);
    this.lines.prompt();
    if (this.waiting.length > 0) return Promise.resolve(this.waiting.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.wanted = resolve));
  }

  /** Ctrl+C: the line being typed is gone, and `prompt` is shown (the first one: the statement is dropped too). */
  dropLine(prompt: string): void {
    this.lines.write(null, { ctrl: true, name: 'u' });
    this.lines.setPrompt(prompt);
    this.lines.prompt();
  }

  private take(line: string | null): void {
    const wanted = this.wanted;
    this.wanted = undefined;
    wanted?.(line);
  }
}

/** Lines for input() in a script run from the command line: standard input, read once asked for. */
export function stdinLines(): (prompt: string) => Promise<string | null> {
  let queue: LineQueue | undefined;
  return (prompt) => {
    queue ??= new LineQueue(createInterface({ input: process.stdin, output: process.stdout, terminal: false }));
    return queue.next(prompt);
  };
}
