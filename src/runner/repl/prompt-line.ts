/**
 * Drawing a prompt and the line being typed on a terminal of a given width, wrapped over as many
 * rows as it needs, and erasing it again (to print output above it). Widths count code points.
 */
export class PromptLine {
  /** The row of the cursor within what is drawn (0 = the prompt's row); -1 when nothing is drawn. */
  private cursorRow = -1;

  constructor(public columns = 80) {}

  /** Draws the prompt and text with the cursor at `cursor` (in code points of `text`), over what was drawn. */
  draw(prompt: string, text: string, cursor: number): string {
    const columns = Math.max(1, this.columns);
    const promptWidth = visibleWidth(prompt);
    const total = promptWidth + visibleWidth(text);
    const at = promptWidth + cursor;
    let out = this.erase() + prompt + text;
    // At the end of a full row the terminal waits to wrap: move on to the next row now.
    if (total > 0 && total % columns === 0) out += '\r\n';
    const [endRow, endColumn] = [Math.floor(total / columns), total % columns];
    const [row, column] = [Math.floor(at / columns), at % columns];
    if (endRow > row) out += `\x1b[${endRow - row}A`;
    if (endColumn !== column || endRow !== row) out += `\r${column > 0 ? `\x1b[${column}C` : ''}`;
    this.cursorRow = row;
    return out;
  }

  /** Erases what was drawn, leaving the cursor at the start of its first row. */
  erase(): string {
    if (this.cursorRow < 0) return '';
    const up = this.cursorRow > 0 ? `\x1b[${this.cursorRow}A` : '';
    this.cursorRow = -1;
    return `${up}\r\x1b[J`;
  }

  /** Leaves what was drawn on the screen and moves below it (the line was submitted). */
  leave(prompt: string, text: string): string {
    if (this.cursorRow < 0) return '';
    const total = visibleWidth(prompt) + visibleWidth(text);
    const endRow = Math.floor(total / Math.max(1, this.columns));
    const down = endRow - this.cursorRow;
    this.cursorRow = -1;
    // A row that was exactly full has already moved the cursor on (see draw).
    const full = total > 0 && total % Math.max(1, this.columns) === 0;
    return `${down > 0 ? `\x1b[${down}B` : ''}${full ? '\r' : '\r\n'}`;
  }

  /** The screen was cleared (or written over): nothing of ours is drawn now. */
  forget(): void {
    this.cursorRow = -1;
  }
}

/**
 * The columns text takes on its row: code points, without colour and style sequences, from its
 * last carriage return (which goes back to the row's start).
 */
export function visibleWidth(text: string): number {
  // eslint-disable-next-line no-control-regex -- SGR sequences start with ESC
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  return [...plain.slice(plain.lastIndexOf('\r') + 1)].length;
}
