import assert from 'node:assert/strict';
import type { MotionState } from '../../src/api/state/motion-state';
import { diffOutline, diffStates } from '../../src/api/state/state-diff';
import { demoState } from '../../server/scripting/model/demo-data';

/** The demo state, and a copy changed by `edit`. */
function changed(edit: (state: MotionState) => void): { before: MotionState; after: MotionState } {
  const before = demoState();
  const after = structuredClone(before);
  edit(after);
  return { before, after };
}

const texts = (before: MotionState, after: MotionState) =>
  diffStates(before, after).map((c) => `${c.kind} ${c.path.join(' / ')}: ${c.text}`);

describe('the changes between two states of one application', () => {
  it('finds none between a state and itself', () => {
    const state = demoState();
    assert.deepEqual(diffStates(state, structuredClone(state)), []);
  });

  it('words segment fields as the segment editor does, under their skeleton and segment', () => {
    const { before, after } = changed((s) => {
      const fullBody = s.skeletons.project[0];
      fullBody.name = 'Body';
      const hips = fullBody.segments[fullBody.rootId];
      hips.solver = 'none';
      hips.transform[0][3] = 25;
      hips.markers = hips.markers.slice(1);
      hips.rigidBodies = [{ name: 'Plate', transform: hips.transform, weight: 1 }];
      hips.degreesOfFreedom.rotation_x.constraint = { lower_bound: -10, upper_bound: 10 };
    });
    const hipsMarker = before.skeletons.project[0].segments[before.skeletons.project[0].rootId].markers[0].name;
    assert.deepEqual(texts(before, after), [
      'changed Project settings / Body: name: "FullBody" → "Body"',
      'changed Project settings / Body / Hips: solver: "global_optimization" → "none"',
      `changed Project settings / Body / Hips: transform: translation [0, 0, 950] → [25, 0, 950]`,
      'changed Project settings / Body / Hips: degrees_of_freedom: rotation_x (constraint)',
      `changed Project settings / Body / Hips: markers: 4 → 3: removed ${hipsMarker}`,
      'changed Project settings / Body / Hips: rigid_bodies: 0 → 1: added Plate',
    ]);
  });

  it('names a moved segment’s parents, and added and removed segments and skeletons of each source', () => {
    const { before, after } = changed((s) => {
      const actor = s.skeletons.data[0];
      const ids = Object.keys(actor.segments).map(Number);
      const [root, child] = [actor.rootId, ids.find((id) => actor.segments[id].parentId === actor.rootId)!];
      const grandchild = ids.find((id) => actor.segments[id].parentId === child)!;
      actor.segments[grandchild].parentId = root;
      s.skeletons.measurement = [];
      s.skeletons.project.push({ ...structuredClone(s.skeletons.project[1]), id: 9000, name: 'Wand2' });
    });
    const actor = before.skeletons.data[0];
    assert.deepEqual(texts(before, after), [
      `added Project settings: added skeleton Wand2 (2 segments)`,
      `removed Measurement settings: removed skeleton ${before.skeletons.measurement[0].name} (${Object.keys(before.skeletons.measurement[0].segments).length} segments)`,
      `changed Data (read-only) / ${actor.name} / Spine1: parent: "Spine" → "Hips"`,
    ]);
  });

  it('names trajectories by label, bones by their trajectories, and the selection by what it holds', () => {
    const { before, after } = changed((s) => {
      const [first, second] = s.trajectories;
      first.label = 'LASI2';
      second.parts = second.parts.slice(1);
      s.bones[0].color = 0x00ff00;
      s.bones.splice(1, 1);
      s.bones.push({ id: 9001, from: first.id, to: second.id, color: 0xffffff });
      s.selection = [{ type: 'trajectory', id: second.id, part_index: 0 }];
    });
    const [first, second] = before.trajectories;
    const label = (id: number) => before.trajectories.find((t) => t.id === id)!.label;
    const [bone0, bone1] = before.bones;
    assert.deepEqual(texts(before, after), [
      `changed Trajectories / ${first.label}: label: "${first.label}" → "LASI2"`,
      `changed Trajectories / ${second.label}: parts: ${second.parts.length} → ${second.parts.length - 1}`,
      `removed Bones: removed bone ${label(bone1.from)} – ${label(bone1.to)}`,
      `added Bones: added bone LASI2 – ${second.label} (colour 0xffffff)`,
      `changed Bones / bone LASI2 – ${label(bone0.to)}: color: 0x${bone0.color.toString(16).padStart(6, '0')} → 0x00ff00`,
      `changed Selection: 0 → 1 selected: added ${second.label} part 0`,
    ]);
  });

  it('prints an outline that opens each place once', () => {
    const { before, after } = changed((s) => {
      const fullBody = s.skeletons.project[0];
      fullBody.scale = 2;
      const hips = fullBody.segments[fullBody.rootId];
      hips.endpoint = null;
      hips.name = 'Pelvis';
      s.skeletons.project[1].scale = 3;
    });
    assert.deepEqual(diffOutline(diffStates(before, after)), [
      'Project settings',
      '  FullBody',
      '    ~ scale: 1 → 2',
      '    Pelvis',
      '      ~ name: "Hips" → "Pelvis"',
      '  Wand',
      '    ~ scale: 1 → 3',
    ]);
  });

  it('names each segment field as the interface does, a removed segment with its parent, and marks each kind in the outline', () => {
    const { before, after } = changed((s) => {
      const fullBody = s.skeletons.project[0];
      const hips = fullBody.segments[fullBody.rootId];
      hips.name = 'Pelvis';
      hips.transform[0][3] = 1;
      hips.defaultTransform[0][3] = 1;
      hips.degreesOfFreedom.rotation_y.goal = { value: 1, weight: 1 };
      hips.markers[0].weight = 0.5;
      hips.rigidBodies = [{ name: 'Plate', transform: hips.transform, weight: 1 }];
      const head = Object.values(fullBody.segments).find((x) => x.name === 'Head')!;
      head.endpoint = [0, 0, 1];
      const leaf = Object.values(fullBody.segments).find((x) => x.children.length === 0 && x.name !== 'Head')!;
      delete fullBody.segments[leaf.id];
    });
    const changes = diffStates(before, after);
    assert.deepEqual(
      changes.map((c) => c.field ?? c.kind),
      [
        'removed',
        'name',
        'transform',
        'default_transform',
        'degrees_of_freedom',
        'markers',
        'rigid_bodies',
        'endpoint',
      ],
    );
    const removed = changes[0];
    assert.match(removed.text, /^removed segment \w+ \(child of \w+\)$/);
    const outline = diffOutline(changes);
    assert.ok(outline.some((line) => line.startsWith('    - removed segment')));
    assert.ok(outline.some((line) => line.startsWith('      ~ name: "Hips" → "Pelvis"')));
  });

  it('names trajectories without a label by id, and says which selected items went and when only the order changed', () => {
    const { before, after } = changed((s) => {
      s.trajectories.splice(0, 1);
      s.trajectories.push({ id: 9999, label: null, parts: [] });
    });
    const removedLabel = before.trajectories[0].label;
    assert.deepEqual(
      diffStates(before, after).map((c) => [c.kind, c.path.join(' / '), c.text]),
      [
        ['removed', 'Trajectories', `removed ${removedLabel}`],
        ['added', 'Trajectories', 'added trajectory 9999'],
      ],
    );
    const bone = before.bones[0];
    const label = (id: number) => before.trajectories.find((t) => t.id === id)!.label;
    const selected = changed((s) => {
      s.selection = [
        { type: 'bone', id: bone.id, part_index: null },
        { type: 'trajectory', id: bone.from, part_index: 1 },
      ];
    });
    const cleared = diffStates(selected.after, selected.before);
    assert.deepEqual(
      cleared.map((c) => [c.field, c.text]),
      [
        [
          'selection',
          `2 → 0 selected: removed bone ${label(bone.from)} – ${label(bone.to)}, ${label(bone.from)} part 1`,
        ],
      ],
    );
    const reordered = structuredClone(selected.after);
    reordered.selection.reverse();
    assert.deepEqual(
      diffStates(selected.after, reordered).map((c) => c.text),
      ['2 → 2 selected (order changed)'],
    );
    // A change of part only: the same trajectory, another part; then the whole of it.
    const otherPart = structuredClone(selected.after);
    otherPart.selection[1] = { type: 'trajectory', id: bone.from, part_index: 2 };
    assert.deepEqual(
      diffStates(selected.after, otherPart).map((c) => c.text),
      [`2 → 2 selected: added ${label(bone.from)} part 2; removed ${label(bone.from)} part 1`],
    );
    const whole = structuredClone(selected.after);
    whole.selection[1] = { type: 'trajectory', id: bone.from, part_index: null };
    assert.deepEqual(
      diffStates(selected.after, whole).map((c) => c.text),
      [`2 → 2 selected: added ${label(bone.from)}; removed ${label(bone.from)} part 1`],
    );
    const partZero = structuredClone(whole);
    partZero.selection[1] = { type: 'trajectory', id: bone.from, part_index: 0 };
    assert.deepEqual(
      diffStates(whole, partZero).map((c) => c.text),
      [`2 → 2 selected: added ${label(bone.from)} part 0; removed ${label(bone.from)}`],
      'part 0 is a part, not the whole',
    );
  });
});
