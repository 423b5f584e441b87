import type { ModuleHandlers } from './handler';

/** `motion.data.object.trajectory` and `motion.data.object.bone`: the objects that selections point at. */
export const TRAJECTORY_HANDLERS: ModuleHandlers = {
  find_trajectory: (tx, [name]) => tx.model.trajectories().find((t) => t.label === name)?.id ?? null,
  get_trajectory_ids: (tx) => tx.model.trajectories().map((t) => t.id),
  get_trajectory_count: (tx) => tx.model.trajectories().length,
  get_label: (tx, [id]) => tx.model.trajectory(id, 'trajectory_id').label,
  get_part_count: (tx, [id]) => tx.model.trajectory(id, 'trajectory_id').parts,
};

export const BONE_HANDLERS: ModuleHandlers = {
  get_bone_ids: (tx) => tx.model.bones().map((b) => b.id),
  get_bone_count: (tx) => tx.model.bones().length,
  find_bone: (tx, [name]) => tx.model.bones().find((b) => b.name === name)?.id ?? null,
  get_bone_trajectory_ids: (tx, [id]) => {
    const bone = tx.model.bone(id, 'bone_id');
    return [bone.from, bone.to];
  },
};
