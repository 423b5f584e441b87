import assert from 'node:assert/strict';
import { ScriptDocuments } from '../../server/language/service/script-documents';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { ONE_TREE, TINY_CHUNKS, counting, nameAt, open } from '../support/counting-parser';

describe('a document re-parses only what its edits touched', function () {
  this.timeout(30_000);

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
