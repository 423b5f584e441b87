import assert from 'node:assert/strict';
import type { Node, Parser, Tree } from 'web-tree-sitter';
import { ScriptDocuments, type DocumentLimits } from '../../server/language/service/script-documents';
import { loadScriptParsers, type ScriptParsers } from '../../server/language/service/script-parsers';

/**
 * How a document keeps its trees, seen through the parses it asks for: which chunk, whether from the
 * previous tree (incremental), whether it may halt. A tree kept when it should have been re-parsed,
 * or re-parsed when a shift was enough, gives the same answers; only the parses tell them apart.
 */
export interface Parse {
  /** The included range, [start, end), when a chunk was parsed. */
  range?: [number, number];
  incremental: boolean;
  halting: boolean;
  /** The parse halted (the slice's time ran out) rather than giving a tree. */
  halted: boolean;
}

export interface Ledger {
  parses: Parse[];
  /** Trees made and not yet freed. */
  live: Set<Tree>;
  resets: number;
  parsersDeleted: number;
  /** The parses since the last call. */
  take(): Parse[];
}

export function counting(parsers: ScriptParsers): { parsers: ScriptParsers; ledger: Ledger } {
  let seen = 0;
  const ledger: Ledger = {
    parses: [],
    live: new Set(),
    resets: 0,
    parsersDeleted: 0,
    take() {
      const recent = this.parses.slice(seen);
      seen = this.parses.length;
      return recent;
    },
  };
  const watch = (parser: Parser): Parser => {
    const parse = parser.parse.bind(parser);
    parser.parse = (input, previous, options) => {
      const range = options?.includedRanges?.[0];
      const tree = parse(input, previous, options);
      ledger.parses.push({
        range: range && [range.startIndex, range.endIndex],
        incremental: !!previous,
        halting: !!options?.progressCallback,
        halted: !tree,
      });
      if (tree) {
        ledger.live.add(tree);
        const free = tree.delete.bind(tree);
        tree.delete = () => {
          assert.ok(ledger.live.delete(tree), 'a tree was freed twice');
          free();
        };
      }
      return tree;
    };
    const reset = parser.reset.bind(parser);
    parser.reset = () => {
      ledger.resets++;
      reset();
    };
    const remove = parser.delete.bind(parser);
    parser.delete = () => {
      ledger.parsersDeleted++;
      remove();
    };
    return parser;
  };
  return {
    parsers: { createParser: (id) => watch(parsers.createParser(id)), syntax: (id) => parsers.syntax(id) },
    ledger,
  };
}

/** Chunks of two lines from four lines up. */
export const TINY_CHUNKS: DocumentLimits = { chunkedAboveLines: 4, chunkLines: 2 };
export const ONE_TREE: DocumentLimits = { chunkedAboveLines: 1e9, chunkLines: 1 };

/** Ten assignments, `a0 = 0` to `a9 = 9`: five chunks of two lines. */
export const TEN_LINES = Array.from({ length: 10 }, (_, i) => `a${i} = ${i}`).join('\n');

/** The name at an offset of a tree, by its place (a shifted tree reads node text from the text it was parsed from). */
export function nameAt(root: Node, at: number): [string, number, number] {
  const node = root.descendantForIndex(at);
  assert.ok(node);
  return [node.type, node.startIndex, node.endIndex];
}

export async function open(limits: DocumentLimits, text = TEN_LINES) {
  const { parsers, ledger } = counting(await loadScriptParsers());
  const documents = new ScriptDocuments(parsers, limits);
  let version = 1;
  const document = documents.open('file:///t.py', 'python', version, text);
  /** Replaces `remove` characters at `at` (an offset in the current text) with `insert`. */
  const edit = (at: number, remove: number, insert: string) => {
    const start = document.text.positionAt(at);
    const end = document.text.positionAt(at + remove);
    documents.change('file:///t.py', ++version, [{ range: { start, end }, text: insert }]);
  };
  const offsetOf = (needle: string) => {
    const at = document.text.getText().indexOf(needle);
    assert.ok(at >= 0, `${needle} is in the text`);
    return at;
  };
  return { document, documents, ledger, edit, offsetOf };
}
