import assert from 'node:assert/strict';
import type { MotionClient } from '../../src/api/client/motion-client';
import { ScriptRecorder } from '../../src/extension/recording/script-recorder';

// Our reference server never gives an identifier twice, but the interface does not promise it of
// every application: one that gives a deleted object's identifier to a new one must find the script
// looking the new one up by its own name, not reusing the variable of the one that is gone. The
// application here is a table of names the test changes between calls, as another program would.

const SKELETONS = 'motion.settings.processing.skeleton';

/** An application's names, as the recorder's look-ups ask for them. */
function application() {
  const skeletons = new Map<number, string>();
  const segments = new Map<number, { skeleton: number; name: string }>();
  const labels = new Map<number, string>();
  const bones = new Map<number, [number, number]>();
  const client = {
    settings: {
      processing: {
        skeleton: {
          get_skeleton_name: async (_source: string, id: number) => skeletons.get(id)!,
          get_segment_skeleton_id: async (_source: string, id: number) => segments.get(id)!.skeleton,
          get_segment_name: async (_source: string, id: number) => segments.get(id)!.name,
          find_skeleton: async (_source: string, name: string) =>
            [...skeletons].find(([, n]) => n === name)?.[0] ?? null,
        },
      },
    },
    data: {
      object: {
        trajectory: { get_label: async (id: number) => labels.get(id) ?? null },
        bone: { get_bone_trajectory_ids: async (id: number) => bones.get(id)! },
      },
    },
  } as unknown as MotionClient;
  return { skeletons, segments, labels, bones, client };
}

/** Records calls one by one (each sent, answering `result`) as one action, and gives the action's lines. */
async function recorded(
  app: ReturnType<typeof application>,
  calls: [string, string, unknown[], unknown?, (() => void)?][],
): Promise<string[]> {
  const recorder = new ScriptRecorder('python', 'a test', new Date('2026-11-26T00:00:00Z'));
  for (const [module, operation, args, result, after] of calls) {
    await recorder.write(app.client, { module, operation, args }, async () => {
      after?.();
      return result;
    });
  }
  recorder.action('Edits');
  const text = recorder.text();
  return text
    .slice(text.indexOf('# Edits\n') + '# Edits\n'.length)
    .trimEnd()
    .split('\n');
}

describe('recording against an application that gives a deleted object’s identifier to a new one', () => {
  it('a skeleton deleted, then another with its identifier: looked up by its own name', async () => {
    const app = application();
    app.skeletons.set(1, 'Wand');
    assert.deepEqual(
      await recorded(app, [
        [SKELETONS, 'set_skeleton_scale', ['project', 1, 2]],
        [SKELETONS, 'delete_skeleton', ['project', 1], null, () => app.skeletons.set(1, 'Staff')],
        [SKELETONS, 'set_skeleton_scale', ['project', 1, 3]],
      ]),
      [
        'wand = skeletons.find_skeleton("project", "Wand")',
        'skeletons.set_skeleton_scale("project", wand, 2)',
        'skeletons.delete_skeleton("project", wand)',
        'staff = skeletons.find_skeleton("project", "Staff")',
        'skeletons.set_skeleton_scale("project", staff, 3)',
      ],
    );
  });

  it('a segment deleted: it and the other segments of its skeleton are looked up again, the skeleton not', async () => {
    const app = application();
    app.skeletons.set(1, 'FullBody');
    app.segments.set(10, { skeleton: 1, name: 'Head' });
    app.segments.set(11, { skeleton: 1, name: 'Neck' });
    assert.deepEqual(
      await recorded(app, [
        [SKELETONS, 'set_segment_endpoint', ['project', 11, [0, 0, 1]]],
        [SKELETONS, 'delete_segment', ['project', 10], null, () => app.segments.set(11, { skeleton: 1, name: 'Hat' })],
        [SKELETONS, 'set_segment_endpoint', ['project', 11, [0, 0, 2]]],
      ]),
      [
        'full_body = skeletons.find_skeleton("project", "FullBody")',
        'neck = skeletons.find_segment("project", full_body, "Neck")',
        'skeletons.set_segment_endpoint("project", neck, [0, 0, 1])',
        'head = skeletons.find_segment("project", full_body, "Head")',
        'skeletons.delete_segment("project", head)',
        'hat = skeletons.find_segment("project", full_body, "Hat")',
        'skeletons.set_segment_endpoint("project", hat, [0, 0, 2])',
      ],
    );
  });

  it('a segment deleted with the segment just added under it: the new one is forgotten with it, another skeleton’s kept', async () => {
    const app = application();
    app.skeletons.set(1, 'FullBody').set(2, 'Prop');
    app.segments.set(10, { skeleton: 1, name: 'Head' });
    app.segments.set(11, { skeleton: 1, name: 'Neck' });
    app.segments.set(20, { skeleton: 2, name: 'Tip' });
    const lines = await recorded(app, [
      [SKELETONS, 'set_segment_endpoint', ['project', 20, [0, 0, 1]]],
      [SKELETONS, 'add_segment', ['project', 10, 'Hat'], 12],
      // Renamed to the name a skeleton has: a segment's name never replaces a skeleton.
      [SKELETONS, 'set_segment_name', ['project', 12, 'Prop']],
      [SKELETONS, 'set_segment_endpoint', ['project', 20, [0, 0, 2]]],
      [SKELETONS, 'delete_segment', ['project', 11], null, () => app.segments.set(12, { skeleton: 1, name: 'Visor' })],
      [SKELETONS, 'set_segment_endpoint', ['project', 12, [0, 0, 3]]],
      [SKELETONS, 'set_segment_endpoint', ['project', 20, [0, 0, 4]]],
    ]);
    assert.deepEqual(lines, [
      'prop = skeletons.find_skeleton("project", "Prop")',
      'tip = skeletons.find_segment("project", prop, "Tip")',
      'skeletons.set_segment_endpoint("project", tip, [0, 0, 1])',
      'full_body = skeletons.find_skeleton("project", "FullBody")',
      'head = skeletons.find_segment("project", full_body, "Head")',
      'hat = skeletons.add_segment("project", head, "Hat")',
      'skeletons.set_segment_name("project", hat, "Prop")',
      'skeletons.set_segment_endpoint("project", tip, [0, 0, 2])',
      'neck = skeletons.find_segment("project", full_body, "Neck")',
      'skeletons.delete_segment("project", neck)',
      'visor = skeletons.find_segment("project", full_body, "Visor")',
      'skeletons.set_segment_endpoint("project", visor, [0, 0, 3])',
      'skeletons.set_segment_endpoint("project", tip, [0, 0, 4])',
    ]);
  });

  it('all skeletons of a source cleared: their segments are looked up again, those of the other source not', async () => {
    const app = application();
    app.skeletons.set(1, 'FullBody');
    app.skeletons.set(2, 'Measured');
    app.segments.set(10, { skeleton: 1, name: 'Head' });
    const lines = await recorded(app, [
      [SKELETONS, 'set_segment_endpoint', ['project', 10, [0, 0, 1]]],
      [SKELETONS, 'set_skeleton_scale', ['measurement', 2, 2]],
      [
        SKELETONS,
        'clear_skeletons',
        ['project'],
        null,
        () => {
          app.skeletons.set(1, 'Prop');
          app.segments.set(10, { skeleton: 1, name: 'Top' });
        },
      ],
      [SKELETONS, 'set_segment_endpoint', ['project', 10, [0, 0, 2]]],
      [SKELETONS, 'set_skeleton_scale', ['measurement', 2, 3]],
    ]);
    assert.deepEqual(lines.slice(5), [
      'skeletons.clear_skeletons("project")',
      'prop = skeletons.find_skeleton("project", "Prop")',
      'top = skeletons.find_segment("project", prop, "Top")',
      'skeletons.set_segment_endpoint("project", top, [0, 0, 2])',
      'skeletons.set_skeleton_scale("measurement", measured, 3)',
    ]);
  });

  it('a skeleton added or renamed to the name of another replaces it: the replaced one is looked up again', async () => {
    const app = application();
    app.skeletons.set(1, 'Wand');
    app.skeletons.set(2, 'Staff');
    const lines = await recorded(app, [
      [SKELETONS, 'set_skeleton_scale', ['project', 1, 2]],
      [SKELETONS, 'set_skeleton_scale', ['project', 2, 2]],
      // Staff renamed Wand replaces the Wand of identifier 1, which the application gives to a new Prop.
      [SKELETONS, 'set_skeleton_name', ['project', 2, 'Wand'], null, () => app.skeletons.set(1, 'Prop')],
      [SKELETONS, 'set_skeleton_scale', ['project', 1, 3]],
      // Renamed to its own name: nothing is replaced, its variable stays.
      [SKELETONS, 'set_skeleton_name', ['project', 1, 'Prop']],
      [SKELETONS, 'set_skeleton_scale', ['project', 1, 4]],
      // A skeleton added with the name Prop replaces it (the new one is 3; 1 becomes Other).
      [SKELETONS, 'add_skeleton', ['project', 'Prop'], 3, () => app.skeletons.set(1, 'Other')],
      [SKELETONS, 'set_skeleton_scale', ['project', 1, 5]],
    ]);
    assert.deepEqual(lines.slice(4), [
      'skeletons.set_skeleton_name("project", staff, "Wand")',
      'prop = skeletons.find_skeleton("project", "Prop")',
      'skeletons.set_skeleton_scale("project", prop, 3)',
      'skeletons.set_skeleton_name("project", prop, "Prop")',
      'skeletons.set_skeleton_scale("project", prop, 4)',
      'prop_2 = skeletons.add_skeleton("project", "Prop")',
      'other = skeletons.find_skeleton("project", "Other")',
      'skeletons.set_skeleton_scale("project", other, 5)',
    ]);
  });

  it('a bone deleted, or all bones cleared: a bone of its identifier is looked up again', async () => {
    const app = application();
    app.labels.set(1, 'LFHD').set(2, 'RFHD').set(3, 'LBHD');
    app.bones.set(7, [1, 2]);
    const select = (id: number): [string, string, unknown[]] => [
      'motion.gui.selection',
      'set_selections',
      [[{ type: 'bone', id, part_index: null }]],
    ];
    app.bones.set(8, [2, 3]);
    const lines = await recorded(app, [
      select(8),
      select(7),
      ['motion.data.object.bone', 'delete_bone', [7], null, () => app.bones.set(7, [1, 3])],
      select(7),
      select(8),
      ['motion.data.object.bone', 'clear_bones', [], null, () => app.bones.set(7, [2, 3])],
      select(7),
    ]);
    assert.deepEqual(
      lines.filter((line) => line.includes('find_bone')),
      [
        'bone_rfhd_lbhd = bones.find_bone(rfhd, lbhd)',
        'bone_lfhd_rfhd = bones.find_bone(lfhd, rfhd)',
        'bone_lfhd_lbhd = bones.find_bone(lfhd, lbhd)',
        'bone_rfhd_lbhd_2 = bones.find_bone(rfhd, lbhd)',
      ],
    );
  });

  it('keeps what a call made under a variable named after it: the new skeleton, segment or bone', async () => {
    const app = application();
    app.skeletons.set(1, 'FullBody');
    app.segments.set(10, { skeleton: 1, name: 'Head' });
    app.labels.set(1, 'LFHD').set(2, 'RFHD');
    assert.deepEqual(
      await recorded(app, [
        [SKELETONS, 'add_skeleton', ['project', 'Prop'], 2],
        [SKELETONS, 'add_segment', ['project', 10, 'Hat'], 12],
        ['motion.data.object.bone', 'add_bone', [1, 2], 9],
        [SKELETONS, 'set_skeleton_scale', ['project', 2, 2]],
      ]),
      [
        'prop = skeletons.add_skeleton("project", "Prop")',
        'full_body = skeletons.find_skeleton("project", "FullBody")',
        'head = skeletons.find_segment("project", full_body, "Head")',
        'hat = skeletons.add_segment("project", head, "Hat")',
        'lfhd = trajectories.find_trajectory("LFHD")',
        'rfhd = trajectories.find_trajectory("RFHD")',
        'bone = bones.add_bone(lfhd, rfhd)',
        'skeletons.set_skeleton_scale("project", prop, 2)',
      ],
    );
  });
});
