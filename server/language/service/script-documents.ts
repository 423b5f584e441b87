import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Node, Parser, Tree } from 'web-tree-sitter';
import type { ScriptSyntax } from './script-model';
import type { ScriptLanguageId, ScriptParsers } from './script-parsers';

/**
 * An open Python or Lua script: its text and syntax tree. An edit updates the text and shifts the
 * tree (`tree.edit`, microseconds); the re-parse, which costs tens of milliseconds on a long file in
 * WebAssembly, waits until a feature needs the exact structure. Member completion works on the
 * shifted tree, so typing stays fast.
 */
export class ScriptDocument {
  private fresh = true;
  private readonly parser: Parser;
  /** The text version a halted (time-sliced) parse was working on. */
  private haltedAt: number | undefined;
  private lastAliases?: { packageName: string; aliases: Map<string, string> };
  /** Per top-level statement, keyed by its text: what was worked out from it last time. */
  readonly statementCache = new Map<string, unknown>();

  constructor(
    public text: TextDocument,
    private tree: Tree,
    readonly syntax: ScriptSyntax,
    private readonly parsers: ScriptParsers,
  ) {
    this.parser = parsers.createParser(text.languageId as ScriptLanguageId);
  }

  get uri(): string {
    return this.text.uri;
  }

  /** The exact tree of the current text (re-parsed incrementally if edits are pending). */
  get root(): Node {
    if (!this.fresh) this.parseStep(undefined);
    return this.tree.rootNode;
  }

  /**
   * Brings the tree up to date in slices of about `budgetMs`, yielding to the event loop between
   * them, so requests (completion above all) are answered while a long file re-parses.
   */
  async refresh(budgetMs: number): Promise<void> {
    while (!this.fresh && !this.disposed) {
      const deadline = performance.now() + budgetMs;
      if (this.parseStep(() => performance.now() > deadline)) return;
      await yieldToRequests();
    }
  }

  /** One parse attempt; resumes a halted one if the text has not changed since. True when the tree is fresh. */
  private parseStep(halt: (() => boolean) | undefined): boolean {
    const version = this.text.version;
    if (this.haltedAt !== undefined && this.haltedAt !== version) this.parser.reset();
    const tree = this.parser.parse(this.text.getText(), this.tree, halt ? { progressCallback: halt } : undefined);
    if (!tree) {
      this.haltedAt = version;
      return false;
    }
    this.haltedAt = undefined;
    const old = this.tree;
    // Freeing a large tree takes milliseconds: not inside the slice that just finished the parse.
    if (halt) setImmediate(() => old.delete());
    else old.delete();
    this.tree = tree;
    this.fresh = true;
    return true;
  }

  private disposed = false;

  /** The last tree, shifted by the edits since: right about where strings and comments are, cheap. */
  get shiftedRoot(): Node {
    return this.tree.rootNode;
  }

  /** Local names bound to the package. While edits are pending, the aliases of the last parse. */
  aliases(packageName: string, exact = false): Map<string, string> {
    if (!exact && this.lastAliases?.packageName === packageName && !this.fresh) return this.lastAliases.aliases;
    const steps = this.aliasSteps(packageName);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /** Aliases worked out elsewhere (the analysis worker) for the current text: used until this tree is re-parsed. */
  adoptAliases(packageName: string, aliases: Map<string, string>): void {
    this.lastAliases = { packageName, aliases };
  }

  /** aliases(), one statement per step: bindings are folded in order, each statement's cached by its text. */
  *aliasSteps(packageName: string): Generator<void, Map<string, string>> {
    const aliases = new Map<string, string>(this.syntax.defaultAliases(packageName));
    for (const statement of this.statements()) {
      for (const binding of this.perStatement(statement, `aliases:${packageName}`, () => this.syntax.aliases(statement, packageName))) {
        const base = binding.target && (binding.absolute ? binding.target[0] : aliases.get(binding.target[0]));
        if (binding.target && base) aliases.set(binding.name, [base, ...binding.target.slice(1)].join('.'));
        else aliases.delete(binding.name);
      }
      yield;
    }
    this.lastAliases = { packageName, aliases };
    return aliases;
  }

  /** The top-level statements of the exact tree. */
  statements(): Node[] {
    return this.root.namedChildren.filter((n): n is Node => n !== null);
  }

  /**
   * A value worked out from one top-level statement, reused while the statement's text is unchanged.
   * Only statements that parsed without errors are reused: how tree-sitter recovers from an error
   * depends on the text around it, so the same broken text can give another tree elsewhere.
   */
  perStatement<T>(statement: Node, purpose: string, compute: () => T): T {
    if (statement.hasError) return compute();
    const key = `${purpose}\u0000${statement.text}`;
    if (this.statementCache.has(key)) {
      const value = this.statementCache.get(key) as T;
      this.used.add(key);
      return value;
    }
    const value = compute();
    this.statementCache.set(key, value);
    this.used.add(key);
    return value;
  }

  /** Drops cached values no statement used since the last call: the cache holds one generation. */
  sweep(): void {
    for (const key of this.statementCache.keys()) if (!this.used.has(key)) this.statementCache.delete(key);
    this.used.clear();
  }

  private used = new Set<string>();

  applyEdits(changes: TextDocumentContentChangeEvent[], version: number): void {
    if (changes.some((c) => !('range' in c))) {
      this.text = TextDocument.update(this.text, changes, version);
      const tree = this.parsers.parse(this.text.languageId as ScriptLanguageId, this.text.getText());
      this.tree.delete();
      this.tree = tree;
      this.fresh = true;
      if (this.haltedAt !== undefined) this.parser.reset();
      this.haltedAt = undefined;
      return;
    }
    for (const change of changes) {
      if (!('range' in change)) continue;
      const startIndex = this.text.offsetAt(change.range.start);
      const oldEndIndex = this.text.offsetAt(change.range.end);
      const start = this.text.positionAt(startIndex);
      const oldEnd = this.text.positionAt(oldEndIndex);
      const lines = change.text.split('\n');
      const newEnd = lines.length === 1 ? { row: start.line, column: start.character + change.text.length } : { row: start.line + lines.length - 1, column: lines[lines.length - 1].length };
      this.tree.edit({
        startIndex,
        oldEndIndex,
        newEndIndex: startIndex + change.text.length,
        startPosition: { row: start.line, column: start.character },
        oldEndPosition: { row: oldEnd.line, column: oldEnd.character },
        newEndPosition: newEnd,
      });
      this.text = TextDocument.update(this.text, [change], version);
    }
    this.fresh = false;
  }

  dispose(): void {
    this.disposed = true;
    this.tree.delete();
    this.parser.delete();
    this.statementCache.clear();
  }
}

/**
 * Lets requests that arrived during a slice run before the next slice: the JSON-RPC layer handles
 * messages in a setImmediate of its own, queued after ours, so one hop would put our next slice
 * first; two hops put it behind them.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** The open scripts. */
export class ScriptDocuments {
  private documents = new Map<string, ScriptDocument>();

  constructor(private readonly parsers: ScriptParsers) {}

  static isScriptLanguage(languageId: string): languageId is ScriptLanguageId {
    return languageId === 'python' || languageId === 'lua';
  }

  open(uri: string, languageId: ScriptLanguageId, version: number, content: string): ScriptDocument {
    this.close(uri);
    const text = TextDocument.create(uri, languageId, version, content);
    const document = new ScriptDocument(text, this.parsers.parse(languageId, content), this.parsers.syntax(languageId), this.parsers);
    this.documents.set(uri, document);
    return document;
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
