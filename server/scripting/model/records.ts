import type {
  DegreeOfFreedom,
  DegreesOfFreedom,
  Matrix4,
  MotionState,
  SegmentRecord,
  SkeletonRecord,
} from '../../../src/api/state/motion-state';

// The records are the state's, shared with snapshots read from any application (src/api/state).
export type {
  BoneRecord,
  DegreesOfFreedom,
  Marker,
  MotionState,
  SegmentRecord,
  SelectionItem,
  SettingsItem,
  SkeletonRecord,
  SkeletonSource,
  TrajectoryRecord,
  Vec3,
} from '../../../src/api/state/motion-state';
export { SKELETON_SOURCES } from '../../../src/api/state/motion-state';

export function identity(): Matrix4 {
  return [
    [1, 0, 0, 0],
    [0, 1, 0, 0],
    [0, 0, 1, 0],
    [0, 0, 0, 1],
  ];
}

export function unconstrainedDegreesOfFreedom(): DegreesOfFreedom {
  const free = (): DegreeOfFreedom => ({ constraint: null, couplings: [], goal: null });
  return {
    rotation_x: free(),
    rotation_y: free(),
    rotation_z: free(),
    translation_x: free(),
    translation_y: free(),
    translation_z: free(),
  };
}

export function newSegment(id: number, name: string, parentId: number | null): SegmentRecord {
  return {
    id,
    name,
    parentId,
    children: [],
    solver: parentId === null ? 'global_optimization' : null,
    transform: identity(),
    defaultTransform: identity(),
    degreesOfFreedom: unconstrainedDegreesOfFreedom(),
    endpoint: [0, 0, 0],
    markers: [],
    rigidBodies: [],
  };
}

/** Segment ids of a skeleton, depth-first pre-order, children in insertion order; the root first. */
export function segmentsInOrder(skeleton: SkeletonRecord): number[] {
  const ids: number[] = [];
  const stack = [skeleton.rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    ids.push(id);
    const children = skeleton.segments[id].children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return ids;
}

export function emptyState(): MotionState {
  return {
    nextId: 1,
    skeletons: { project: [], measurement: [], data: [] },
    trajectories: [],
    bones: [],
    selection: [],
  };
}
