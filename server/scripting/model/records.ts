import type { DofName } from '../../../src/api/catalogue/type-strings';

/** The reference server's state, as plain JSON-able records (also the state file's content). */
export type Vec3 = [number, number, number];
type Matrix4 = number[][];
type Solver = 'none' | 'global_optimization' | null;
/** Where skeletons live: the two settings sources of the spec, and the read-only current data. */
export type SkeletonSource = 'project' | 'measurement' | 'data';
export const SKELETON_SOURCES: readonly SkeletonSource[] = ['project', 'measurement', 'data'];

interface Constraint {
  lower_bound: number;
  upper_bound: number;
}
interface Coupling {
  segment: string;
  degree_of_freedom: DofName;
  coefficient: number;
}
interface Goal {
  value: number;
  weight: number;
}
interface DegreeOfFreedom {
  constraint: Constraint | null;
  couplings: Coupling[];
  goal: Goal | null;
}
export type DegreesOfFreedom = Record<DofName, DegreeOfFreedom>;

export interface Marker {
  name: string;
  position: Vec3;
  weight: number;
}
interface RigidBody {
  name: string;
  transform: Matrix4;
  weight: number;
}

export interface SegmentRecord {
  id: number;
  name: string;
  parentId: number | null;
  children: number[];
  solver: Solver;
  transform: Matrix4;
  defaultTransform: Matrix4;
  degreesOfFreedom: DegreesOfFreedom;
  endpoint: Vec3 | null;
  markers: Marker[];
  rigidBodies: RigidBody[];
}

export interface SkeletonRecord {
  id: number;
  name: string;
  scale: number;
  rootId: number;
  /** Keyed by segment id; the tree is given by parentId/children. */
  segments: Record<number, SegmentRecord>;
}

/** A gap-free piece of a trajectory: its first and last frame (inclusive), and how its samples came about. */
interface TrajectoryPart {
  range: { start: number; end: number };
  type: string;
}

export interface TrajectoryRecord {
  id: number;
  /** null for an unidentified trajectory. */
  label: string | null;
  parts: TrajectoryPart[];
}

export interface BoneRecord {
  id: number;
  from: number;
  to: number;
  /** 0xbbggrr. */
  color: number;
}

export interface SelectionItem {
  type: 'trajectory' | 'bone';
  id: number;
  part_index: number | null;
}

export interface MotionState {
  /** The next identifier to hand out; ids are never reused while a state lives. */
  nextId: number;
  skeletons: Record<SkeletonSource, SkeletonRecord[]>;
  trajectories: TrajectoryRecord[];
  bones: BoneRecord[];
  selection: SelectionItem[];
}

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
