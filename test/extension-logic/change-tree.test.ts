import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { diffStates } from '../../src/api/state/state-diff';
import { changeTree, FRAMES_LISTED, notSentTree, type ChangeNode } from '../../src/extension/dry-run/change-tree';
import { withMeasurementChanges } from '../../src/runner/dry-run/measurement-changes';
import { demoState } from '../../server/scripting/model/demo-data';

const outline = (nodes: ChangeNode[], depth = 0): string[] =>
  nodes.flatMap((n) => [
    `${'  '.repeat(depth)}${n.kind ? `[${n.kind}] ` : ''}${n.label}${n.description ? ` — ${n.description}` : ''}`,
    ...outline(n.children, depth + 1),
  ]);

describe('the Dry Run view’s tree of changes', () => {
  it('puts each change under its places, once each, counting the changes under a place', () => {
    const before = demoState();
    const after = structuredClone(before);
    const [fullBody, wand] = after.skeletons.project;
    fullBody.scale = 2;
    fullBody.segments[fullBody.rootId].solver = 'none';
    after.skeletons.project = [fullBody];
    after.bones[0].color = 0x123456;
    const bone = before.bones[0];
    const label = (id: number) => before.trajectories.find((t) => t.id === id)!.label;
    assert.deepEqual(outline(changeTree(diffStates(before, after))), [
      'Project settings — 3 changes',
      `  [removed] removed skeleton ${wand.name} (2 segments)`,
      '  FullBody — 2 changes',
      '    [changed] scale — 1 → 2',
      '    Hips — 1 change',
      '      [changed] solver — "global_optimization" → "none"',
      'Bones — 1 change',
      `  bone ${label(bone.from)} – ${label(bone.to)} — 1 change`,
      `    [changed] color — 0x${bone.color.toString(16).padStart(6, '0')} → 0x123456`,
    ]);
  });

  it('puts samples changed beside the trajectory’s other changes, a row per frame under each (at most FRAMES_LISTED), and the saves held back last', () => {
    const before = demoState();
    const after = structuredClone(before);
    const [first, second] = after.trajectories;
    first.label = 'Renamed';
    const frames = (start: number, end: number) =>
      Array.from({ length: end - start + 1 }, (_, i) => ({
        frame: start + i,
        before: null,
        after: [start + i, 0.04, -0.04] as [number, number, number],
      }));
    const run = (id: number, label: string | null, start: number, end: number) => ({
      trajectoryId: id,
      label,
      start,
      end,
      frames: frames(start, end),
      framesLeftOut: 0,
    });
    const changes = withMeasurementChanges(
      diffStates(before, after),
      {
        saves: ['/out/trial.c3d'],
        samples: [run(first.id, 'Renamed', 10, 11), run(second.id, second.label, 0, FRAMES_LISTED + 4)],
      },
      before,
    );
    const rows = outline(changeTree(changes));
    assert.deepEqual(rows.slice(0, 8), [
      'Trajectories — 3 changes',
      `  ${before.trajectories[0].label} — 2 changes`,
      `    [changed] label — "${before.trajectories[0].label}" → "Renamed"`,
      '    [changed] filled frames 10–11 — gap → (10.0, 0.0, 0.0) … (11.0, 0.0, 0.0)',
      '      frame 10 — gap → (10.0, 0.0, 0.0)',
      '      frame 11 — gap → (11.0, 0.0, 0.0)',
      `  ${second.label} — 1 change`,
      `    [changed] filled frames 0–${FRAMES_LISTED + 4} — gap → (0.0, 0.0, 0.0) … (${FRAMES_LISTED + 4}.0, 0.0, 0.0)`,
    ]);
    assert.equal(rows.filter((r) => r.startsWith('      frame ')).length, 2 + FRAMES_LISTED);
    assert.deepEqual(rows.slice(-3), [
      '      … 5 more frames',
      'Measurement — 1 change',
      '  [changed] would save to /out/trial.c3d (not written: a dry run writes no file)',
    ]);
  });

  it('names the line that made each change, by its number in the script, by its file beside it in a helper; choosing it opens there', () => {
    const before = demoState();
    const after = structuredClone(before);
    after.skeletons.project[0].scale = 2;
    after.skeletons.project[1].name = 'Stick';
    const script = resolve('/w/tool.py');
    const [scale, name] = diffStates(before, after);
    const changes = [
      { ...scale, caller: `${resolve('/w/helpers/grow.py')}:6` },
      { ...name, caller: `${script}:4` },
    ];
    const rows = changeTree(changes, script);
    assert.deepEqual(outline(rows), [
      'Project settings — 2 changes',
      '  FullBody — 1 change',
      `    [changed] scale — 1 → 2 · ${join('helpers', 'grow.py')}:6`,
      '  Stick — 1 change',
      '    [changed] name — "Wand" → "Stick" · line 4',
    ]);
    assert.deepEqual(rows[0].children[0].children[0].at, { file: resolve('/w/helpers/grow.py'), line: 6 });
    assert.deepEqual(rows[0].children[1].children[0].at, { file: script, line: 4 });
    // A change no line is known of (a tool's click made it) opens nothing.
    assert.equal(changeTree([scale], script)[0].children[0].children[0].at, undefined);
  });

  it('is empty when nothing changed', () => {
    assert.deepEqual(changeTree(diffStates(demoState(), demoState())), []);
  });
});

describe('the Dry Run view’s calls not sent', () => {
  it('lists each call not sent in order, opening the file it was made in at its line, and the reads that may differ', () => {
    const script = resolve('/w/tool.py');
    const helper = resolve('/w/helpers/menu_tools.py');
    const tree = notSentTree(
      [
        { operation: 'motion.gui.message.add_message', args: ['Done', '', 'info'], caller: `${script}:23` },
        { operation: 'motion.gui.set_menu_item', args: ['Tools'], caller: `${helper}:7` },
        { operation: 'motion.data.series._3d.set_sample', args: [412, 5, null] },
      ],
      [
        { operation: 'motion.data.series._3d.get_gap_ranges', args: [412], caller: `${script}:12` },
        {
          operation: 'motion.data.series._3d.get_sample',
          args: [412, 5],
          caller: 'tool.lua:30',
          mayDependOn: 'motion.data.series._3d.set_sample(412, 5, null)',
        },
      ],
      script,
    )!;
    assert.equal(tree.label, 'Not sent');
    assert.equal(tree.description, '3 calls the reference server does not model: what they do is not known');
    assert.deepEqual(
      tree.children.map((c) => [c.label, c.description, c.at]),
      [
        ['would call motion.gui.message.add_message("Done", "", "info")', 'line 23', { file: script, line: 23 }],
        [
          'would call motion.gui.set_menu_item("Tools")',
          `${join('helpers', 'menu_tools.py')}:7`,
          { file: helper, line: 7 },
        ],
        ['would call motion.data.series._3d.set_sample(412, 5, null)', '', undefined],
        ['Possibly different against the application', '1 read after a call not sent', undefined],
      ],
    );
    // A file named relative to nothing is taken from the script's folder.
    assert.deepEqual(
      tree.children[3].children.map((c) => [c.label, c.description, c.at]),
      [['motion.data.series._3d.get_sample(412, 5)', 'tool.lua:30', { file: resolve('/w/tool.lua'), line: 30 }]],
    );
  });

  it('names a call by its file alone when the code had no file of its own', () => {
    const tree = notSentTree([{ operation: 'motion.x.set_y', args: [], caller: '/w/helpers/io.py:4' }], [], undefined)!;
    assert.equal(tree.children[0].description, 'io.py:4');
  });

  it('is not there when every call was modelled, and says one call in the singular', () => {
    assert.equal(notSentTree([], [], undefined), undefined);
    assert.match(notSentTree([{ operation: 'motion.x.set_y', args: [] }], [], undefined)!.description, /^1 call the/);
  });
});
