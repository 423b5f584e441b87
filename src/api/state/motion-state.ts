import type { DofName } from '../catalogue/type-strings';

/**
 * The state of an application as plain JSON-able records: the reference server's model, the
 * content of its state file, and a snapshot read from any application through the interface.
 */
export type Vec3 = [number, number, number];
export type Matrix4 = number[][];
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
export interface DegreeOfFreedom {
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
  /** 0xbbggrr; absent: the colour its id gives it (docs/design.md §11). */
  color?: number;
  /** Whether it was discarded (kept, but left out of processing and export); absent: not. */
  discarded?: boolean;
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

/**
 * The values of the settings modules that were set (any other is its default), and their lists
 * (rigid bodies and their points, AIM models), each item with values and lists of its own.
 */
export interface SettingsItem {
  values: Record<string, unknown>;
  lists: Record<string, SettingsItem[]>;
}

/** What the reference server's demo walk answers to motion.file.get_path (never saved, made by code). */
export const DEMO_WALK_PATH = 'walk.c3d';

export interface MotionState {
  /** The next identifier to hand out; ids are never reused while a state lives. */
  nextId: number;
  skeletons: Record<SkeletonSource, SkeletonRecord[]>;
  trajectories: TrajectoryRecord[];
  bones: BoneRecord[];
  selection: SelectionItem[];
  /**
   * A snapshot's modules that the application did not have (an older or a smaller application):
   * their part of the state is empty because it could not be read, not because it is. A dry run
   * asks the application for their reads and sends none of their changes, as for what the
   * reference server does not model.
   */
  lacking?: string[];
  /** The settings modules' values that were set; absent when none was. */
  settings?: SettingsItem;
  /**
   * The open measurement, by where it came from (its samples are not in the state): the demo's
   * walk (made again by code), or a file, with whether it had unsaved changes. Absent when none is
   * open. What the interface cannot read: a snapshot read through it has none.
   */
  measurement?: { demo: true } | { path: string; dirty: boolean };
  /**
   * The start-up scripts, in the order they run (the application's project list of scripts): whole
   * paths of .py and .lua files. Absent when there are none.
   */
  scripts?: string[];
}
