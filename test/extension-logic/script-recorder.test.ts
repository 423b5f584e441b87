import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import { exportSkeleton, importSkeletons } from '../../src/api/skeletons/skeleton-definition';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { diffStates } from '../../src/api/state/state-diff';
import { encodeSnapshot } from '../../src/api/state/state-document';
import { ChangeHistory, type ChangeRecord } from '../../src/extension/history/change-history';
import { undoScript } from '../../src/extension/history/undo-script';
import * as edits from '../../src/extension/skeletons-view/edit-operations';
import type { ExplorerItem } from '../../src/extension/skeletons-view/explorer-data';
import { ScriptRecorder } from '../../src/extension/recording/script-recorder';
import { scriptedPrompts } from '../../src/extension/scripted-answers';
import { applySegmentFields } from '../../src/extension/segment-editor/segment-document';
import { selectMarkers } from '../../src/extension/selection/selection-operations';
import { dryRun } from '../../src/runner/dry-run/dry-run';
import { demoApplicationPerTest } from '../support/demo-application';
import { explorerPath } from '../support/explorer-path';

const SERVER_SCRIPT = resolve(__dirname, '../../dist/motion-server.js');
const HEAD = ['Project settings', 'FullBody', 'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head'];
const LEFT_UP_LEG = ['Project settings', 'FullBody', 'Hips', 'LeftUpLeg'];

/** What the test does while recording: with the recording client, a way to find tree items, and the action's end. */
interface Hands {
  client: MotionClient;
  find: (labels: string[]) => Promise<ExplorerItem>;
  /** The user action ended: what the history records for it (or nothing, as a selection). */
  done: (change?: ChangeRecord, title?: string) => void;
}

describe('recording edits as a script: every edit command, replayed on the state it was recorded from', function () {
  this.timeout(60_000);
  const app = demoApplicationPerTest();

  /** Records `act` in `language`, replays the script on the state it started from: same state, and the script. */
  async function recordAndReplay(
    language: 'python' | 'lua',
    act: (hands: Hands) => Promise<void>,
    lookUpWith: MotionClient = app.client,
  ): Promise<string> {
    const { state, origin } = await readSnapshot(app.client);
    const recorder = new ScriptRecorder(language, 'the demo application', new Date('2026-11-25T10:30:00Z'));
    const client = new MotionClient({
      url: app.server.url,
      aroundWrite: (call, send) => recorder.write(lookUpWith, call, send),
    });
    try {
      await act({
        client,
        find: (labels) => explorerPath(app.data, labels),
        done: (change, title) => recorder.action(change?.description ?? title ?? 'Change', change !== undefined),
      });
    } finally {
      await client.close();
    }
    const after = (await readSnapshot(app.client)).state;
    const text = recorder.text();
    let output = '';
    const replay = await dryRun({
      serverScript: SERVER_SCRIPT,
      snapshot: encodeSnapshot(state, origin),
      script: { path: `/recorded.${language === 'python' ? 'py' : 'lua'}`, code: text },
      onOutput: (_stream, piece) => (output += piece),
    });
    assert.equal(
      replay.result.ok,
      true,
      `the recording ran:\n${text}\n${output}${JSON.stringify(replay.result.error)}`,
    );
    assert.deepEqual(
      diffStates(after, replay.after).map((c) => `${c.path.join(' / ')}: ${c.text}`),
      [],
      `the replay left the state the edits left:\n${text}`,
    );
    assert.ok(diffStates(state, after).length > 0, 'the edits changed something');
    return text;
  }

  /** An edit command of the Skeletons view, as its command runs it. */
  const edit =
    (run: typeof edits.addSkeleton, labels: string[], inputs: string[], pick?: unknown) =>
    async ({ client, find, done }: Hands) => {
      const outcome = await run(client, scriptedPrompts({ inputs, confirm: true, pick }), await find(labels));
      assert.ok(outcome.change, 'the edit changed the application');
      done(outcome.change);
    };

  /** What the user does while recording, after the state it starts from was set up (through no recording). */
  const EDITS: [string, (hands: Hands) => Promise<void>, (() => Promise<void>)?][] = [
    ['Add Skeleton', edit(edits.addSkeleton, ['Project settings'], ['Prop'])],
    ['Add Skeleton, replacing one of that name', edit(edits.addSkeleton, ['Project settings'], ['Wand'])],
    ['Rename Skeleton', edit(edits.renameSkeleton, ['Project settings', 'Wand'], ['Staff'])],
    [
      'Rename Skeleton, replacing one of that name',
      edit(edits.renameSkeleton, ['Project settings', 'Wand'], ['FullBody']),
    ],
    ['Set Scale', edit(edits.setScale, ['Project settings', 'FullBody'], ['1.25'])],
    ['Delete Skeleton', edit(edits.deleteSkeleton, ['Project settings', 'Wand'], [])],
    ['Add Segment', edit(edits.addSegment, HEAD, ['Hat'])],
    ['Rename Segment', edit(edits.renameSegment, HEAD, ['Skull'])],
    ['Delete Segment (and its subtree)', edit(edits.deleteSegment, LEFT_UP_LEG, [])],
    ['Set Solver', edit(edits.setSolver, HEAD, [], 'global_optimization')],
    ['Set Endpoint', edit(edits.setEndpoint, HEAD, ['0, 10, 200'])],
    [
      'apply a segment document (transform, markers, degrees of freedom, rigid bodies)',
      async ({ client, find, done }) => {
        const head = await find(HEAD);
        if (head.kind !== 'segment') throw new Error('Head is a segment');
        const changes = await applySegmentFields(client, 'project', head.node.id, {
          transform: [
            [1, 0, 0, 5],
            [0, 1, 0, 0],
            [0, 0, 1, 120.5],
            [0, 0, 0, 1],
          ],
          markers: [{ name: 'HeadTop "front"', position: [0, 0, 190], weight: 1 }],
          rigid_bodies: [],
          degrees_of_freedom: {
            rotation_x: { constraint: { lower_bound: -45, upper_bound: 45 }, couplings: [], goal: null },
          },
        });
        assert.ok(changes.length >= 3);
        done({ description: 'Edit segment "Head"', where: '', undo: undefined as never });
      },
    ],
    [
      'Copy to the measurement settings, then Import over it',
      async ({ client, done }) => {
        const id = (await app.client.settings.processing.skeleton.find_skeleton('project', 'FullBody'))!;
        const doc = await exportSkeleton(app.client, 'project', id);
        await importSkeletons(client, 'measurement', [doc]);
        done({ description: 'Copy skeleton "FullBody"', where: '', undo: undefined as never });
        await importSkeletons(client, 'measurement', [{ ...doc, scale: 2 }]);
        done({
          description: 'Import skeleton "FullBody" (replacing the one of that name)',
          where: '',
          undo: undefined as never,
        });
      },
    ],
    [
      'Select Markers, Add Markers to Selection, Deselect and Clear Selection',
      async ({ client, find, done }) => {
        await selectMarkers(
          client,
          await find(['Data (read-only)', 'Actor1', 'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head']),
          'replace',
        );
        done(undefined, 'Select Markers');
        await selectMarkers(client, await find(['Data (read-only)', 'Actor1', 'Hips', 'LeftUpLeg']), 'add');
        done(undefined, 'Add Markers to Selection');
        const [first] = await client.gui.selection.get_selections();
        await client.gui.selection.deselect([first]);
        done(undefined, 'Deselect');
      },
    ],
    [
      'Clear Selection',
      async ({ client, done }) => {
        await client.gui.selection.clear_selections(null);
        done(undefined, 'Clear Selection');
      },
      async () => {
        const [id, other] = await app.client.data.object.trajectory.get_trajectory_ids();
        await app.client.gui.selection.set_selections([
          { type: 'trajectory', id, part_index: null },
          { type: 'trajectory', id: other, part_index: 0 },
        ]);
      },
    ],
    [
      'Deselect a bone',
      async ({ client, done }) => {
        const [, second] = await client.gui.selection.get_selections();
        await client.gui.selection.deselect([second]);
        done(undefined, 'Deselect');
      },
      async () => {
        const [one, two] = await app.client.data.object.bone.get_bone_ids();
        await app.client.gui.selection.set_selections([
          { type: 'bone', id: one, part_index: null },
          { type: 'bone', id: two, part_index: null },
        ]);
      },
    ],
  ];

  for (const language of ['python', 'lua'] as const)
    describe(language === 'python' ? 'in Python' : 'in Lua', () => {
      for (const [name, act, setUp] of EDITS)
        it(name, async () => {
          await setUp?.();
          await recordAndReplay(language, act);
        });

      it('Undo of every kind of edit, back to where it started', async () => {
        // The edits are made before the recording, by hand; the recording holds their undo.
        const history = new ChangeHistory();
        const find = (labels: string[]) => explorerPath(app.data, labels);
        const steps: [typeof edits.addSkeleton, string[], string[], unknown?][] = [
          [edits.addSegment, HEAD, ['Hat']],
          [edits.deleteSegment, LEFT_UP_LEG, []],
          [edits.renameSkeleton, ['Project settings', 'Wand'], ['Staff']],
          [edits.setScale, ['Project settings', 'FullBody'], ['3']],
          [edits.addSkeleton, ['Project settings'], ['Prop']],
        ];
        for (const [run, labels, inputs, pick] of steps) {
          const outcome = await run(app.client, scriptedPrompts({ inputs, confirm: true, pick }), await find(labels));
          history.record('demo', outcome.change!);
        }
        await recordAndReplay(language, async ({ client, done }) => {
          const all = history.list('demo');
          const { undone, failed } = await history.undo(client, all);
          assert.equal(failed, undefined);
          assert.equal(undone.length, steps.length);
          done(undefined, 'Undo All Changes');
        });
      });

      it("Undo of a script's run: bones added, removed and recoloured, and the selection", async () => {
        const before = (await readSnapshot(app.client)).state;
        const bones = app.client.data.object.bone;
        const [removed, recoloured] = await bones.get_bone_ids();
        const ends = await bones.get_bone_trajectory_ids(removed);
        await bones.delete_bone(removed);
        await bones.add_bone(ends[0], ends[1], 0x00ff00);
        await bones.set_bone_color(recoloured, 0x0000ff);
        await app.client.gui.selection.set_selections([{ type: 'trajectory', id: ends[1], part_index: null }]);
        const after = (await readSnapshot(app.client)).state;
        await recordAndReplay(language, async ({ client, done }) => {
          await undoScript(before, after).run(client);
          done(undefined, 'Undo Last Change');
        });
      });
    });

  it('writes lookups by name, literals, a comment per action, in each language', async () => {
    const scenario = async ({ client, find, done }: Hands) => {
      await edit(edits.setScale, ['Project settings', 'FullBody'], ['2.5'])({ client, find, done });
      await edit(edits.addSegment, HEAD, ['Hat'])({ client, find, done });
      await edit(edits.setEndpoint, [...HEAD, 'Hat'], ['0, 0, 40'])({ client, find, done });
    };
    assert.equal(
      await recordAndReplay('python', scenario),
      `# Recorded with Motion Scripting on 2026-11-25 10:30 UTC, from the demo application.
# Run against the application as it was then, it makes the same changes again.
import motion

skeletons = motion.settings.processing.skeleton

# Set the scale of "FullBody" from 1 to 2.5
full_body = skeletons.find_skeleton("project", "FullBody")
skeletons.set_skeleton_scale("project", full_body, 2.5)

# Add segment "Hat" under "Head"
full_body = skeletons.find_skeleton("project", "FullBody")
head = skeletons.find_segment("project", full_body, "Head")
hat = skeletons.add_segment("project", head, "Hat")

# Set the endpoint of "Hat" to [0, 0, 40] mm
full_body = skeletons.find_skeleton("project", "FullBody")
hat = skeletons.find_segment("project", full_body, "Hat")
skeletons.set_segment_endpoint("project", hat, [0, 0, 40])
`,
    );
  });

  it('looks a bone up by the labels of its two trajectories, and writes an unlabelled trajectory as its identifier', async () => {
    const [bone] = await app.client.data.object.bone.get_bone_ids();
    const ends = await app.client.data.object.bone.get_bone_trajectory_ids(bone);
    const labels = await Promise.all(ends.map((id) => app.client.data.object.trajectory.get_label(id)));
    const ids = await app.client.data.object.trajectory.get_trajectory_ids();
    const unlabelled = (
      await Promise.all(
        ids.map(async (id) => ((await app.client.data.object.trajectory.get_label(id)) === null ? id : -1)),
      )
    ).find((id) => id >= 0);
    assert.ok(unlabelled !== undefined, 'the demo has an unidentified trajectory');
    const text = await recordAndReplay('python', async ({ client, done }) => {
      await client.gui.selection.set_selections([{ type: 'bone', id: bone, part_index: null }]);
      done(undefined, 'Select');
      await client.gui.selection.set_selections([{ type: 'trajectory', id: unlabelled, part_index: 0 }]);
      done(undefined, 'Select');
    });
    const [from, to] = labels.map((l) => l!.toLowerCase());
    assert.match(text, new RegExp(`^${from} = trajectories.find_trajectory\\("${labels[0]}"\\)$`, 'm'));
    assert.match(text, new RegExp(`^bone_${from}_${to} = bones.find_bone\\(${from}, ${to}\\)$`, 'm'));
    assert.match(text, new RegExp(`# trajectory ${unlabelled} could not be named, so it is written as its identifier`));
    assert.match(text, new RegExp(`"id": ${unlabelled}, "part_index": 0`));
  });

  it('writes the look-ups in the order the selection names them, though the application answers the last first', async () => {
    const trajectory = app.client.data.object.trajectory;
    let asked = 0;
    const answersLastFirst = {
      settings: app.client.settings,
      data: {
        object: {
          bone: app.client.data.object.bone,
          trajectory: {
            // The first label asked for comes last: 80 ms, 60, 40, 20...
            get_label: async (id: number) => {
              const wait = 80 - 20 * asked++;
              await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0)));
              return trajectory.get_label(id);
            },
          },
        },
      },
    } as unknown as MotionClient;
    const text = await recordAndReplay(
      'python',
      async ({ client, find, done }) => {
        await selectMarkers(client, await find(HEAD), 'replace');
        done(undefined, 'Select Markers');
      },
      answersLastFirst,
    );
    assert.equal(asked, 4);
    assert.deepEqual(
      text.split('\n').filter((line) => line.includes('find_trajectory')),
      ['LFHD', 'RFHD', 'LBHD', 'RBHD'].map((m) => `${m.toLowerCase()} = trajectories.find_trajectory("${m}")`),
    );
  });

  it('writes Lua with each action in a block of its own', async () => {
    const text = await recordAndReplay('lua', async ({ client, find, done }) => {
      await edit(edits.addSegment, HEAD, ['Hat'])({ client, find, done });
      await selectMarkers(client, await find(HEAD), 'replace');
      done(undefined, 'Select Markers');
    });
    assert.equal(
      text.split('\n').slice(3).join('\n'),
      `local trajectories = motion.data.object.trajectory
local selection = motion.gui.selection
local skeletons = motion.settings.processing.skeleton

-- Add segment "Hat" under "Head"
do
  local full_body = skeletons.find_skeleton("project", "FullBody")
  local head = skeletons.find_segment("project", full_body, "Head")
  local hat = skeletons.add_segment("project", head, "Hat")
end

-- Select Markers
do
  local lfhd = trajectories.find_trajectory("LFHD")
  local rfhd = trajectories.find_trajectory("RFHD")
  local lbhd = trajectories.find_trajectory("LBHD")
  local rbhd = trajectories.find_trajectory("RBHD")
  selection.set_selections({{type = "trajectory", id = lfhd}, {type = "trajectory", id = rfhd}, {type = "trajectory", id = lbhd}, {type = "trajectory", id = rbhd}})
end
`,
    );
  });
});
