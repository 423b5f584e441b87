import type { Edit, Node, Parser, Tree } from 'web-tree-sitter';
import type { AnalysisUnit, SyntaxTrees } from './syntax-trees';

/**
 * One syntax tree for the whole script (with a parser of its own, freed on dispose). An edit shifts the tree (`tree.edit`, microseconds); the
 * re-parse, which costs tens of milliseconds on a long file in WebAssembly, waits until a feature
 * needs the exact structure, and is incremental. Member completion works on the shifted tree, so
 * typing stays fast.
 */
export class WholeTree implements SyntaxTrees {
  fresh = true;
  /** The text version a halted (time-sliced) parse was working on. */
  private haltedAt: number | undefined;
  private disposed = false;

  constructor(
    private readonly parser: Parser,
    private readonly text: () => { content: string; version: number },
    private tree: Tree = WholeTree.parse(parser, text().content),
  ) {}

  private static parse(parser: Parser, content: string): Tree {
    const tree = parser.parse(content);
    if (!tree) throw new Error('tree-sitter could not parse the document');
    return tree;
  }

  *units(): Iterable<AnalysisUnit> {
    const root = this.root();
    // A whole script tree-sitter could not make sense of has an ERROR for its root, and what is
    // under it is read as error recovery (no chains, no calls): a statement's text alone does not
    // say what was worked out from it, so the key says which way it was read.
    const context = root.type === 'ERROR' ? 'in-error\u0000' : '';
    for (const statement of root.namedChildren) {
      if (!statement) continue;
      // How tree-sitter recovers from an error depends on the text around it: the same broken
      // statement can give another tree elsewhere, so only error-free statements are cached.
      yield {
        start: statement.startIndex,
        end: statement.endIndex,
        key: statement.hasError ? undefined : context + statement.text,
        statements: () => [statement],
      };
    }
  }

  rootAt(): Node {
    return this.root();
  }

  shiftedRootAt(): Node {
    return this.tree.rootNode;
  }

  private root(): Node {
    if (!this.fresh) this.parseStep(undefined);
    return this.tree.rootNode;
  }

  edit(edit: Edit): void {
    this.tree.edit(edit);
    this.fresh = false;
  }

  replaced(): void {
    const tree = WholeTree.parse(this.parser, this.text().content);
    this.tree.delete();
    this.tree = tree;
    this.fresh = true;
    if (this.haltedAt !== undefined) this.parser.reset();
    this.haltedAt = undefined;
  }

  async refresh(budgetMs: number): Promise<void> {
    while (!this.fresh && !this.disposed) {
      const deadline = performance.now() + budgetMs;
      if (this.parseStep(() => performance.now() > deadline)) return;
      await yieldToRequests();
    }
  }

  /** One parse attempt; resumes a halted one if the text has not changed since. True when the tree is fresh. */
  private parseStep(halt: (() => boolean) | undefined): boolean {
    const { content, version } = this.text();
    if (this.haltedAt !== undefined && this.haltedAt !== version) this.parser.reset();
    const tree = this.parser.parse(content, this.tree, halt ? { progressCallback: halt } : undefined);
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

  dispose(): void {
    this.disposed = true;
    this.tree.delete();
    this.parser.delete();
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
