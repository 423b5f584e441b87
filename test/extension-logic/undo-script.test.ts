import assert from 'node:assert/strict';
import type { MotionClient } from '../../src/api/client/motion-client';
import type { MotionState, SkeletonRecord } from '../../src/api/state/motion-state';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { undoScript } from '../../src/extension/history/undo-script';
import { referenceServer } from '../support/reference-server';

/** A skeleton as its names and fields, without ids: what comes back when a removed one is built again. */
function shape(skeleton: SkeletonRecord) {
  const segment = (id: number): unknown => {
    const { id: _, parentId: __, children, ...fields } = skeleton.segments[id];
    return { ...fields, children: children.map(segment) };
  };
  return { name: skeleton.name, scale: skeleton.scale, root: segment(skeleton.rootId) };
}

/** The state as a person sees it: skeletons by name, bones by their ends and colour, the selection. */
function seen(state: MotionState) {
  const byName = (list: SkeletonRecord[]) => list.map(shape).sort((a, b) => a.name.localeCompare(b.name));
  return {
    project: byName(state.skeletons.project),
    measurement: byName(state.skeletons.measurement),
    bones: state.bones.map((b) => `${b.from}-${b.to}:${b.color}`).sort(),
    selection: state.selection,
    trajectories: state.trajectories,
  };
}

/** What a script might do: something of every kind the interface can change. */
async function editEverything(client: MotionClient): Promise<void> {
  const sk = client.settings.processing.skeleton;
  const body = (await sk.find_skeleton('project', 'FullBody'))!;
  await sk.set_skeleton_scale('project', body, 1.5);
  await sk.set_skeleton_name('project', body, 'Body');
  const head = (await sk.find_segment('project', body, 'Head'))!;
  const hat = await sk.add_segment('project', head, 'Hat');
  await sk.add_segment('project', hat, 'Feather');
  await sk.set_segment_solver('project', head, 'none');
  const markers = await sk.get_segment_markers('project', head);
  await sk.set_segment_markers('project', head, [{ ...markers[0], weight: 0.25 }, ...markers.slice(1)]);
  await sk.delete_segment('project', (await sk.find_segment('project', body, 'LeftArm'))!);
  await sk.delete_skeleton('project', (await sk.find_skeleton('project', 'Wand'))!);
  await sk.add_skeleton('measurement', 'Extra');
  const bones = client.data.object.bone;
  const [first, second] = await bones.get_bone_ids();
  await bones.set_bone_color(first, 0x00ff00);
  const [a, b] = await bones.get_bone_trajectory_ids(second);
  await bones.delete_bone(second);
  // The same two trajectories joined again by a new bone: undo deletes it before building the old one.
  await bones.add_bone(a, b, 0xff0000);
  await client.gui.selection.select([
    { type: 'trajectory', id: a, part_index: null },
    { type: 'trajectory', id: b, part_index: null },
  ]);
}

describe('undoing a script run against the application (Apply for Real)', () => {
  const app = referenceServer();

  it('takes every change back, in an order the interface accepts; removed objects come back with new ids', async () => {
    const before = (await readSnapshot(app.client)).state;
    await editEverything(app.client);
    const after = (await readSnapshot(app.client)).state;
    const undo = undoScript(before, after);
    assert.equal(await undo.check(app.client), undefined);
    await undo.run(app.client);
    const restored = (await readSnapshot(app.client)).state;
    assert.deepEqual(seen(restored), seen(before));
    const removedBone = before.bones.find((b) => !after.bones.some((a) => a.id === b.id))!;
    const label = (id: number) => before.trajectories.find((t) => t.id === id)!.label;
    assert.equal(
      undo.caveat,
      `The removed bone ${label(removedBone.from)} – ${label(removedBone.to)} comes back with a new identifier. ` +
        'The segment "LeftArm" and what was below it comes back with new identifiers, as the last child of "LeftShoulder". ' +
        'The skeleton "Wand" comes back with new identifiers.',
      'said before running: only what comes back with new ids',
    );
  });

  it('refuses once the application changed since, naming the change, and changes nothing', async () => {
    const before = (await readSnapshot(app.client)).state;
    await app.client.settings.processing.skeleton.set_skeleton_scale('project', 1, 2);
    const after = (await readSnapshot(app.client)).state;
    const undo = undoScript(before, after);
    assert.equal(undo.caveat, undefined, 'a scale is set back exactly');
    await app.client.settings.processing.skeleton.set_skeleton_name('project', 1, 'Renamed');
    assert.equal(
      await undo.check(app.client),
      'the application changed since the script ran (Project settings › Renamed: name: "FullBody" → "Renamed")',
    );
    await app.client.settings.processing.skeleton.set_skeleton_scale('project', 1, 3);
    assert.equal(
      await undo.check(app.client),
      'the application changed since the script ran (Project settings › Renamed: name: "FullBody" → "Renamed" and 1 more)',
    );
  });

  it('says before running what the interface cannot set back', async () => {
    const before = (await readSnapshot(app.client)).state;
    const after = structuredClone(before);
    after.trajectories[0].label = 'Elsewhere';
    assert.equal(undoScript(before, after).caveat, 'Trajectory labels and parts cannot be set back by the interface.');
  });
});
