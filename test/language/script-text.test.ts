import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ScriptText } from '../../server/language/service/text/script-text';
import { propertyRuns } from '../support/property-runs';

/** Pieces of text with every kind of line end, and characters of two UTF-16 units. */
const piece = fc.constantFrom('a', 'bc', ' ', '\n', '\r', '\r\n', 'é', '😀', 'def f():\n', '\r\r\n\n');
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
/** Positions inside the text and past its ends (lines and characters out of range are clamped). */
const position = fc.record({ line: fc.integer({ min: -1, max: 30 }), character: fc.integer({ min: -1, max: 12 }) });
const change = fc.oneof(
  { weight: 9, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text }) },
  { weight: 1, arbitrary: fc.record({ text }) },
);

/** Every answer of the two, compared: the whole text, pieces of it, lines, offsets and positions. */
function assertSame(ours: ScriptText, theirs: TextDocument, probes: { line: number; character: number }[]): void {
  const whole = theirs.getText();
  assert.equal(ours.lineCount, theirs.lineCount, 'line count');
  assert.equal(ours.size, whole.length);
  for (let offset = -1; offset <= whole.length + 1; offset++) {
    assert.deepEqual(ours.positionAt(offset), theirs.positionAt(offset), `positionAt(${offset})`);
    assert.equal(ours.charCodeAt(offset), whole.charCodeAt(offset), `charCodeAt(${offset})`);
  }
  for (const p of probes) assert.equal(ours.offsetAt(p), theirs.offsetAt(p), `offsetAt(${JSON.stringify(p)})`);
  for (let i = 0; i + 1 < probes.length; i += 2) {
    const range = { start: probes[i], end: probes[i + 1] };
    assert.equal(ours.getText(range), theirs.getText(range), `getText(${JSON.stringify(range)})`);
  }
  assert.equal(ours.getText(), whole);
}

describe('script text (in blocks of lines)', () => {
  it('answers as TextDocument does, through any edits, in blocks of any size', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(change, { maxLength: 12 }),
        fc.array(position, { minLength: 2, maxLength: 10 }),
        fc.integer({ min: 2, max: 40 }),
        (initial, changes, probes, maxBlock) => {
          const ours = new ScriptText('file:///a.py', 'python', 1, initial, maxBlock);
          let theirs = TextDocument.create('file:///a.py', 'python', 1, initial);
          assertSame(ours, theirs, probes);
          let version = 1;
          // An editor's ranges are within the text (TextDocument's line count goes wrong past its
          // end): positions past a line or the last line are brought back into it, the order kept.
          const within = (p: { line: number; character: number }) => theirs.positionAt(theirs.offsetAt(p));
          for (const given of changes) {
            const c =
              'range' in given
                ? { ...given, range: { start: within(given.range.start), end: within(given.range.end) } }
                : given;
            // Each change alone, as the editor sends them, and never reading the whole text between.
            ours.update([c], ++version);
            theirs = TextDocument.update(theirs, [c], version);
            assert.equal(ours.version, version);
            assertSame(ours, theirs, probes);
          }
          // Several changes at once, applied in order (each within the text it is applied to).
          const full = changes.find((c) => !('range' in c));
          if (full) {
            const next = {
              range: { start: { line: 0, character: 0 }, end: within({ line: 0, character: 1 }) },
              text: 'x\r',
            };
            ours.update([full, next], ++version);
            theirs = TextDocument.update(theirs, [full, next], version);
            assertSame(ours, theirs, probes);
          }
        },
      ),
      propertyRuns('script text against TextDocument', 1_500),
    );
  });

  it('takes an edit in a long script in its own blocks (the default size), and reads it back', () => {
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `segment_${i} = skeleton.add_segment("project", 1, "s${i}")\n`,
    );
    const ours = new ScriptText('file:///big.py', 'python', 1, lines.join(''));
    ours.update(
      [{ range: { start: { line: 5_000, character: 0 }, end: { line: 5_000, character: 0 } }, text: '    sel.\n' }],
      2,
    );
    assert.equal(ours.lineCount, 10_002);
    assert.equal(
      ours.getText({ start: { line: 5_000, character: 0 }, end: { line: 5_001, character: 0 } }),
      '    sel.\n',
    );
    assert.equal(ours.getText(), [...lines.slice(0, 5_000), '    sel.\n', ...lines.slice(5_000)].join(''));
    assert.deepEqual(ours.positionAt(ours.size), { line: 10_001, character: 0 });
  });
});
