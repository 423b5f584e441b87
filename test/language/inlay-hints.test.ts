import assert from 'node:assert/strict';
import type { InlayHint, Range } from 'vscode-languageserver-types';
import { NO_INLAY_HINTS, type InlayHintSettings } from '../../server/language/service/inlay-hints';
import { readInlayHintSettings } from '../../server/language/lsp/inlay-hint-settings';
import { scriptFixture, hintText } from '../support/script-fixture';

/** The script with its hints written in, ‹like this›, where the editor draws them. */
async function hinted(
  languageId: 'python' | 'lua',
  lines: string[],
  settings: Partial<InlayHintSettings>,
  range?: Range,
): Promise<string[]> {
  const text = lines.join('\n');
  const { service, uri } = await scriptFixture(languageId, text);
  const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
  const hints: InlayHint[] = service.inlayHints(uri, range ?? whole, { ...NO_INLAY_HINTS, ...settings });
  const out = [...lines];
  // From the end, so that earlier positions stay where they are.
  for (const hint of [...hints].reverse()) {
    const { line, character } = hint.position;
    out[line] = `${out[line].slice(0, character)}‹${hintText(hint.label)}›${out[line].slice(character)}`;
  }
  return out;
}

const PYTHON = [
  'import motion.settings.processing.skeleton as sk',
  'body = sk.find_skeleton("project", "FullBody")',
  'sk.set_skeleton_scale("project", body, 2.5)',
  'skeleton_id = body',
  'sk.set_skeleton_scale(source="project", skeleton_id=skeleton_id, scale=2)',
  'name = sk.get_skeleton_name("project", skeleton_id)',
  'other = len("x")',
];

describe('inlay hints: parameter names and variable types of motion calls (names behind identifiers: live-names.test.ts)', () => {
  it('shows parameter names before literal arguments only, in the literals mode (Python)', async () => {
    assert.deepEqual((await hinted('python', PYTHON, { parameterNames: 'literals' })).slice(1, 6), [
      'body = sk.find_skeleton(‹source:›"project", ‹name:›"FullBody")',
      'sk.set_skeleton_scale(‹source:›"project", body, ‹scale:›2.5)',
      'skeleton_id = body',
      'sk.set_skeleton_scale(source="project", skeleton_id=skeleton_id, scale=2)', // keywords name themselves
      'name = sk.get_skeleton_name(‹source:›"project", skeleton_id)',
    ]);
  });

  it('shows them before every positional argument in the all mode, but one whose name already says it', async () => {
    assert.deepEqual(
      (await hinted('python', PYTHON, { parameterNames: 'all' }))[2],
      'sk.set_skeleton_scale(‹source:›"project", ‹skeleton_id:›body, ‹scale:›2.5)',
    );
    assert.deepEqual(
      (await hinted('python', PYTHON, { parameterNames: 'all' }))[5],
      'name = sk.get_skeleton_name(‹source:›"project", skeleton_id)',
    );
  });

  it('shows the type a variable gets from the operation it is assigned from, and nothing for other calls', async () => {
    assert.deepEqual(await hinted('python', PYTHON, { variableTypes: true }), [
      PYTHON[0],
      'body‹: integer?› = sk.find_skeleton("project", "FullBody")',
      PYTHON[2],
      PYTHON[3],
      PYTHON[4],
      'name‹: string› = sk.get_skeleton_name("project", skeleton_id)',
      PYTHON[6],
    ]);
  });

  it('does the same in Lua, through the global motion and local aliases', async () => {
    const lua = [
      'local sk = motion.settings.processing.skeleton',
      'local body = sk.find_skeleton("project", "FullBody")',
      'motion.settings.processing.skeleton.set_skeleton_scale("project", body, 2)',
    ];
    assert.deepEqual(await hinted('lua', lua, { variableTypes: true, parameterNames: 'literals' }), [
      lua[0],
      'local body‹: integer?› = sk.find_skeleton(‹source:›"project", ‹name:›"FullBody")',
      'motion.settings.processing.skeleton.set_skeleton_scale(‹source:›"project", body, ‹scale:›2)',
    ]);
  });

  it('gives none when every kind is off, and only those of the range asked for', async () => {
    assert.deepEqual(await hinted('python', PYTHON, {}), PYTHON);
    const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 100 } };
    const shown = await hinted('python', PYTHON, { parameterNames: 'literals', variableTypes: true }, range);
    assert.deepEqual(
      shown.map((line, i) => (line === PYTHON[i] ? '=' : line)),
      ['=', '=', 'sk.set_skeleton_scale(‹source:›"project", body, ‹scale:›2.5)', '=', '=', '=', '='],
    );
  });

  it('a call over several lines, partly scrolled out: the hints of its arguments in view, at each end of the range', async () => {
    const lines = [
      'import motion.settings.processing.skeleton as sk',
      'sk.set_segment_endpoint(',
      '    "project",',
      '    12,',
      '    [0, 0, 1],',
      ')',
      'scale = sk.get_skeleton_scale(',
      '    "project", 3)',
    ];
    const settings = { parameterNames: 'literals' as const, variableTypes: true };
    const lineRange = (from: number, to: number) => ({
      start: { line: from, character: 0 },
      end: { line: to, character: 100 },
    });
    const changed = async (from: number, to: number) =>
      (await hinted('python', lines, settings, lineRange(from, to))).flatMap((line, i) =>
        line === lines[i] ? [] : [[i, line]],
      );
    assert.deepEqual(
      await changed(3, 4),
      [
        [3, '    ‹segment_id:›12,'],
        [4, '    ‹endpoint:›[0, 0, 1],'],
      ],
      'its start scrolled out above',
    );
    assert.deepEqual(await changed(0, 2), [[2, '    ‹source:›"project",']], 'its end scrolled out below');
    assert.deepEqual(
      await changed(7, 7),
      [[7, '    ‹source:›"project", ‹skeleton_id:›3)']],
      'an assignment whose name is out of view: no type, the arguments in view',
    );
    assert.deepEqual(await changed(6, 6), [[6, 'scale‹: float› = sk.get_skeleton_scale(']], 'and the other way round');
  });

  it('finds the statements of a range deep in a long script, analysed in chunks', async () => {
    const lines = Array.from({ length: 6000 }, (_, i) => `x${i} = sk.get_skeleton_count("project")`);
    lines.unshift('import motion.settings.processing.skeleton as sk');
    // Past 5,000 lines a script is analysed in chunks of 1,000: the range is in the sixth.
    const range = { start: { line: 5501, character: 0 }, end: { line: 5502, character: 100 } };
    const shown = await hinted('python', lines, { variableTypes: true }, range);
    assert.deepEqual(
      shown.flatMap((line, i) => (line === lines[i] ? [] : [[i, line]])),
      [
        [5501, 'x5500‹: integer› = sk.get_skeleton_count("project")'],
        [5502, 'x5501‹: integer› = sk.get_skeleton_count("project")'],
      ],
    );
  });

  it('reads the settings an editor gives, each kind off unless it is one the server knows', () => {
    assert.deepEqual(readInlayHintSettings({ parameterNames: 'all', variableTypes: true, identifierNames: true }), {
      parameterNames: 'all',
      variableTypes: true,
      identifierNames: true,
    });
    assert.deepEqual(
      readInlayHintSettings({ parameterNames: 'everything', variableTypes: 'yes', identifierNames: 1 }),
      NO_INLAY_HINTS,
    );
    assert.deepEqual(readInlayHintSettings(null), NO_INLAY_HINTS);
    assert.equal(readInlayHintSettings({ parameterNames: 'literals' }).parameterNames, 'literals');
    assert.equal(readInlayHintSettings({ parameterNames: 'none' }).parameterNames, 'none');
  });
});
