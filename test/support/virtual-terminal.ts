import { Terminal } from '@xterm/headless';

/**
 * A terminal screen (xterm.js, headless) that a console writes to: what a user would see, read as
 * text rows and a cursor position, ANSI sequences applied.
 */
export class VirtualTerminal {
  readonly terminal: Terminal;
  private written: Promise<void> = Promise.resolve();

  constructor(columns = 80, rows = 30) {
    this.terminal = new Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 1000 });
  }

  readonly write = (data: string): void => {
    this.written = this.written.then(() => new Promise<void>((resolve) => this.terminal.write(data, resolve)));
  };

  /** The terminal gets a new width once what was written so far is shown (as a user drags a panel's edge). */
  async resize(columns: number): Promise<void> {
    await this.written;
    this.terminal.resize(columns, this.terminal.rows);
  }

  /** The rows of the screen and scrollback, without trailing spaces, up to the last row with text or the cursor. */
  async rows(): Promise<string[]> {
    await this.written;
    const buffer = this.terminal.buffer.active;
    const rows: string[] = [];
    for (let i = 0; i < buffer.length; i++) rows.push(buffer.getLine(i)!.translateToString(true));
    const cursorRow = buffer.baseY + buffer.cursorY;
    let last = rows.length - 1;
    while (last > cursorRow && rows[last] === '') last--;
    return rows.slice(0, last + 1);
  }

  /** The screen as one text, rows joined with line breaks. */
  async text(): Promise<string> {
    return (await this.rows()).join('\n');
  }

  /** Where the cursor is: its row (in rows()) and column. */
  async cursor(): Promise<{ row: number; column: number }> {
    await this.written;
    const buffer = this.terminal.buffer.active;
    return { row: buffer.baseY + buffer.cursorY, column: buffer.cursorX };
  }

  dispose(): void {
    this.terminal.dispose();
  }
}
