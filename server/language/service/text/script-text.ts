import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

/** A block is cut in two past this many characters (at line ends, near the half). */
const MAX_BLOCK = 8_192;

const LF = 10;
const CR = 13;
const isLineEnd = (c: number) => c === LF || c === CR;

/** One stretch of whole lines, and where its lines start in it (0 first). */
interface Block {
  text: string;
  lineStarts: number[];
}

/**
 * The text of an open script, kept in blocks of whole lines (a few kilobytes each), so an edit
 * replaces one block, not the whole text. A JavaScript string cannot be edited in place: with one
 * string for the whole script, each keystroke copied all of it (400 KB for 10,000 lines) on the
 * thread that answers completion, and the copies filled the heap for the collector. Reads by range
 * join the blocks they cross; the whole text is joined only when asked for, once per version.
 *
 * Positions and offsets mean exactly what they mean in vscode-languageserver-textdocument's
 * TextDocument (line ends `\n`, `\r\n`, `\r`; a character past a line's end is its end): a
 * property test holds the two to the same answers.
 */
export class ScriptText {
  private blocks: Block[] = [];
  /** Offset and line number at which each block starts. */
  private blockOffsets: number[] = [];
  private blockLines: number[] = [];
  private length = 0;
  private lineEnds = 0;
  private whole: string | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    content: string,
    /** Blocks are cut in two past this many characters: small in tests, to have many. */
    private readonly maxBlock = MAX_BLOCK,
  ) {
    this.replaceAll(content);
  }

  get lineCount(): number {
    return this.lineEnds + 1;
  }

  /** The number of characters. */
  get size(): number {
    return this.length;
  }

  getText(range?: Range): string {
    if (!range) return (this.whole ??= this.blocks.map((b) => b.text).join(''));
    const [a, b] = [this.offsetAt(range.start), this.offsetAt(range.end)];
    return this.slice(Math.min(a, b), Math.max(a, b)); // as String.substring does, which TextDocument uses
  }

  /** The text between two offsets, read from the blocks it crosses (the whole text is not made). */
  slice(start: number, end: number): string {
    start = Math.max(0, start);
    end = Math.min(this.length, end);
    if (end <= start) return '';
    if (this.whole !== undefined) return this.whole.slice(start, end);
    let k = this.blockAt(start);
    let out = '';
    for (let at = start; at < end; k++) {
      const from = at - this.blockOffsets[k];
      const piece = this.blocks[k].text.slice(from, from + (end - at));
      out += piece;
      at += piece.length;
    }
    return out;
  }

  charCodeAt(offset: number): number {
    if (offset < 0 || offset >= this.length) return NaN;
    const k = this.blockAt(offset);
    return this.blocks[k].text.charCodeAt(offset - this.blockOffsets[k]);
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.length), 0);
    const line = this.lineOf(offset);
    const lineStart = this.lineStart(line);
    return { line, character: this.beforeLineEnd(offset, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.lineCount) return this.length;
    if (position.line < 0) return 0;
    const lineStart = this.lineStart(position.line);
    if (position.character <= 0) return lineStart;
    const next = position.line + 1 < this.lineCount ? this.lineStart(position.line + 1) : this.length;
    return this.beforeLineEnd(Math.min(lineStart + position.character, next), lineStart);
  }

  /** Applies the editor's changes in order (as TextDocument.update does), and takes the new version. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change) {
        const [a, b] = [this.offsetAt(change.range.start), this.offsetAt(change.range.end)];
        this.replace(Math.min(a, b), Math.max(a, b), change.text);
      } else this.replaceAll(change.text);
    }
    this.version = version;
  }

  /** Replaces [start, end) with `text`: the blocks it touches are made again, the others kept. */
  private replace(start: number, end: number, text: string): void {
    if (this.blocks.length === 0) return this.replaceAll(text);
    let first = this.blockAt(start);
    let last = this.blockAt(Math.max(start, end - 1));
    const from = this.blockOffsets[first];
    const joined = this.blocks
      .slice(first, last + 1)
      .map((b) => b.text)
      .join('');
    let changed = joined.slice(0, start - from) + text + joined.slice(end - from);
    // Every block starts a line, and a `\r\n` is never cut: the changed text takes in its
    // neighbours until it ends a line (or the text), and a `\r` before it when it starts with `\n`.
    while (
      last + 1 < this.blocks.length &&
      (!endsLine(changed) || (changed.endsWith('\r') && this.blocks[last + 1].text.startsWith('\n')))
    )
      changed += this.blocks[++last].text;
    if (first > 0 && changed.startsWith('\n') && this.blocks[first - 1].text.endsWith('\r'))
      changed = this.blocks[--first].text + changed;
    this.blocks.splice(first, last - first + 1, ...toBlocks(changed, this.maxBlock));
    this.whole = undefined;
    this.reindexFrom(first);
  }

  private replaceAll(content: string): void {
    this.blocks = toBlocks(content, this.maxBlock);
    this.whole = content;
    this.reindexFrom(0);
  }

  /** Block starts from block `k` on, after blocks there changed. */
  private reindexFrom(k: number): void {
    this.blockOffsets.length = this.blocks.length;
    this.blockLines.length = this.blocks.length;
    let offset = k > 0 ? this.blockOffsets[k - 1] + this.blocks[k - 1].text.length : 0;
    let line = k > 0 ? this.blockLines[k - 1] + this.blocks[k - 1].lineStarts.length : 0;
    for (let i = k; i < this.blocks.length; i++) {
      this.blockOffsets[i] = offset;
      this.blockLines[i] = line;
      offset += this.blocks[i].text.length;
      line += this.blocks[i].lineStarts.length;
    }
    this.length = offset;
    // Every block starts a line; the last block's text ends with a line end, or the last line is in it.
    const lastBlock = this.blocks[this.blocks.length - 1];
    this.lineEnds = lastBlock && endsLine(lastBlock.text) ? line : Math.max(0, line - 1);
  }

  /** The block holding an offset (the last block for the end of the text). */
  private blockAt(offset: number): number {
    return lastAtMost(this.blockOffsets, offset);
  }

  private lineStart(line: number): number {
    if (this.blocks.length === 0) return 0;
    const k = lastAtMost(this.blockLines, line);
    const inBlock = line - this.blockLines[k];
    const starts = this.blocks[k].lineStarts;
    // The empty line after a final line end starts where the text ends.
    return inBlock < starts.length ? this.blockOffsets[k] + starts[inBlock] : this.length;
  }

  private lineOf(offset: number): number {
    if (this.blocks.length === 0) return 0;
    if (offset >= this.length) return this.lineEnds;
    const k = this.blockAt(offset);
    return this.blockLines[k] + lastAtMost(this.blocks[k].lineStarts, offset - this.blockOffsets[k]);
  }

  /** An offset inside a line end moved back to the end of the line's text (not before its start). */
  private beforeLineEnd(offset: number, lineStart: number): number {
    while (offset > lineStart && isLineEnd(this.charCodeAt(offset - 1))) offset--;
    return offset;
  }
}

/** The text in blocks of whole lines, cut near half of `maxBlock` and never inside `\r\n`. */
function toBlocks(text: string, maxBlock: number): Block[] {
  const blocks: Block[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.length;
    if (end - start > maxBlock) {
      const cut = lineEndAfter(text, start + Math.floor(maxBlock / 2));
      if (cut < text.length) end = cut;
    }
    const piece = text.slice(start, end);
    blocks.push({ text: piece, lineStarts: lineStartsOf(piece) });
    start = end;
  }
  return blocks;
}

/** The offset just after the first line end at or after `from` (past a whole `\r\n`), or the text's end. */
function lineEndAfter(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) return i + 1;
    if (c === CR) return text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
  }
  return text.length;
}

/** Where each line starts in a block: 0, and after each line end that is not the block's last character. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR && text.charCodeAt(i + 1) === LF) i++;
    if ((c === CR || c === LF) && i + 1 < text.length) starts.push(i + 1);
  }
  return starts;
}

function endsLine(text: string): boolean {
  return isLineEnd(text.charCodeAt(text.length - 1));
}

/** The index of the last element at most `value` in an ascending list (0 if none is). */
function lastAtMost(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (list[mid] <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}
