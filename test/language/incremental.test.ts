import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { createMotionLanguageService } from '../../server/language/service/language-service';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { tenThousandLineScript } from '../../bench/ten-thousand-lines';
import { propertyRuns } from '../support/property-runs';

/** Edits applied incrementally (shifted trees, halted parses, cached statements) must give what a fresh parse gives. */
describe('incremental analysis equals a fresh analysis', function () {
  this.timeout(60_000);

  const SCRIPT = [
    'import motion',
    'import motion.gui.selection as sel',
    'from motion.settings.processing import skeleton',
    'skeleton.add_skeleton("project", "A")',
    'sel.select([{"type": "bone", "id": 1}])',
    'motion.gui.selection.get_selections("trajectory")',
    'skeleton.set_skeleton_scale("project", 1, 2.0)',
    '',
  ].join('\n');
  const INSERTS = [
    'x',
    '"',
    ')',
    '(',
    '\n',
    '    ',
    'sel.',
    '"scene"',
    '# ',
    'import motion.gui as g\n',
    '1000',
    'skeleton.get_skeleton_count("project")\n',
  ];

  type Edit = { at: number; remove: number; insert: string; sliced: boolean };

  /** Applies the edits to a live document (positions modulo the text's length), then compares with a fresh parse. */
  async function incrementalEqualsFresh(edits: Edit[]): Promise<void> {
    const parsers = await loadScriptParsers();
    const docs = bundledDocumentation();
    const live = createMotionLanguageService({ parsers, documentation: () => docs });
    const uri = 'file:///live.py';
    const doc = live.documents.open(uri, 'python', 1, SCRIPT);
    live.diagnose(uri);
    let version = 1;
    for (const edit of edits) {
      const text = doc.text.getText();
      const start = edit.at % (text.length + 1);
      const end = Math.min(text.length, start + edit.remove);
      live.documents.change(uri, ++version, [
        { range: { start: doc.text.positionAt(start), end: doc.text.positionAt(end) }, text: edit.insert },
      ]);
      if (edit.sliced) await live.diagnoseInSlices(uri, 1);
    }
    const fresh = createMotionLanguageService({ parsers, documentation: () => docs });
    fresh.documents.open('file:///fresh.py', 'python', 1, doc.text.getText());
    assert.deepEqual(live.diagnose(uri), fresh.diagnose('file:///fresh.py'), `text:\n${doc.text.getText()}`);
  }

  it('after random edit sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            at: fc.nat(),
            remove: fc.nat({ max: 6 }),
            insert: fc.constantFrom(...INSERTS),
            sliced: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        incrementalEqualsFresh,
      ),
      propertyRuns('incremental analysis after random edits', 150),
    );
  });

  // Seed -1043032880: a statement broken by an edit (`from motion.s⏎ttings…`) was analysed while the
  // text after it was still whole; a later edit further down changed how tree-sitter recovered from
  // the same broken text, and the cached result (keyed by the statement's text) no longer matched it.
  it('does not reuse what was worked out from a statement with a syntax error', async () => {
    await incrementalEqualsFresh([
      { at: 811867937, remove: 1, insert: '\n', sliced: false },
      { at: 53258702, remove: 5, insert: '\n', sliced: false },
      { at: 0, remove: 0, insert: 'x', sliced: true },
      { at: 1490328406, remove: 0, insert: ')', sliced: false },
    ]);
  });

  // Seed -734762086: the same broken statement analysed as a whole and then again as the text around
  // it changed (an import pasted into an open list above it).
  it('does not reuse what was worked out before an edit above a broken statement', async () => {
    await incrementalEqualsFresh([
      { at: 0, remove: 0, insert: 'skeleton.get_skeleton_count("project")\n', sliced: false },
      { at: 0, remove: 0, insert: '1000', sliced: false },
      { at: 0, remove: 2, insert: '    ', sliced: false },
      { at: 397230886, remove: 4, insert: '(', sliced: false },
      { at: 1147632046, remove: 2, insert: 'x', sliced: false },
      { at: 1359821892, remove: 2, insert: '(', sliced: true },
      { at: 1435489891, remove: 2, insert: 'import motion.gui as g\n', sliced: false },
    ]);
  });

  it('on a 10,000-line script, in slices, with an edit in the middle', async () => {
    const parsers = await loadScriptParsers();
    const docs = bundledDocumentation();
    const service = createMotionLanguageService({ parsers, documentation: () => docs });
    const uri = 'file:///big.py';
    const doc = service.documents.open(uri, 'python', 1, tenThousandLineScript());
    assert.deepEqual(await service.diagnoseInSlices(uri, 2), []);
    service.documents.change(uri, 2, [
      {
        range: { start: { line: 5000, character: 0 }, end: { line: 5000, character: 0 } },
        text: '    skeleton.get_skeleton_count("scene")\n    sel.get_selections()\n',
      },
    ]);
    const completion = service.complete(uri, { line: 5001, character: 8 });
    assert.ok(
      completion.items.some((i) => i.label === 'select'),
      'completion before any re-parse',
    );
    const sliced = await service.diagnoseInSlices(uri, 2);
    assert.deepEqual(
      sliced?.map((d) => [d.range.start.line, d.message]),
      [[5000, 'source: expected one of "project", "measurement", got string "scene"']],
    );
    const fresh = createMotionLanguageService({ parsers, documentation: () => docs });
    fresh.documents.open('file:///fresh.py', 'python', 1, doc.text.getText());
    assert.deepEqual(sliced, fresh.diagnose('file:///fresh.py'));
  });

  it('offers no members in a comment or string typed since the last parse', async () => {
    const parsers = await loadScriptParsers();
    const docs = bundledDocumentation();
    const service = createMotionLanguageService({ parsers, documentation: () => docs });
    for (const [languageId, uri, first, typed, character] of [
      ['python', 'file:///typed.py', 'import motion.gui.selection as sel\n', 'x = 1  # sel.', 13],
      ['lua', 'file:///typed.lua', 'local sel = motion.gui.selection\n', 'x = 1 -- sel.', 13],
      ['python', 'file:///typed2.py', 'import motion.gui.selection as sel\n', 'print("sel.', 11],
    ] as const) {
      service.documents.open(uri, languageId, 1, first);
      // Where a statement starts, only Motion's snippets: no member.
      assert.ok(service.complete(uri, { line: 1, character: 0 }).items.every((i) => i.label.startsWith('motion-')));
      service.documents.change(uri, 2, [
        { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: typed },
      ]);
      assert.deepEqual(service.complete(uri, { line: 1, character }).items, [], `${languageId}: ${typed}`);
      service.documents.change(uri, 3, [
        { range: { start: { line: 1, character: 0 }, end: { line: 1, character } }, text: 'sel.' },
      ]);
      assert.ok(
        service.complete(uri, { line: 1, character: 4 }).items.some((i) => i.label === 'select'),
        'and members again in code',
      );
    }
  });

  it('abandons a sliced check when the document changes meanwhile', async () => {
    const parsers = await loadScriptParsers();
    const docs = bundledDocumentation();
    const service = createMotionLanguageService({ parsers, documentation: () => docs });
    const uri = 'file:///race.py';
    service.documents.open(uri, 'python', 1, tenThousandLineScript());
    const running = service.diagnoseInSlices(uri, 1);
    service.documents.change(uri, 2, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' },
    ]);
    assert.equal(await running, undefined);
  });
});
