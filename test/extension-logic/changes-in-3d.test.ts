import assert from 'node:assert/strict';
import type { MotionClient } from '../../src/api/client/motion-client';
import type { MotionState } from '../../src/api/state/motion-state';
import { exportSkeleton, importSkeletons } from '../../src/api/skeletons/skeleton-definition';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { diffStates } from '../../src/api/state/state-diff';
import { changedSources, changesInThreeD, segmentToHighlight } from '../../src/extension/dry-run/changes-in-3d';
import type { SceneChanges, ToView, ViewSkeleton } from '../../src/protocol/skeleton-view';
import { referenceServer } from '../support/reference-server';

/** The messages' parts by type. */
function parts(messages: ToView[]) {
  const of = <T extends ToView['type']>(type: T) =>
    messages.filter((m): m is Extract<ToView, { type: T }> => m.type === type);
  return {
    outline: of('outline')[0].outline,
    skeletons: of('skeleton').map((m) => m.skeleton),
    changes: of('changes')[0].changes,
    selection: of('selection')[0].markers,
    order: messages.map((m) => m.type),
  };
}

/** Each changed segment by "skeleton/segment" name, as the view colours it. */
function byName(changes: SceneChanges, skeletons: ViewSkeleton[]): Record<string, string> {
  const names = new Map<string, string>();
  for (const skeleton of [...skeletons, ...changes.removed])
    for (const s of skeleton.calibrated.segments) names.set(`${skeleton.id}/${s.id}`, `${skeleton.name}/${s.name}`);
  return Object.fromEntries(Object.entries(changes.segments).map(([key, change]) => [names.get(key), change]));
}

const translated = (x: number, y: number, z: number) => [
  [1, 0, 0, x],
  [0, 1, 0, y],
  [0, 0, 1, z],
  [0, 0, 0, 1],
];

describe('a dry run’s changes drawn in 3D', () => {
  const app = referenceServer();
  let before: MotionState;
  let client: MotionClient;
  beforeEach(async () => {
    client = app.client;
    before = (await readSnapshot(client)).state;
  });

  async function after() {
    const now = (await readSnapshot(client)).state;
    return { now, changes: diffStates(before, now) };
  }

  it('colours what the script added, moved, changed in place and removed; the rest is left out (drawn dimmed)', async () => {
    const sk = client.settings.processing.skeleton;
    const body = (await sk.find_skeleton('project', 'FullBody'))!;
    const neck = (await sk.find_segment('project', body, 'Neck'))!;
    const head = (await sk.find_segment('project', body, 'Head'))!;
    const spine = (await sk.find_segment('project', body, 'Spine'))!;
    await sk.set_segment_transform('project', neck, translated(0, 30, 160));
    await sk.add_segment('project', head, 'Hat');
    const markers = await sk.get_segment_markers('project', spine);
    await sk.set_segment_markers('project', spine, [{ ...markers[0], weight: 0.5 }, ...markers.slice(1)]);
    await sk.delete_segment('project', (await sk.find_segment('project', body, 'LeftArm'))!);
    await sk.delete_skeleton('project', (await sk.find_skeleton('project', 'Wand'))!);
    await sk.set_skeleton_scale('project', body, 1.5);
    const { now, changes } = await after();
    const wand = Object.values(before.skeletons.project.find((s) => s.name === 'Wand')!.segments).map((s) => s.name);

    const shown = parts(changesInThreeD(before, now, changes, 'project', 'edit.py'));
    assert.deepEqual(shown.order, ['outline', 'changes', ...shown.skeletons.map(() => 'skeleton'), 'selection']);
    assert.equal(shown.outline.title, 'Dry run of edit.py · Project settings');
    assert.deepEqual(
      shown.outline.skeletonIds,
      now.skeletons.project.map((s) => s.id),
    );
    assert.deepEqual(byName(shown.changes, shown.skeletons), {
      'FullBody/Neck': 'moved',
      'FullBody/Head': 'moved', // its parent moved
      'FullBody/Hat': 'added',
      'FullBody/Spine': 'changed',
      'FullBody/LeftArm': 'removed',
      'FullBody/LeftForeArm': 'removed',
      'FullBody/LeftHand': 'removed',
      ...Object.fromEntries(wand.map((name) => [`Wand/${name}`, 'removed'])),
    });
    assert.deepEqual(shown.changes.summary, [
      `Dry run of edit.py: segments 1 added · ${3 + wand.length} removed · 2 moved · 1 changed`,
      'FullBody · scale: 1 → 1.5',
    ]);
  });

  it('draws what was removed where it was, and only that, in both poses', async () => {
    const sk = client.settings.processing.skeleton;
    const body = (await sk.find_skeleton('project', 'FullBody'))!;
    await sk.delete_segment('project', (await sk.find_segment('project', body, 'RightForeArm'))!);
    const { now, changes } = await after();
    const { changes: drawn, skeletons } = parts(changesInThreeD(before, now, changes, 'project', 'edit.py'));
    assert.equal(drawn.removed.length, 1);
    const [ghost] = drawn.removed;
    const was = changesInThreeD(before, before, [], 'project', 'nothing');
    const whole = parts(was).skeletons.find((s) => s.id === body)!;
    for (const pose of ['calibrated', 'default'] as const) {
      assert.deepEqual(
        ghost[pose]!.segments.map((s) => s.name),
        ['RightForeArm', 'RightHand'],
      );
      for (const s of ghost[pose]!.segments)
        assert.deepEqual(s.origin, whole[pose]!.segments.find((w) => w.id === s.id)!.origin, `${s.name} where it was`);
      assert.ok(ghost[pose]!.markers.every((m) => ghost[pose]!.segments.some((s) => s.id === m.segmentId)));
    }
    assert.ok(!skeletons.find((s) => s.id === body)!.calibrated.segments.some((s) => s.name === 'RightForeArm'));
  });

  it('counts a change of the default pose alone as a move, and a skeleton added as all added', async () => {
    const sk = client.settings.processing.skeleton;
    const body = (await sk.find_skeleton('project', 'FullBody'))!;
    const neck = (await sk.find_segment('project', body, 'Neck'))!;
    await sk.set_segment_default_transform('project', neck, translated(0, 0, 200));
    const extra = await sk.add_skeleton('project', 'Extra');
    const { now, changes } = await after();
    const shown = parts(changesInThreeD(before, now, changes, 'project', 'edit.py'));
    const named = byName(shown.changes, shown.skeletons);
    assert.equal(named['FullBody/Neck'], 'moved');
    assert.equal(named['FullBody/Head'], 'moved');
    const root = now.skeletons.project.find((s) => s.id === extra)!.rootId;
    assert.equal(shown.changes.segments[`${extra}/${root}`], 'added');
    assert.equal(Object.keys(shown.changes.segments).length, 3);
  });

  it('says when an added skeleton lies exactly over another, which the drawing alone cannot show', async () => {
    const sk = client.settings.processing.skeleton;
    const wand = (await sk.find_skeleton('project', 'Wand'))!;
    const copy = await exportSkeleton(client, 'project', wand);
    await importSkeletons(client, 'project', [
      { ...copy, name: 'Wand copy' },
      { ...copy, name: 'Wand copy 2' },
    ]);
    const moved = await importSkeletons(client, 'project', [{ ...copy, name: 'Wand moved' }]);
    const movedRoot = await sk.get_skeleton_root_id('project', moved[0]);
    await sk.set_segment_transform('project', movedRoot, translated(0, 0, 1));
    await sk.add_skeleton('project', 'Empty');
    const { now, changes } = await after();
    const shown = parts(changesInThreeD(before, now, changes, 'project', 'copy.py'));
    assert.deepEqual(shown.changes.summary.slice(1), [
      '"Wand copy" (added) lies exactly over "Wand": the two are drawn in one place',
      '"Wand copy 2" (added) lies exactly over "Wand": the two are drawn in one place',
    ]);
    const kept = parts(changesInThreeD(now, now, [], 'project', 'none.py'));
    assert.deepEqual(kept.changes.summary.slice(1), [], 'skeletons that were there before are not "added"');
  });

  it('lights up, for a change chosen in the Dry Run view, its segment, or a whole skeleton’s root: added, or removed', async () => {
    const sk = client.settings.processing.skeleton;
    const body = (await sk.find_skeleton('project', 'FullBody'))!;
    const head = (await sk.find_segment('project', body, 'Head'))!;
    const wand = (await sk.find_skeleton('project', 'Wand'))!;
    const wandRoot = before.skeletons.project.find((s) => s.id === wand)!.rootId;
    await sk.set_segment_endpoint('project', head, [0, 0, 150]);
    const copy = await sk.add_skeleton('project', 'FullBody copy');
    await sk.delete_skeleton('project', wand);
    const { now, changes } = await after();
    const states = { before, after: now };
    const objects = changes.map((c) => c.object);
    const find = (type: string, id: number) =>
      objects.find(
        (o) =>
          o.type === type &&
          (type === 'segment' ? 'segmentId' in o && o.segmentId === id : 'skeletonId' in o && o.skeletonId === id),
      );
    assert.deepEqual(segmentToHighlight(find('segment', head), 'project', states), {
      skeletonId: body,
      segmentId: head,
    });
    const copyRoot = now.skeletons.project.find((s) => s.id === copy)!.rootId;
    assert.deepEqual(segmentToHighlight(find('skeleton', copy), 'project', states), {
      skeletonId: copy,
      segmentId: copyRoot,
    });
    assert.deepEqual(segmentToHighlight(find('skeleton', wand), 'project', states), {
      skeletonId: wand,
      segmentId: wandRoot,
    });
    assert.equal(segmentToHighlight(find('skeleton', copy), 'measurement', states), undefined, 'another source');
    assert.equal(segmentToHighlight({ type: 'trajectory', trajectoryId: 1 }, 'project', states), undefined);
    assert.equal(segmentToHighlight(undefined, 'project', states), undefined);
  });

  it('finds which sources a script changed skeletons in, and shows the selection it left', async () => {
    const sk = client.settings.processing.skeleton;
    assert.deepEqual(changedSources([]), []);
    await sk.add_skeleton('measurement', 'Extra');
    const trajectories = await client.data.object.trajectory.get_trajectory_ids();
    await client.gui.selection.select([{ type: 'trajectory', id: trajectories[0], part_index: null }]);
    const { now, changes } = await after();
    assert.deepEqual(changedSources(changes), ['measurement']);
    const shown = parts(changesInThreeD(before, now, changes, 'measurement', 'edit.py'));
    assert.deepEqual(shown.selection, [await client.data.object.trajectory.get_label(trajectories[0])]);
    assert.deepEqual(shown.changes.summary, ['Dry run of edit.py: segments 1 added']);
    // A source the script did not touch: nothing coloured, nothing removed.
    const untouched = parts(changesInThreeD(before, now, changes, 'project', 'edit.py'));
    assert.deepEqual(untouched.changes.segments, {});
    assert.deepEqual(untouched.changes.summary, ['Dry run of edit.py: no segment changed']);
  });
});
