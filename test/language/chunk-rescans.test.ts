import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { scanChunkStarts } from '../../server/language/service/trees/chunk-boundaries';
import { ChunkedTrees, mergeEdits } from '../../server/language/service/trees/chunked-trees';
import { ScriptText } from '../../server/language/service/text/script-text';
import { propertyRuns } from '../support/property-runs';

/**
 * Replaces [start, end) with `inserted` in the text and, as ScriptDocument does, in the trees; then
 * the chunks must start where a fresh scan of the whole text starts them.
 */
function replaceAndCheck(
  text: ScriptText,
  trees: ChunkedTrees,
  start: number,
  end: number,
  inserted: string,
  language: 'python' | 'lua',
  minLines: number,
  check = true,
): void {
  const [from, to] = [text.positionAt(start), text.positionAt(end)];
  text.update([{ range: { start: from, end: to }, text: inserted }], text.version + 1);
  const after = text.positionAt(start + inserted.length);
  trees.edit({
    startIndex: start,
    oldEndIndex: end,
    newEndIndex: start + inserted.length,
    startPosition: { row: from.line, column: from.character },
    oldEndPosition: { row: to.line, column: to.character },
    newEndPosition: { row: after.line, column: after.character },
  });
  if (!check) return;
  const cuts = trees
    .chunks()
    .slice(1)
    .map((c) => c.start);
  assert.deepEqual(cuts, scanChunkStarts(text.getText(), language, minLines).starts, 'cut as a fresh scan cuts');
}

describe('where a long script is cut again after an edit', function () {
  this.timeout(30_000);

  for (const language of ['python', 'lua'] as const)
    it(`${language}: an edit re-scans from the chunk before it to the next start it knows, not the whole text`, async () => {
      const lines = Array.from({ length: 20 }, (_, i) => `a${i} = ${i}`);
      const text = new ScriptText(`file:///s.${language}`, language, 1, lines.join('\n'));
      const scans: { from: number; stoppedAt?: number }[] = [];
      const trees = new ChunkedTrees(
        (await loadScriptParsers()).createParser(language),
        language,
        () => text,
        2,
        (content, language, minLines, from = 0, stopAt) => {
          // An edit's scan reads a window of the text from where it starts (here, to the end:
          // the text is short), so where it is in the text is told by its length.
          const base = text.size - content.length;
          const scan = scanChunkStarts(content, language, minLines, from, stopAt && ((o) => stopAt(o)));
          scans.push({
            from: base + from,
            stoppedAt: scan.stoppedAt === undefined ? undefined : base + scan.stoppedAt,
          });
          return scan;
        },
      );
      const lineStart = (line: number) => text.offsetAt({ line, character: 0 });
      const edit = (line: number, character: number, insert: string) => {
        const at = text.offsetAt({ line, character });
        replaceAndCheck(text, trees, at, at, insert, language, 2);
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
        scans.length = 0;
        // Two lines at a chunk's very start: from the chunk before it, to that chunk's first line, moved down.
        edit(12, 0, 'b = 1\nc = 2\n');
        assert.deepEqual(scans, [{ from: lineStart(10), stoppedAt: lineStart(14) }]);
        scans.length = 0;
        // Keystrokes with nothing reading the chunks between them: no scan until they are read,
        // then one over the stretch they all changed.
        const typeAt = (line: number, character: number, insert: string) => {
          const at = text.offsetAt({ line, character });
          replaceAndCheck(text, trees, at, at, insert, language, 2, false);
        };
        typeAt(7, 0, 'x');
        typeAt(7, 1, 'y');
        typeAt(3, 0, 'z');
        assert.deepEqual(scans, [], 'not scanned while typing');
        edit(3, 1, 'w');
        // From the chunk before the first one edited (lines 2-3) to the start after the last (lines 6-7).
        assert.deepEqual(scans, [{ from: 0, stoppedAt: lineStart(8) }]);
        scans.length = 0;
        // The whole text replaced after a keystroke not read yet: scanned whole once, nothing left to re-scan.
        typeAt(5, 0, 'v');
        text.update([{ text: lines.slice(0, 12).join('\n') }], text.version + 1);
        trees.replaced();
        assert.deepEqual(
          trees.chunks().map((c) => c.start),
          [0, ...scanChunkStarts(text.getText(), language, 2).starts],
        );
        assert.deepEqual(scans, [{ from: 0, stoppedAt: undefined }]);
      } finally {
        trees.dispose();
      }
    });

  for (const language of ['python', 'lua'] as const)
    it(`${language}: an edit's scan reads a window of the text, widened until it is sure: the cuts are a fresh scan's`, async () => {
      const parser = (await loadScriptParsers()).createParser(language);
      // Pieces that open and close brackets, strings and blocks far from where they are typed.
      const pieces =
        language === 'python'
          ? ['a = 1\n', 'b = (\n', ')\n', '"""\n', 'if x:\n', '  y\n', '\\\n', '\r\n', 'c']
          : ['a = 1\n', 'b = (\n', ')\n', '[[\n', ']]\n', 'function f()\n', 'end\n', '\r\n', 'c'];
      // Many lines of other texts: with a minimum of 64 lines, cuts are decided by a line's text.
      const lines = Array.from({ length: 40 }, (_, i) => `v${i * 7} = ${i}\n`).join('');
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...pieces, lines), { minLength: 20, maxLength: 80 }),
          fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.constantFrom(...pieces, ''), fc.boolean()), {
            maxLength: 8,
          }),
          fc.integer({ min: 1, max: 64 }),
          fc.constantFrom(2, 64),
          (initial, edits, window, minLines) => {
            const text = new ScriptText(`file:///s.${language}`, language, 1, initial.join(''));
            const trees = new ChunkedTrees(parser, language, () => text, minLines, scanChunkStarts, window);
            // Some edits are read after, others follow one another unread (keystrokes), all read at the end.
            edits.forEach(([at, removed, inserted, read], i) => {
              const start = at % (text.size + 1);
              const end = Math.min(text.size, start + removed);
              replaceAndCheck(text, trees, start, end, inserted, language, minLines, read || i === edits.length - 1);
            });
          },
        ),
        propertyRuns(`${language} windowed re-scans`, 200),
      );
      parser.delete();
    });

  it('edits not re-scanned yet are one: outside the stretch it gives, the text is as it was (shifted after it)', () => {
    const edit = fc
      .tuple(fc.nat(), fc.nat({ max: 6 }), fc.string({ maxLength: 6 }))
      .map(([at, removed, inserted]) => ({ at, removed, inserted }));
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.array(edit, { minLength: 1, maxLength: 6 }), (original, edits) => {
        let text = original;
        let merged: ReturnType<typeof mergeEdits> | undefined;
        for (const { at, removed, inserted } of edits) {
          const start = at % (text.length + 1);
          const end = Math.min(text.length, start + removed);
          text = text.slice(0, start) + inserted + text.slice(end);
          merged = mergeEdits(merged, { start, oldEnd: end, newEnd: start + inserted.length });
        }
        const { start, oldEnd, newEnd } = merged!;
        assert.ok(
          0 <= start && start <= oldEnd && oldEnd <= original.length && start <= newEnd,
          JSON.stringify(merged),
        );
        assert.equal(newEnd - oldEnd, text.length - original.length, 'the lengths differ by the stretch’s');
        assert.equal(text.slice(0, start), original.slice(0, start), 'the same before it');
        assert.equal(text.slice(newEnd), original.slice(oldEnd), 'the same after it');
      }),
      propertyRuns('merged edits', 500),
    );
  });
});
