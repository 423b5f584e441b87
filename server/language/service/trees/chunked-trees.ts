import { createHash } from 'node:crypto';
import type { Edit, Node, Parser, Point, Tree } from 'web-tree-sitter';
import { scanChunkStarts, type ChunkLanguage } from './chunk-boundaries';
import type { AnalysisUnit, SyntaxTrees } from './syntax-trees';

/** What the chunks are read from: the document's text (kept in blocks, see ScriptText). */
interface ChunkSource {
  readonly size: number;
  slice(start: number, end: number): string;
  getText(): string;
  positionAt(offset: number): { line: number; character: number };
}

/** How much text after an edit is read first to find where the chunks start again: some chunks' worth. */
const SCAN_WINDOW = 65_536;
/** The most characters handed to tree-sitter at once (its input buffer holds 10 KiB of UTF-16). */
const PIECE = 4_096;

/** Edits not re-scanned yet, as one: [start, oldEnd) of the text at the last scan is [start, newEnd) now. */
interface PendingEdit {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/**
 * Two edits in a row as one: the stretch that either changed, in the text before the first (its
 * end moved past the first's by what the second replaced beyond it) and in the text after the
 * second. Outside it the text is as it was, shifted after it: all a re-scan needs.
 */
export function mergeEdits(first: PendingEdit | undefined, second: PendingEdit): PendingEdit {
  if (!first) return second;
  const end = Math.max(first.newEnd, second.oldEnd);
  return {
    start: Math.min(first.start, second.start),
    oldEnd: first.oldEnd + (end - first.newEnd),
    newEnd: end + (second.newEnd - second.oldEnd),
  };
}

/** A parsed chunk: [start, end) of the text, and whether edits are pending in it. */
interface ParsedChunk {
  start: number;
  end: number;
  tree: Tree;
  fresh: boolean;
}

/**
 * The syntax of a very long script, one chunk at a time: the text is cut at top-level statement
 * lines into chunks of at least `chunkLines` lines, and a chunk is parsed on its own (tree-sitter's
 * included ranges keep its nodes at their offsets in the whole text) when something needs it, then
 * freed. Memory is bounded by a chunk's tree, whatever the length of the file; results worked out
 * from a chunk depend on its text alone, so they can be cached by it.
 *
 * Two trees at most are kept: the one near the cursor (for completion, hover, signature help) and
 * the one being analysed; they and the parser (its own) are freed on dispose.
 */
export class ChunkedTrees implements SyntaxTrees {
  /**
   * Where each chunk started at the last scan; the first is 0. Kept up to date through edits by
   * re-scanning from the edit to the next known start, when the chunks are next asked for: a
   * keystroke's completion reads the tree near the cursor, not the chunks, and does not wait for it.
   */
  private scanned: number[];
  /** The edits since that scan, as one (see mergeEdits). */
  private unscanned: PendingEdit | undefined;
  private nearCursor: ParsedChunk | undefined;
  private analysed: ParsedChunk | undefined;

  constructor(
    private readonly parser: Parser,
    private readonly language: ChunkLanguage,
    private readonly text: () => ChunkSource,
    private readonly chunkLines: number,
    /** The scanner: given by tests that count what an edit costs to re-scan. */
    private readonly scanStarts: typeof scanChunkStarts = scanChunkStarts,
    /** How much text an edit's scan reads first: small in tests, to see it widen. */
    private readonly scanWindow = SCAN_WINDOW,
  ) {
    this.scanned = this.scanAll();
  }

  get fresh(): boolean {
    return !this.nearCursor || this.nearCursor.fresh;
  }

  /** The chunks' [start, end) ranges of the current text. */
  chunks(): { start: number; end: number }[] {
    const length = this.text().size;
    const starts = this.starts();
    return starts.map((start, i) => ({ start, end: starts[i + 1] ?? length }));
  }

  *units(): Iterable<AnalysisUnit> {
    const keys = this.chunkKeys();
    for (const [i, { start, end }] of this.chunks().entries()) {
      yield {
        start,
        end,
        key: keys[i],
        statements: () => this.analyse(start, end).rootNode.namedChildren.filter((n): n is Node => n !== null),
      };
    }
    // The last chunk analysed stays parsed: the next reading of the units (a check reads them
    // twice: the aliases, then diagnostics and names together) finds the one an edit changed without parsing it again.
  }

  /** The chunks' text as cache keys, once per text (a check reads the units twice: aliases, then diagnostics). */
  private chunkKeys(): string[] {
    if (this.keys?.edits !== this.edits) {
      const text = this.text();
      // A digest, not the text: a copy of every chunk's text per purpose would double the memory of a long file.
      this.keys = {
        edits: this.edits,
        keys: this.chunks().map(({ start, end }) =>
          createHash('sha256').update(text.slice(start, end)).digest('base64'),
        ),
      };
    }
    return this.keys.keys;
  }

  private keys: { edits: number; keys: string[] } | undefined;
  /** Edits and replacements taken so far: what the keys were worked out for. */
  private edits = 0;

  /**
   * The tree of one chunk for analysis; the previous one is freed, unless it is this chunk's: then
   * it is re-parsed from itself, where edits changed it (the chunk an edit is in is read again).
   */
  private analyse(start: number, end: number): Tree {
    const near = this.nearCursor;
    if (near && near.start === start && near.end === end && near.fresh) return near.tree;
    const last = this.analysed;
    if (last && last.start === start && last.end === end) return this.caughtUp(last).tree;
    this.free('analysed');
    this.analysed = { start, end, tree: this.parse(start, end), fresh: true };
    return this.analysed.tree;
  }

  rootAt(offset: number): Node {
    const { start, end } = this.chunkAt(offset);
    const near = this.nearCursor;
    if (near && near.start === start && near.end === end) return this.caughtUp(near).tree.rootNode;
    this.free('nearCursor');
    this.nearCursor = { start, end, tree: this.parse(start, end), fresh: true };
    return this.nearCursor.tree.rootNode;
  }

  shiftedRootAt(offset: number): Node {
    const near = this.nearCursor;
    if (near && near.start <= offset && offset <= near.end) return near.tree.rootNode;
    return this.rootAt(offset);
  }

  edit(edit: Edit): void {
    this.edits++;
    const delta = edit.newEndIndex - edit.oldEndIndex;
    for (const which of ['nearCursor', 'analysed'] as const) {
      const chunk = this[which];
      if (!chunk) continue;
      if (edit.startIndex >= chunk.end) continue;
      if (edit.oldEndIndex <= chunk.start && edit.startIndex < chunk.start) {
        // Shifted, but not fresh: a tree reads its nodes' text from the text it was parsed from.
        chunk.tree.edit(edit);
        chunk.start += delta;
        chunk.end += delta;
        chunk.fresh = false;
      } else if (edit.startIndex >= chunk.start && edit.oldEndIndex <= chunk.end) {
        chunk.tree.edit(edit);
        chunk.end += delta;
        chunk.fresh = false;
      } else this.free(which);
    }
    this.unscanned = mergeEdits(this.unscanned, {
      start: edit.startIndex,
      oldEnd: edit.oldEndIndex,
      newEnd: edit.newEndIndex,
    });
  }

  /** The chunk starts of the current text: the edits since the last scan re-scanned first. */
  private starts(): number[] {
    const edit = this.unscanned;
    if (edit) {
      this.unscanned = undefined;
      this.rescanAfter(edit.start, edit.oldEnd, edit.newEnd - edit.oldEnd);
    }
    return this.scanned;
  }

  /**
   * Re-scans from the chunk before the one the edit is in (whether the edited chunk's first line
   * still starts a statement is decided there) until the scan meets a start it made last time: one
   * chunk or two of work.
   */
  private rescanAfter(start: number, oldEnd: number, delta: number): void {
    const starts = this.scanned;
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1] <= start) k++;
    k = Math.max(0, k - 1);
    const from = starts[k];
    const later = starts.filter((s) => s >= oldEnd && s > from).map((s) => s + delta);
    const known = new Set(later);
    const scan = this.scanFrom(from, (offset) => known.has(offset));
    this.scanned = [
      ...starts.slice(0, k + 1),
      ...scan.starts,
      ...(scan.stoppedAt === undefined ? [] : later.filter((s) => s >= scan.stoppedAt!)),
    ];
  }

  /**
   * The scan from a chunk start, over as little of the text as it needs: a window of the text after
   * `from`, doubled until the scan stops at a known start on a line the window holds whole (the
   * scanner reads forward only, and a cut is decided by the text of its own line), or reaches the
   * end. The text is kept in blocks: reading all of it would copy it.
   */
  private scanFrom(from: number, known: (offset: number) => boolean): { starts: number[]; stoppedAt?: number } {
    const text = this.text();
    for (let size = this.scanWindow; ; size *= 2) {
      const end = Math.min(text.size, from + size);
      const window = text.slice(from, end);
      const scan = this.scanStarts(window, this.language, this.chunkLines, 0, (offset) => known(from + offset));
      const whole = end === text.size || (scan.stoppedAt !== undefined && window.includes('\n', scan.stoppedAt));
      if (whole)
        return {
          starts: scan.starts.map((s) => s + from),
          stoppedAt: scan.stoppedAt === undefined ? undefined : scan.stoppedAt + from,
        };
    }
  }

  replaced(): void {
    this.edits++;
    this.free('nearCursor');
    this.free('analysed');
    this.unscanned = undefined;
    this.scanned = this.scanAll();
  }

  async refresh(): Promise<void> {
    // Chunks are parsed when asked for; the one near the cursor catches up here.
    const near = this.nearCursor;
    if (near && !near.fresh) this.rootAt(near.start);
  }

  dispose(): void {
    this.free('nearCursor');
    this.free('analysed');
    this.parser.delete();
  }

  private scanAll(): number[] {
    return [0, ...this.scanStarts(this.text().getText(), this.language, this.chunkLines).starts];
  }

  private chunkAt(offset: number): { start: number; end: number } {
    const starts = this.starts();
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1] <= offset) k++;
    return { start: starts[k], end: starts[k + 1] ?? this.text().size };
  }

  private parse(start: number, end: number, previous?: Tree): Tree {
    const text = this.text();
    const point = (offset: number): Point => {
      const { line, character } = text.positionAt(offset);
      return { row: line, column: character };
    };
    const range = { startIndex: start, endIndex: end, startPosition: point(start), endPosition: point(end) };
    // The chunk's own text, read in pieces: the tree reads its nodes' text from it later, so it
    // is the text as parsed, whatever edits come after.
    const chunk = text.slice(start, end);
    const read = (index: number) =>
      index >= start && index < end ? chunk.slice(index - start, index - start + PIECE) : '';
    const tree = this.parser.parse(read, previous ?? null, { includedRanges: [range] });
    if (!tree) throw new Error('tree-sitter could not parse a chunk of the document');
    return tree;
  }

  /** A kept chunk re-parsed from its own tree where edits changed it (tree-sitter's incremental parse). */
  private caughtUp(chunk: ParsedChunk): ParsedChunk {
    if (chunk.fresh) return chunk;
    const tree = this.parse(chunk.start, chunk.end, chunk.tree);
    chunk.tree.delete();
    chunk.tree = tree;
    chunk.fresh = true;
    return chunk;
  }

  private free(which: 'nearCursor' | 'analysed'): void {
    const chunk = this[which];
    if (!chunk) return;
    chunk.tree.delete();
    this[which] = undefined;
  }
}
