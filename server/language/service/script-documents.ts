import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Node, Parser } from 'web-tree-sitter';
import { LINES_BACK } from './open-brackets';
import type { ScriptSyntax } from './script-model';
import type { ScriptLanguageId, ScriptParsers } from './script-parsers';
import { ScriptText } from './text/script-text';
import { ChunkedTrees } from './trees/chunked-trees';
import type { AnalysisUnit, SyntaxTrees } from './trees/syntax-trees';
import { WholeTree } from './trees/whole-tree';

export { yieldToRequests } from './trees/whole-tree';

/** A stretch of a document's text, [start, end) offsets: the part in view, for instance. */
export interface TextStretch {
  start: number;
  end: number;
}

/** Above this many lines a script is analysed one chunk at a time (see ChunkedTrees); below, with one tree. */
const CHUNKED_ABOVE_LINES = 5_000;

export interface DocumentLimits {
  /** Above this many lines: chunks. (No margin for files near the limit: the analysis of a text must not depend on its edit history.) */
  chunkedAboveLines: number;
  /**
   * The smallest chunk, in lines: an edit has its whole chunk worked out again (the rest is cached
   * by chunk), so small enough for that to take a keystroke's time (some 20 ms for 200 lines of
   * calls), large enough that a chunk's key and tree are nothing beside its text.
   */
  chunkLines: number;
}

const DEFAULT_LIMITS: DocumentLimits = { chunkedAboveLines: CHUNKED_ABOVE_LINES, chunkLines: 200 };

/**
 * An open Python or Lua script: its text, its syntax trees (one tree, or chunks for a very long
 * script), and what was worked out from each top-level statement (or chunk), cached by its text.
 */
/** The URI scheme of a notebook's cells (each opened as a script of its own). */
const NOTEBOOK_CELL_SCHEME = 'vscode-notebook-cell:';

export class ScriptDocument {
  private trees: SyntaxTrees;
  private lastAliases?: { packageName: string; aliases: Map<string, string> };
  /** Per analysis unit, keyed by its text: what was worked out from it last time. */
  readonly unitCache = new Map<string, unknown>();
  private used = new Set<string>();
  private asideParser?: Parser;
  /** The versions of the application given for this script (its folder's setting, `motion check --target`); its own comment wins. */
  targetsGiven?: TargetsGiven;

  constructor(
    public text: ScriptText,
    readonly syntax: ScriptSyntax,
    private readonly parsers: ScriptParsers,
    private readonly limits: DocumentLimits = DEFAULT_LIMITS,
  ) {
    this.trees = this.createTrees();
  }

  get uri(): string {
    return this.text.uri;
  }

  /** Whether the script is analysed one chunk at a time. */
  get chunked(): boolean {
    return this.trees instanceof ChunkedTrees;
  }

  /** Where the chunks of a chunked script are ([start, end) offsets); undefined for one tree. */
  chunks(): { start: number; end: number }[] | undefined {
    return this.trees instanceof ChunkedTrees ? this.trees.chunks() : undefined;
  }

  private createTrees(): SyntaxTrees {
    const languageId = this.text.languageId as ScriptLanguageId;
    const parser = this.parsers.createParser(languageId);
    return this.text.lineCount > this.limits.chunkedAboveLines
      ? new ChunkedTrees(parser, languageId, () => this.text, this.limits.chunkLines)
      : new WholeTree(parser, () => ({ content: this.text.getText(), version: this.text.version }));
  }

  /** Switches between one tree and chunks when the script crossed the limits. True when it did. */
  private fitTrees(): boolean {
    const lines = this.text.lineCount;
    if (this.chunked === lines > this.limits.chunkedAboveLines) return false;
    this.trees.dispose();
    this.trees = this.createTrees();
    return true;
  }

  /**
   * Parses a piece of text on its own (a statement being typed, closed by hand) with a parser kept
   * for that, and hands its tree to `use`; the tree is freed after.
   */
  parseAside<T>(text: string, use: (root: Node) => T): T {
    this.asideParser ??= this.parsers.createParser(this.text.languageId as ScriptLanguageId);
    const tree = this.asideParser.parse(text);
    if (!tree) throw new Error('the parser gave no tree');
    try {
      return use(tree.rootNode);
    } finally {
      tree.delete();
    }
  }

  /**
   * The text a statement being typed at `offset` may span (read by typingState): from LINES_BACK
   * lines before the cursor's line to the end of that line, and the offset it starts at. Read from
   * the text's blocks: the whole text of a long script is not made for a keystroke.
   */
  typingWindow(offset: number): { text: string; start: number } {
    const line = this.text.positionAt(offset).line;
    const start = this.text.offsetAt({ line: Math.max(0, line - LINES_BACK - 1), character: 0 });
    return { text: this.text.slice(start, this.text.offsetAt({ line: line + 1, character: 0 })), start };
  }

  /** The exact tree around an offset (re-parsed incrementally if edits are pending). */
  rootAt(offset: number): Node {
    return this.trees.rootAt(offset);
  }

  /** The tree around an offset shifted by the edits since its last parse: right about where strings and comments are, cheap. */
  shiftedRootAt(offset: number): Node {
    return this.trees.shiftedRootAt(offset);
  }

  /**
   * Brings the trees up to date in slices of about `budgetMs`, yielding to the event loop between
   * them, so requests (completion above all) are answered while a long file re-parses.
   */
  refresh(budgetMs: number): Promise<void> {
    return this.trees.refresh(budgetMs);
  }

  /** Local names bound to the package. While edits are pending, the aliases of the last parse. */
  aliases(packageName: string, exact = false): Map<string, string> {
    if (!exact && this.lastAliases?.packageName === packageName && !this.trees.fresh) return this.lastAliases.aliases;
    return finishSteps(this.aliasSteps(packageName));
  }

  /** Aliases worked out elsewhere (the analysis worker) for the current text: used until this tree is re-parsed. */
  adoptAliases(packageName: string, aliases: Map<string, string>): void {
    this.lastAliases = { packageName, aliases };
  }

  /**
   * aliases(), one unit per step: bindings are folded in order, each unit's cached by its text.
   * `before`: only the units that start before that offset (the aliases a part of the script sees
   * from what comes before it; the document's own aliases are left as they were).
   */
  *aliasSteps(packageName: string, before?: number): Generator<void, Map<string, string>> {
    const aliases = new Map<string, string>(this.syntax.defaultAliases(packageName));
    // A notebook cell runs in a Motion session, whose globals hold the package already
    // (motion_session.py): there its name needs no import.
    if (this.uri.startsWith(NOTEBOOK_CELL_SCHEME)) aliases.set(packageName, packageName);
    const purpose = `aliases:${packageName}\u0000`;
    for (const unit of this.trees.units()) {
      if (before !== undefined && unit.start >= before) return aliases;
      for (const binding of this.perUnit(unit, purpose, (statements) =>
        statements.flatMap((s) => this.syntax.aliases(s, packageName)),
      )) {
        const base = binding.target && (binding.absolute ? binding.target[0] : aliases.get(binding.target[0]));
        if (binding.target && base) aliases.set(binding.name, [base, ...binding.target.slice(1)].join('.'));
        else aliases.delete(binding.name);
      }
      yield;
    }
    if (before !== undefined) return aliases;
    this.sweep('aliases:');
    this.lastAliases = { packageName, aliases };
    return aliases;
  }

  /**
   * The top-level statements (or chunks of them) to analyse, in order; a unit's nodes are valid
   * until the next unit is read. `within`: only those that meet that stretch of the text.
   */
  *units(within?: TextStretch): Iterable<AnalysisUnit> {
    for (const unit of this.trees.units()) {
      if (within && unit.start >= within.end) return;
      if (!within || unit.end > within.start) yield unit;
    }
  }

  /** A value worked out from one unit, reused while the unit's text is unchanged (when it may be cached). */
  perUnit<T>(unit: AnalysisUnit, purpose: string, compute: (statements: Node[]) => T): T {
    if (unit.key === undefined) return compute(unit.statements());
    const key = `${purpose}${unit.key}`;
    this.used.add(key);
    if (this.unitCache.has(key)) return this.unitCache.get(key) as T;
    const value = compute(unit.statements());
    this.unitCache.set(key, value);
    return value;
  }

  /** Drops the values cached under `purpose` (a key prefix) that no unit used since its last sweep: the cache holds one generation. */
  sweep(purpose: string): void {
    for (const key of this.unitCache.keys())
      if (key.startsWith(purpose) && !this.used.has(key)) this.unitCache.delete(key);
    for (const key of this.used) if (key.startsWith(purpose)) this.used.delete(key);
  }

  applyEdits(changes: TextDocumentContentChangeEvent[], version: number): void {
    if (changes.some((c) => !('range' in c))) {
      this.text.update(changes, version);
      if (!this.fitTrees()) this.trees.replaced();
      return;
    }
    for (const change of changes) {
      if (!('range' in change)) continue;
      const startIndex = this.text.offsetAt(change.range.start);
      const oldEndIndex = this.text.offsetAt(change.range.end);
      const start = this.text.positionAt(startIndex);
      const oldEnd = this.text.positionAt(oldEndIndex);
      const lines = change.text.split('\n');
      const newEnd =
        lines.length === 1
          ? { row: start.line, column: start.character + change.text.length }
          : { row: start.line + lines.length - 1, column: lines[lines.length - 1].length };
      this.text.update([change], version);
      this.trees.edit({
        startIndex,
        oldEndIndex,
        newEndIndex: startIndex + change.text.length,
        startPosition: { row: start.line, column: start.character },
        oldEndPosition: { row: oldEnd.line, column: oldEnd.character },
        newEndPosition: newEnd,
      });
    }
    this.fitTrees();
  }

  dispose(): void {
    this.trees.dispose();
    this.asideParser?.delete();
    this.unitCache.clear();
  }
}

/** Runs work written as steps (to share a thread with requests) to its end at once. */
export function finishSteps<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** Targets given for a script from outside it: a setting, or an option of `motion check`. */
export interface TargetsGiven {
  text?: string;
  from: 'setting' | 'option';
}

/** The open scripts. */
export class ScriptDocuments {
  private documents = new Map<string, ScriptDocument>();
  /** Per URI, kept across a close and an open (the setting outlives the tab). */
  private readonly targets = new Map<string, TargetsGiven>();

  constructor(
    private readonly parsers: ScriptParsers,
    private readonly limits?: DocumentLimits,
  ) {}

  static isScriptLanguage(languageId: string): languageId is ScriptLanguageId {
    return languageId === 'python' || languageId === 'lua';
  }

  open(uri: string, languageId: ScriptLanguageId, version: number, content: string): ScriptDocument {
    this.close(uri);
    const text = new ScriptText(uri, languageId, version, content);
    const document = new ScriptDocument(text, this.parsers.syntax(languageId), this.parsers, this.limits);
    document.targetsGiven = this.targets.get(uri);
    this.documents.set(uri, document);
    return document;
  }

  /** The targets given for a script (undefined: none); the next check reads them. */
  setTargets(uri: string, given: TargetsGiven | undefined): void {
    if (given) this.targets.set(uri, given);
    else this.targets.delete(uri);
    const document = this.documents.get(uri);
    if (document) document.targetsGiven = given;
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): ScriptDocument | undefined {
    const document = this.documents.get(uri);
    document?.applyEdits(changes, version);
    return document;
  }

  get(uri: string): ScriptDocument | undefined {
    return this.documents.get(uri);
  }

  close(uri: string): void {
    this.documents.get(uri)?.dispose();
    this.documents.delete(uri);
  }

  uris(): string[] {
    return [...this.documents.keys()];
  }
}
