import { elementAt, invalid } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import type { BoneRecord, TrajectoryRecord } from '../model/records';
import type { ModuleHandlers } from './handler';

/** The colour a bone gets when add_bone is given none (and a bone of a version-1 state file): white, 0xbbggrr. */
export const WHITE = 0xffffff;

/** A colour is a 0xbbggrr integer from black (0) to white. */
export const isColour = (n: number) => n >= 0 && n <= WHITE;

/** A colour in 0xbbggrr form, or the invalid_argument error naming the parameter. */
function checkColour(color: number, parameter: string): number {
  if (!isColour(color))
    throw invalid(
      parameter,
      `${parameter} ${color} is not a colour: colours are 0xbbggrr integers from 0 to 16777215 (0xFFFFFF)`,
    );
  return color;
}

function describe(t: TrajectoryRecord): string {
  return t.label === null ? `unidentified trajectory ${t.id}` : `trajectory "${t.label}" (${t.id})`;
}

/** The first segment of a data skeleton carrying a marker of that label (skeletons in order, segments depth-first). */
function segmentOfLabel(tx: Transaction, label: string | null): number | null {
  if (label === null) return null;
  for (const skeleton of tx.skeletons('data')) {
    const stack = [skeleton.rootId];
    while (stack.length > 0) {
      const segment = skeleton.segments[stack.pop()!];
      if (segment.markers.some((m) => m.name === label)) return segment.id;
      stack.push(...[...segment.children].reverse());
    }
  }
  return null;
}

/** `motion.data.object.trajectory`: the objects that selections and bones point at. */
export const TRAJECTORY_HANDLERS: ModuleHandlers = {
  find_trajectory: (tx, [label]) => tx.trajectories().find((t) => t.label === label)?.id ?? null,
  get_trajectory_id: (tx, [index]) => elementAt(tx.trajectories(), index, 'index', 'trajectories').id,
  get_trajectory_ids: (tx) => tx.trajectories().map((t) => t.id),
  get_trajectory_count: (tx) => tx.trajectories().length,
  get_label: (tx, [id]) => tx.trajectory(id, 'id').label,
  get_part: (tx, [id, index]) => {
    const trajectory = tx.trajectory(id, 'id');
    return elementAt(trajectory.parts, index, 'index', `parts in ${describe(trajectory)}`);
  },
  get_parts: (tx, [id]) => tx.trajectory(id, 'id').parts,
  get_part_count: (tx, [id]) => tx.trajectory(id, 'id').parts.length,
  get_skeleton_segment_id: (tx, [id]) => segmentOfLabel(tx, tx.trajectory(id, 'id').label),
};

/** The bone joining two trajectories, in either order. */
function boneBetween(bones: readonly BoneRecord[], a: number, b: number): BoneRecord | undefined {
  return bones.find((bone) => (bone.from === a && bone.to === b) || (bone.from === b && bone.to === a));
}

/** `motion.data.object.bone`: lines between two trajectories (README, "Trajectories and bones"). */
export const BONE_HANDLERS: ModuleHandlers = {
  add_bone: (tx, [first, second, color]) => {
    const from = tx.trajectory(first, 'trajectory_id_1');
    const to = tx.trajectory(second, 'trajectory_id_2');
    if (from.id === to.id)
      throw invalid('trajectory_id_2', `a bone joins two different trajectories; both are ${describe(from)}`);
    const existing = boneBetween(tx.bones(), from.id, to.id);
    if (existing)
      throw invalid(
        'trajectory_id_2',
        `${describe(from)} and ${describe(to)} are already joined by bone ${existing.id}; two trajectories have at most one bone`,
      );
    const bone: BoneRecord = {
      id: tx.allocateId(),
      from: from.id,
      to: to.id,
      color: color === null ? WHITE : checkColour(color, 'color'),
    };
    tx.setBones([...tx.bones(), bone]);
    return bone.id;
  },
  delete_bone: (tx, [id]) => {
    tx.bone(id, 'bone_id');
    tx.setBones(tx.bones().filter((b) => b.id !== id));
    if (tx.selection().some((s) => s.type === 'bone' && s.id === id))
      tx.setSelection(tx.selection().filter((s) => !(s.type === 'bone' && s.id === id)));
    return null;
  },
  clear_bones: (tx) => {
    tx.setBones([]);
    if (tx.selection().some((s) => s.type === 'bone')) tx.setSelection(tx.selection().filter((s) => s.type !== 'bone'));
    return null;
  },
  find_bone: (tx, [first, second]) => {
    tx.trajectory(first, 'trajectory_id_1');
    tx.trajectory(second, 'trajectory_id_2');
    return boneBetween(tx.bones(), first, second)?.id ?? null;
  },
  get_bone_id: (tx, [index]) => elementAt(tx.bones(), index, 'index', 'bones').id,
  get_bone_ids: (tx) => tx.bones().map((b) => b.id),
  get_bone_count: (tx) => tx.bones().length,
  get_bone_trajectory_ids: (tx, [id]) => {
    const bone = tx.bone(id, 'bone_id');
    return [bone.from, bone.to];
  },
  get_bone_color: (tx, [id]) => tx.bone(id, 'bone_id').color,
  set_bone_color: (tx, [id, color]) => {
    const bone = tx.bone(id, 'bone_id');
    checkColour(color, 'color');
    tx.setBones(tx.bones().map((b) => (b === bone ? { ...b, color } : b)));
    return null;
  },
};
