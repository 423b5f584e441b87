import type { MotionApiSettingsProcessingSkeleton } from '../client/motion-api.generated';

/** The plain tree model of skeletons that the explorer and the CLI show. */
export type SkeletonSourceName = 'project' | 'measurement' | 'data';
export const SKELETON_SOURCE_NAMES: readonly SkeletonSourceName[] = ['project', 'measurement', 'data'];

/** The skeleton sources as users read them (tree view, command line, messages). */
export const SOURCE_TITLES: Record<SkeletonSourceName, string> = {
  project: 'Project settings',
  measurement: 'Measurement settings',
  data: 'Data (read-only)',
};

type Getter<K extends keyof MotionApiSettingsProcessingSkeleton> = Awaited<
  ReturnType<MotionApiSettingsProcessingSkeleton[K]>
>;
export type Solver = Getter<'get_segment_solver'>;
export type Vec3 = NonNullable<Getter<'get_segment_endpoint'>>;
export type Matrix = Getter<'get_segment_transform'>;
export type DegreesOfFreedom = Getter<'get_segment_degrees_of_freedom'>;
export type Marker = Getter<'get_segment_markers'>[number];
export type RigidBody = Getter<'get_segment_rigid_bodies'>[number];

export interface SkeletonSummary {
  source: SkeletonSourceName;
  id: number;
  name: string;
  scale: number;
  rootId: number;
}

export interface SegmentNode {
  id: number;
  name: string;
  solver: Solver;
  endpoint: Vec3 | null;
  markerCount: number;
  children: SegmentNode[];
}

export interface SkeletonTree extends SkeletonSummary {
  root: SegmentNode;
  segmentCount: number;
}

/** Everything a segment has: what the segment editor shows and saves. */
export interface SegmentDefinition {
  id: number;
  name: string;
  skeletonId: number;
  parentId: number | null;
  childIds: number[];
  solver: Solver;
  transform: Matrix;
  defaultTransform: Matrix;
  degreesOfFreedom: DegreesOfFreedom;
  endpoint: Vec3 | null;
  markers: Marker[];
  rigidBodies: RigidBody[];
}

/** Depth-first, parents before children: for printing and counting. */
export function* walkSegments(node: SegmentNode, depth = 0): Generator<{ node: SegmentNode; depth: number }> {
  yield { node, depth };
  for (const child of node.children) yield* walkSegments(child, depth + 1);
}
