import assert from 'node:assert/strict';
import { TEN_LINES, TINY_CHUNKS, nameAt, open } from '../support/counting-parser';

describe('a long script re-parses only the chunks its edits touched', function () {
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
      const after = offsetOf('a6');
      assert.deepEqual(nameAt(document.shiftedRootAt(after), after), ['identifier', after, after + 2]);
      assert.equal(ledger.take().length, 1, 'a chunk after it too');
    });

    it('an edit that cuts the chunk near the cursor in two: each half is parsed anew, not from the whole', async () => {
      const { document, ledger, edit, offsetOf } = await open(TINY_CHUNKS);
      document.rootAt(offsetOf('a4'));
      ledger.take();
      edit(offsetOf('a5'), 0, 'b1 = 1\nb2 = 2\n');
      const halves = document.chunks()!.slice(2, 4);
      assert.deepEqual(
        halves.map(({ start, end }) => document.text.getText().slice(start, end)),
        ['a4 = 4\nb1 = 1\n', 'b2 = 2\na5 = 5\n'],
      );
      // The second half ends where the kept tree's chunk ended: the same end, not the same chunk.
      const at = offsetOf('a5');
      assert.deepEqual(nameAt(document.rootAt(at), at), ['identifier', at, at + 2]);
      assert.deepEqual(ledger.take(), [
        { range: [halves[1].start, halves[1].end], incremental: false, halting: false, halted: false },
      ]);
    });

    it('analysis parses each chunk once, reusing the fresh tree near the cursor and the last one analysed, and frees the others', async () => {
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
      assert.equal(ledger.live.size, 2, 'the last chunk analysed stays parsed: two trees at most');
      const units = [...document.units()];
      units[units.length - 1].statements();
      assert.deepEqual(
        ledger.take(),
        [],
        'the last chunk read again, as the next pass over the units does: not parsed again',
      );

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
      assert.deepEqual([...document.aliases('motion')], [['m', 'motion']], 'again, with no tree near a cursor yet');
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
});
