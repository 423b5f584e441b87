import assert from 'node:assert/strict';
import type { Node, Parser, Tree } from 'web-tree-sitter';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ScriptDocuments, type DocumentLimits } from '../../server/language/service/script-documents';
import { scanChunkStarts } from '../../server/language/service/trees/chunk-boundaries';
import { ChunkedTrees } from '../../server/language/service/trees/chunked-trees';
import { loadScriptParsers, type ScriptParsers } from '../../server/language/service/script-parsers';

/**
 * How a document keeps its trees, seen through the parses it asks for: which chunk, whether from the
 * previous tree (incremental), whether it may halt. A tree kept when it should have been re-parsed,
 * or re-parsed when a shift was enough, gives the same answers; only the parses tell them apart.
 */
interface Parse {
  /** The included range, [start, end), when a chunk was parsed. */
  range?: [number, number];
  incremental: boolean;
  halting: boolean;
  /** The parse halted (the slice's time ran out) rather than giving a tree. */
  halted: boolean;
}

interface Ledger {
  parses: Parse[];
  /** Trees made and not yet freed. */
  live: Set<Tree>;
  resets: number;
  parsersDeleted: number;
  /** The parses since the last call. */
  take(): Parse[];
}

function counting(parsers: ScriptParsers): { parsers: ScriptParsers; ledger: Ledger } {
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
const TINY_CHUNKS: DocumentLimits = { chunkedAboveLines: 4, chunkLines: 2 };
const ONE_TREE: DocumentLimits = { chunkedAboveLines: 1e9, chunkLines: 1 };

/** Ten assignments, `a0 = 0` to `a9 = 9`: five chunks of two lines. */
const TEN_LINES = Array.from({ length: 10 }, (_, i) => `a${i} = ${i}`).join('\n');

/** The name at an offset of a tree, by its place (a shifted tree reads node text from the text it was parsed from). */
function nameAt(root: Node, at: number): [string, number, number] {
  const node = root.descendantForIndex(at);
  assert.ok(node);
  return [node.type, node.startIndex, node.endIndex];
}

async function open(limits: DocumentLimits, text = TEN_LINES) {
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

describe('a document re-parses only what its edits touched', function () {
  this.timeout(30_000);

  describe('a long script, one chunk at a time', () => {
    it('cuts the ten lines into five chunks of two', async () => {
      const { document } = await open(TINY_CHUNKS);
      assert.deepEqual(
        document.chunks()!.map(({ start, end }) => document.text.getText().slice(start, end).trim().split('\n')[0]),
        ['a0 = 0', 'a2 = 2', 'a4 = 4', 'a6 = 6', 'a8 = 8'],
      );
    });

    it('parses nothing until a chunk is asked for, then that chunk alone, once', async () => {
      const { document, ledger, offsetOf } = await open(TINY_CHUNKS);
      assert.deepEqual(ledger.take(), []);
      const at = offsetOf('a5');
      const root = document.rootAt(at);
      const chunk = document.chunks()![2];
      assert.deepEqual(ledger.take(), [
        { range: [chunk.start, chunk.end], incremental: false, halting: false, halted: false },
      ]);
      assert.deepEqual(nameAt(root, at), ['identifier', at, at + 2]);
      document.rootAt(offsetOf('a4'));
      document.shiftedRootAt(at);
      assert.deepEqual(ledger.take(), [], 'the chunk near the cursor is kept');
      assert.equal(ledger.live.size, 1);
    });

    it('an edit inside the chunk near the cursor: shifted at once, re-parsed from its tree when asked', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a4'));
      ledger.take();
      edit(offsetOf('= 4') + 2, 1, '44');
      const at = offsetOf('a5');
      assert.deepEqual(nameAt(document.shiftedRootAt(at), at), ['identifier', at, at + 2], 'the kept tree, shifted');
      assert.deepEqual(ledger.take(), [], 'no parse for a shifted tree');
      const chunk = document.chunks()![2];
      const root = document.rootAt(at);
      assert.deepEqual(ledger.take(), [
        { range: [chunk.start, chunk.end], incremental: true, halting: false, halted: false },
      ]);
      assert.match(root.text, /a4 = 44\na5 = 5/);
      document.rootAt(at);
      assert.deepEqual(ledger.take(), [], 'fresh again');
      assert.equal(ledger.live.size, 1, 'the tree it was re-parsed from is freed');
    });

    it('an edit before the chunk near the cursor shifts it; it is re-parsed when asked exactly', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a6'));
      ledger.take();
      edit(offsetOf('= 0') + 2, 1, '000');
      const at = offsetOf('a7');
      assert.deepEqual(nameAt(document.shiftedRootAt(at), at), ['identifier', at, at + 2], 'shifted by two');
      assert.deepEqual(ledger.take(), []);
      const chunk = document.chunks()![3];
      assert.equal(document.text.getText().slice(chunk.start, chunk.start + 6), 'a6 = 6');
      document.rootAt(at);
      assert.deepEqual(ledger.take(), [
        { range: [chunk.start, chunk.end], incremental: true, halting: false, halted: false },
      ]);
    });

    it('an edit after the chunk near the cursor, even at its very end, leaves it fresh', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      const at = offsetOf('a3');
      document.rootAt(at);
      ledger.take();
      edit(offsetOf('a4'), 0, 'b');
      edit(offsetOf('a8'), 2, 'c');
      assert.deepEqual(nameAt(document.rootAt(at), at), ['identifier', at, at + 2]);
      assert.deepEqual(ledger.take(), []);
      assert.equal(ledger.live.size, 1);
    });

    it('an edit across the end of the chunk near the cursor drops its tree: the next is parsed anew', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a3'));
      ledger.take();
      edit(offsetOf('3\na4'), 3, '3 + ');
      assert.equal(ledger.live.size, 0, 'its tree freed at the edit');
      const at = offsetOf('a3');
      const root = document.rootAt(at);
      const chunk = document.chunks()!.find((c) => c.start <= at && at < c.end)!;
      assert.deepEqual(ledger.take(), [
        { range: [chunk.start, chunk.end], incremental: false, halting: false, halted: false },
      ]);
      assert.match(root.text, /a3 = 3 \+ 4/);
    });

    it('an edit across the start of the chunk near the cursor drops its tree too', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a5'));
      ledger.take();
      edit(offsetOf('3\na4'), 3, '3 + ');
      assert.equal(ledger.live.size, 0);
      document.rootAt(offsetOf('a5'));
      assert.equal(ledger.take()[0].incremental, false);
    });

    it('an edit that ends at the chunk’s start shifts it; one that starts there or ends at its end is inside it', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a4'));
      ledger.take();
      edit(offsetOf('a4') - 1, 1, ' \n'); // the line end before the chunk
      assert.equal(ledger.live.size, 1, 'kept, shifted');
      document.rootAt(offsetOf('a4'));
      assert.deepEqual(
        ledger.take().map((p) => p.incremental),
        [true],
      );
      edit(offsetOf('a4'), 0, 'b'); // at its very start
      document.rootAt(offsetOf('a5'));
      assert.deepEqual(
        ledger.take().map((p) => p.incremental),
        [true],
      );
      edit(offsetOf('a6') - 1, 1, ' \n'); // its last line end
      document.rootAt(offsetOf('a5'));
      assert.deepEqual(
        ledger.take().map((p) => p.incremental),
        [true],
      );
      assert.match(document.rootAt(offsetOf('a5')).text, /^ba4 = 4\na5 = 5 \n$/);
    });

    it('a shifted tree answers at both ends of its chunk', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a4'));
      edit(0, 0, '#');
      ledger.take();
      const [, , chunk] = document.chunks()!;
      document.shiftedRootAt(chunk.start);
      document.shiftedRootAt(chunk.end);
      assert.deepEqual(ledger.take(), []);
    });

    it('an edit after the chunk near the cursor that makes the next line part of it: the chunk is parsed again, for the cursor and for analysis', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      const at = offsetOf('a3');
      document.rootAt(at);
      ledger.take();
      edit(offsetOf('a4'), 0, '    '); // an indented line is no statement of its own: chunk 2 now ends before a5
      const chunk = document.chunks()![1];
      assert.equal(document.text.getText().slice(chunk.start, chunk.end), 'a2 = 2\na3 = 3\n    a4 = 4\n');
      document.rootAt(at);
      assert.deepEqual(ledger.take(), [
        { range: [chunk.start, chunk.end], incremental: false, halting: false, halted: false },
      ]);

      const second = await open(TINY_CHUNKS);
      second.document.rootAt(second.offsetOf('a3'));
      second.ledger.take();
      second.edit(second.offsetOf('a4'), 0, '    ');
      for (const unit of second.document.units()) unit.statements();
      assert.equal(second.ledger.take().length, second.document.chunks()!.length, 'no tree kept for a chunk that grew');
    });

    it('an edit re-scans from the chunk before it to the next start it knows, not the whole text', async () => {
      const lines = Array.from({ length: 20 }, (_, i) => `a${i} = ${i}`);
      let text = TextDocument.create('file:///s.py', 'python', 1, lines.join('\n'));
      const scans: { from: number; stoppedAt?: number }[] = [];
      const trees = new ChunkedTrees(
        (await loadScriptParsers()).createParser('python'),
        'python',
        () => ({ content: text.getText(), positionAt: (offset: number) => text.positionAt(offset) }),
        2,
        (content, language, minLines, from = 0, stopAt) => {
          const scan = scanChunkStarts(content, language, minLines, from, stopAt);
          scans.push({ from, stoppedAt: scan.stoppedAt });
          return scan;
        },
      );
      const lineStart = (line: number) => text.offsetAt({ line, character: 0 });
      const edit = (line: number, character: number, insert: string) => {
        const at = text.offsetAt({ line, character });
        text = TextDocument.update(
          text,
          [{ range: { start: { line, character }, end: { line, character } }, text: insert }],
          text.version + 1,
        );
        const end = text.positionAt(at + insert.length);
        trees.edit({
          startIndex: at,
          oldEndIndex: at,
          newEndIndex: at + insert.length,
          startPosition: { row: line, column: character },
          oldEndPosition: { row: line, column: character },
          newEndPosition: { row: end.line, column: end.character },
        });
        const fresh = scanChunkStarts(text.getText(), 'python', 2).starts;
        assert.deepEqual(
          trees
            .chunks()
            .slice(1)
            .map((c) => c.start),
          fresh,
          'cut as a fresh scan cuts',
        );
      };
      try {
        assert.deepEqual(scans, [{ from: 0, stoppedAt: undefined }], 'the whole text once, when opened');
        scans.length = 0;
        edit(9, 5, '9'); // in the fifth chunk (lines 8 and 9)
        assert.deepEqual(scans, [{ from: lineStart(6), stoppedAt: lineStart(10) }]);
        scans.length = 0;
        edit(13, 0, 'b'); // at the start of a chunk's second line: the same chunk
        assert.deepEqual(scans, [{ from: lineStart(10), stoppedAt: lineStart(14) }]);
        scans.length = 0;
        edit(0, 2, '0');
        assert.deepEqual(scans, [{ from: 0, stoppedAt: lineStart(2) }], 'the first chunk has none before it');
        scans.length = 0;
        edit(20, 3, '0');
        assert.deepEqual(scans, [{ from: lineStart(16), stoppedAt: undefined }], 'the last chunk: to the end');
      } finally {
        trees.dispose();
      }
    });

    it('asking for another chunk frees the one near the cursor', async () => {
      const { document, ledger, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a1'));
      document.rootAt(offsetOf('a9'));
      assert.equal(ledger.take().length, 2);
      assert.equal(ledger.live.size, 1);
      const at = offsetOf('a8');
      assert.deepEqual(nameAt(document.shiftedRootAt(at), at), ['identifier', at, at + 2]);
      assert.deepEqual(ledger.take(), [], 'the shifted tree of the chunk near the cursor');
      const other = offsetOf('a0');
      assert.deepEqual(nameAt(document.shiftedRootAt(other), other), ['identifier', other, other + 2]);
      assert.equal(ledger.take().length, 1, 'another chunk is parsed exactly');
    });

    it('analysis parses each chunk once, reusing the fresh tree near the cursor, and frees what it parsed', async () => {
      const { document, ledger, offsetOf, edit } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a4'));
      ledger.take();
      const seen: string[] = [];
      let most = 0;
      for (const unit of document.units()) {
        seen.push(...unit.statements().map((s) => s.text));
        most = Math.max(most, ledger.live.size);
      }
      assert.deepEqual(seen, TEN_LINES.split('\n'));
      assert.equal(most, 2, 'the tree near the cursor and the one analysed');
      const chunks = document.chunks()!;
      assert.deepEqual(
        ledger.take().map((p) => p.range),
        chunks.filter((_, i) => i !== 2).map((c) => [c.start, c.end]),
      );
      assert.equal(ledger.live.size, 1, 'the analysed tree is freed after the last unit');

      edit(offsetOf('= 4') + 2, 1, '5');
      for (const unit of document.units()) unit.statements();
      assert.equal(ledger.take().length, 5, 'an edited tree near the cursor is not the chunk’s text: parsed too');
    });

    it('refresh catches up the chunk near the cursor, and only when edits are pending', async () => {
      const { document, ledger, offsetOf, edit } = await open(TINY_CHUNKS);
      await document.refresh(10);
      assert.deepEqual(ledger.take(), [], 'nothing to catch up');
      document.rootAt(offsetOf('a4'));
      ledger.take();
      await document.refresh(10);
      assert.deepEqual(ledger.take(), []);
      edit(offsetOf('= 4') + 2, 1, '5');
      await document.refresh(10);
      const chunk = document.chunks()![2];
      assert.deepEqual(ledger.take(), [
        { range: [chunk.start, chunk.end], incremental: true, halting: false, halted: false },
      ]);
      document.rootAt(offsetOf('a4'));
      assert.deepEqual(ledger.take(), []);
    });

    it('aliases come from the last parse while an edit is pending near the cursor', async () => {
      const { document, offsetOf, edit } = await open(TINY_CHUNKS, `import motion as m\n${TEN_LINES}`);
      assert.deepEqual([...document.aliases('motion')], [['m', 'motion']]);
      document.rootAt(offsetOf('a0'));
      edit(offsetOf('m\n'), 1, 'k');
      assert.deepEqual([...document.aliases('motion')], [['m', 'motion']], 'pending');
      assert.deepEqual([...document.aliases('motion', true)], [['k', 'motion']], 'exact');
      document.rootAt(offsetOf('a0'));
      assert.deepEqual([...document.aliases('motion')], [['k', 'motion']], 'fresh');
    });

    it('a new whole text drops the trees and cuts again', async () => {
      const { document, documents, ledger, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a4'));
      ledger.take();
      const text = TEN_LINES.replace('a4 = 4', 'a4 = (4,\n4)');
      documents.change('file:///t.py', 9, [{ text }]);
      assert.equal(ledger.live.size, 0);
      const now = documents.get('file:///t.py')!;
      assert.equal(now.chunks()!.length, 6, 'a chunk of a0 and a1, one of the two lines of a4, …');
      const at = text.indexOf('a5');
      assert.deepEqual(nameAt(now.rootAt(at), at), ['identifier', at, at + 2]);
      assert.equal(ledger.take()[0].incremental, false);
    });

    it('closing frees every tree and the parsers', async () => {
      const { document, documents, ledger, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a4'));
      const units = document.units()[Symbol.iterator]();
      units.next().value!.statements();
      assert.equal(ledger.live.size, 2);
      document.parseAside('x = 1', () => undefined);
      documents.close('file:///t.py');
      assert.equal(ledger.live.size, 0);
      assert.equal(ledger.parsersDeleted, 2, 'its own and the one for text aside');
    });
  });

  describe('a script with one tree', () => {
    it('is parsed once when opened; an edit shifts the tree, the next exact use re-parses it from the old one', async () => {
      const { document, ledger, edit, offsetOf } = await open(ONE_TREE);
      assert.deepEqual(ledger.take(), [{ range: undefined, incremental: false, halting: false, halted: false }]);
      document.rootAt(0);
      assert.deepEqual(ledger.take(), []);
      edit(offsetOf('= 4') + 2, 1, '44');
      const at = offsetOf('a5');
      assert.deepEqual(nameAt(document.shiftedRootAt(at), at), ['identifier', at, at + 2]);
      assert.deepEqual(ledger.take(), []);
      assert.match(document.rootAt(0).text, /a4 = 44/);
      assert.deepEqual(ledger.take(), [{ range: undefined, incremental: true, halting: false, halted: false }]);
      document.rootAt(0);
      assert.deepEqual(ledger.take(), []);
      assert.equal(ledger.live.size, 1);
    });

    it('refresh re-parses in halting slices and only while edits are pending', async () => {
      const { document, ledger, edit, offsetOf } = await open(ONE_TREE);
      ledger.take();
      await document.refresh(50);
      assert.deepEqual(ledger.take(), []);
      edit(offsetOf('= 4') + 2, 1, '5');
      await document.refresh(50);
      assert.deepEqual(ledger.take(), [{ range: undefined, incremental: true, halting: true, halted: false }]);
      document.rootAt(0);
      assert.deepEqual(ledger.take(), []);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(ledger.live.size, 1, 'the old tree is freed after the slice');
    });

    it('a halted parse resumes while the text is unchanged, and starts over when it changed', async () => {
      const long = Array.from({ length: 20_000 }, (_, i) => `a${i} = [${i}, ${i}]`).join('\n');
      const { document, ledger, edit } = await open(ONE_TREE, long);
      edit(0, 0, '#');
      ledger.take();
      // A budget of zero halts every slice at its first check, as long as edits keep coming.
      const before = ledger.parses.length;
      const refreshing = document.refresh(0);
      for (let hop = 0; hop < 1000 && ledger.parses.length < before + 3; hop++)
        await new Promise((resolve) => setImmediate(resolve));
      const halted = ledger.take();
      assert.ok(halted.length >= 3 && halted.every((p) => p.halted && p.halting && p.incremental));
      assert.equal(ledger.resets, 0, 'resumed three times: the text did not change');
      edit(1, 0, ' ');
      await refreshing;
      assert.equal(ledger.resets, 1, 'a parse of an older text is not resumed, once');
      assert.equal(document.rootAt(0).descendantForIndex(0)?.text, '# a0 = [0, 0]');
    });

    it('a new whole text is parsed anew, after dropping a halted parse', async () => {
      const long = Array.from({ length: 20_000 }, (_, i) => `a${i} = [${i}, ${i}]`).join('\n');
      const { document, documents, ledger, edit } = await open(ONE_TREE, long);
      edit(0, 0, '#');
      ledger.take();
      void document.refresh(0);
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok(ledger.take().every((p) => p.halted));
      documents.change('file:///t.py', 9, [{ text: 'b = 1' }]);
      assert.equal(ledger.resets, 1);
      documents.change('file:///t.py', 10, [{ text: 'b = 2' }]);
      assert.equal(ledger.resets, 1, 'nothing halted to drop');
      ledger.take();
      documents.change('file:///t.py', 11, [{ text: 'b = 1' }]);
      assert.deepEqual(ledger.take(), [{ range: undefined, incremental: false, halting: false, halted: false }]);
      assert.equal(documents.get('file:///t.py')!.rootAt(0).text, 'b = 1');
      assert.deepEqual(ledger.take(), [], 'the new tree is fresh');
    });

    it('closing frees its tree and parser, and stops a refresh under way', async () => {
      const long = Array.from({ length: 20_000 }, (_, i) => `a${i} = [${i}, ${i}]`).join('\n');
      const { document, documents, ledger, edit } = await open(ONE_TREE, long);
      edit(0, 0, '#');
      const refreshing = document.refresh(0);
      await new Promise((resolve) => setImmediate(resolve));
      documents.close('file:///t.py');
      ledger.take();
      await refreshing;
      assert.deepEqual(ledger.take(), [], 'no parse after close');
      assert.equal(ledger.live.size, 0);
      assert.equal(ledger.parsersDeleted, 1);
    });
  });

  describe('what results are cached under', () => {
    const keys = (document: { units(): Iterable<{ key: string | undefined }> }) =>
      [...document.units()].map((u) => u.key);

    it('one tree: a statement’s text, never a statement with an error, and not the same text read in error recovery', async () => {
      const { document } = await open(ONE_TREE, 'a = 1\n)\nb = [2]');
      assert.deepEqual(keys(document), ['a = 1', undefined, 'b = [2]']);
      const { parsers } = counting(await loadScriptParsers());
      const documents = new ScriptDocuments(parsers, ONE_TREE);
      // Lua reads this whole script as error recovery; its field `"a"` has no error of its own.
      const recovered = keys(documents.open('file:///r.lua', 'lua', 1, '{"a":'));
      assert.equal(recovered.length, 2);
      assert.equal(recovered[0], undefined);
      assert.ok(recovered[1] !== undefined && recovered[1] !== '"a"' && recovered[1].endsWith('"a"'));
    });

    it('chunks: one key per chunk text, the same for the same text, changed only where the text changed', async () => {
      const same = ['a = 1', 'b = 2', 'a = 1', 'b = 2', 'c = 3', 'd = 4'].join('\n');
      const { document, edit, offsetOf } = await open(TINY_CHUNKS, same);
      const before = keys(document);
      assert.equal(before.length, 3);
      assert.ok(before.every((k) => typeof k === 'string'));
      assert.equal(before[0], before[1], 'two chunks of the same text');
      assert.notEqual(before[1], before[2]);
      assert.deepEqual(keys(document), before, 'the same text, the same keys');
      edit(offsetOf('3'), 1, '5');
      const after = keys(document);
      assert.deepEqual([after[0], after[1]], [before[0], before[1]]);
      assert.notEqual(after[2], before[2]);
    });
  });
});
