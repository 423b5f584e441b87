import assert from 'node:assert/strict';
import type { FromAnalysis } from '../../server/language/service/analysis-messages';
import { ScriptChecks } from '../../server/language/service/script-checks';
import { loadScriptParsers, type ScriptParsers } from '../../server/language/service/script-parsers';

type Found = Extract<FromAnalysis, { kind: 'diagnostics' }>;
const WRONG = 'motion.settings.processing.skeleton.set_skeleton_scal("project", 1, 2)';

/** A long script (past the chunk limit) with a wrong call at each of `lines` (0-based), assignments elsewhere. */
function longScript(lines: number[], length = 6000): string {
  const text = Array.from({ length }, (_, i) => (lines.includes(i) ? WRONG : `x${i} = ${i}`));
  return ['import motion', ...text].join('\n');
}

describe('the checking side of the open scripts (ScriptChecks)', function () {
  this.timeout(30_000);
  let parsers: ScriptParsers;
  before(async () => (parsers = await loadScriptParsers()));
  const checking = (options?: { nameReferences?: boolean }) => {
    const sent: FromAnalysis[] = [];
    const checks = new ScriptChecks(parsers, (m) => sent.push(m), options);
    const found = () => sent.filter((m): m is Found => m.kind === 'diagnostics');
    const lines = (m: Found) => m.diagnostics.map((d) => d.range.start.line);
    return { checks, sent, found, lines };
  };
  const open = (checks: ScriptChecks, text: string, uri = 'file:///long.py') =>
    checks.receive({ kind: 'open', uri, languageId: 'python', version: 1, text });

  it('a long script shown in the middle: the lines from the first shown to the last shown, first', async () => {
    const { checks, found, lines } = checking();
    await open(checks, longScript([10, 3005, 3020, 3045, 3100]));
    // In no order: the first shown is the second range, the last shown the third.
    const ranges = [
      { start: { line: 3020, character: 0 }, end: { line: 3030, character: 0 } },
      { start: { line: 3000, character: 0 }, end: { line: 3010, character: 0 } },
      { start: { line: 3040, character: 0 }, end: { line: 3050, character: 0 } },
    ];
    await checks.receive({ kind: 'visible', uri: 'file:///long.py', ranges });
    const [inView] = found();
    assert.equal(inView.partial, true);
    for (const line of [3006, 3021, 3046])
      assert.ok(lines(inView).includes(line), `${line}: ${lines(inView).join(', ')}`);
    assert.ok(!lines(inView).includes(11), 'not the top, far from what is shown');
    await checks.receive({ kind: 'diagnose', uri: 'file:///long.py' });
    const whole = found().at(-1)!;
    assert.equal(whole.partial, undefined);
    assert.ok(
      found()
        .slice(0, -1)
        .every((m) => m.partial),
      'the part in view before it',
    );
    assert.deepEqual(lines(whole), [11, 3006, 3021, 3046, 3101], 'then the whole');
    const sent = found().length;
    await checks.receive({ kind: 'visible', uri: 'file:///long.py', ranges });
    assert.equal(found().length, sent, 'shown again after a whole check: nothing partial');
  });

  it('a short script is checked whole at once, and being shown asks for nothing', async () => {
    const { checks, found } = checking();
    await open(checks, `import motion\n${WRONG}\n`, 'file:///short.py');
    await checks.receive({ kind: 'visible', uri: 'file:///short.py', ranges: [] });
    assert.deepEqual(found(), []);
    await checks.receive({ kind: 'diagnose', uri: 'file:///short.py' });
    assert.deepEqual(
      found().map((m) => m.partial),
      [undefined],
    );
  });

  it('a newer check abandons the one running; a script closed meanwhile gets nothing', async () => {
    const { checks, found, lines } = checking();
    await open(checks, longScript([10]));
    // An editor that shows no line (hidden): the top first, as when nothing was said.
    await checks.receive({ kind: 'visible', uri: 'file:///long.py', ranges: [] });
    assert.deepEqual(found().map(lines), [[11]]);
    const first = checks.receive({ kind: 'diagnose', uri: 'file:///long.py' });
    const second = checks.receive({ kind: 'diagnose', uri: 'file:///long.py' });
    await Promise.all([first, second]);
    assert.equal(found().filter((m) => !m.partial).length, 1, 'one whole check sent');
    const closing = checks.receive({ kind: 'diagnose', uri: 'file:///long.py' });
    await checks.receive({ kind: 'close', uri: 'file:///long.py' });
    await closing;
    assert.equal(found().filter((m) => !m.partial).length, 1, 'nothing for a closed script');
  });

  it('finds the strings that name application objects for the editor, and none for motion check', async () => {
    const text = 'import motion\nmotion.settings.processing.skeleton.find_skeleton("project", "Nobody")\n';
    for (const [nameReferences, expected] of [
      [undefined, 1],
      [false, 0],
    ] as const) {
      const { checks, found } = checking(nameReferences === undefined ? undefined : { nameReferences });
      await open(checks, text, 'file:///names.py');
      await checks.receive({ kind: 'diagnose', uri: 'file:///names.py' });
      assert.equal(found()[0].references.length, expected, String(nameReferences));
    }
  });
});
