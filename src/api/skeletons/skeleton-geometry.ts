import { Matrix4 } from 'three/src/math/Matrix4.js';
import { Vector3 } from 'three/src/math/Vector3.js';
import type { Matrix, SegmentDefinition, Vec3 } from './skeleton-model';

/** The calibrated pose (each segment's transform) or the default pose (its default transform, e.g. a T-pose). */
export type Pose = 'calibrated' | 'default';

/** What a segment's place in the world depends on (a definition, without solver and degrees of freedom). */
type SegmentGeometry = Pick<
  SegmentDefinition,
  'id' | 'name' | 'parentId' | 'transform' | 'defaultTransform' | 'endpoint' | 'markers' | 'rigidBodies'
>;

/** Enough for the calibrated pose: the default transform is read only when that pose is wanted. */
export type CalibratedGeometry = Omit<SegmentGeometry, 'defaultTransform'> & { defaultTransform?: Matrix };

interface PlacedSegment {
  id: number;
  name: string;
  parentId: number | null;
  /** The segment's world transform: its parent's world transform times its own (row-major, mm). */
  world: Matrix;
  origin: Vec3;
  /** What is wrong with the segment as defined (drawn in a warning colour, said on hover). */
  problems: string[];
}

/** A bone: from a segment's origin to a child's origin, or to the segment's endpoint. */
interface Bone {
  segmentId: number;
  from: Vec3;
  to: Vec3;
  toEndpoint: boolean;
}

interface PlacedMarker {
  segmentId: number;
  name: string;
  position: Vec3;
  problems: string[];
}

interface PlacedRigidBody {
  segmentId: number;
  name: string;
  world: Matrix;
}

export interface SkeletonScene {
  segments: PlacedSegment[];
  bones: Bone[];
  markers: PlacedMarker[];
  rigidBodies: PlacedRigidBody[];
  /** The box that holds every origin, bone end and marker (mm); null for no segments. */
  extent: { min: Vec3; max: Vec3 } | null;
}

/** How far from the rotation of a rigid transform a matrix may be (rounding in saved files). */
const RIGID_TOLERANCE = 1e-3;
/** A marker farther from its segment's origin than twice the segment's length plus this is "far outside". */
const MARKER_MARGIN_MM = 200;

/**
 * Where a skeleton's segments, bones, markers and rigid bodies are in the world, in a pose: each
 * segment's world transform is its parent's times its own (docs/design.md §4: row-major, mm). Definitions
 * made by hand may be wrong (a transform that is not rigid or not invertible, a missing parent, a
 * cycle of parents, a marker far from its segment): they are placed as well as they can be and
 * their problems named, never thrown.
 */
export function skeletonScene(definitions: readonly CalibratedGeometry[], pose?: 'calibrated'): SkeletonScene;
export function skeletonScene(definitions: readonly SegmentGeometry[], pose: Pose): SkeletonScene;
export function skeletonScene(definitions: readonly CalibratedGeometry[], pose: Pose = 'calibrated'): SkeletonScene {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const problems = new Map<number, string[]>(definitions.map((d) => [d.id, []]));
  const local = new Map<number, Matrix4>();
  for (const d of definitions) {
    const { matrix, problem } = readTransform(pose === 'default' ? d.defaultTransform! : d.transform);
    local.set(d.id, matrix);
    if (problem) problems.get(d.id)!.push(problem);
  }

  // Roots: no parent, or a parent that is missing (placed from the origin, and said so).
  const children = new Map<number, CalibratedGeometry[]>();
  const roots: CalibratedGeometry[] = [];
  for (const d of definitions) {
    if (d.parentId === null) roots.push(d);
    else if (!byId.has(d.parentId)) {
      problems.get(d.id)!.push(`its parent ${d.parentId} is missing; it is drawn from the origin`);
      roots.push(d);
    } else children.set(d.parentId, [...(children.get(d.parentId) ?? []), d]);
  }

  const world = new Map<number, Matrix4>();
  const place = (from: CalibratedGeometry[]) => {
    const stack = from.map((d) => ({ d, parent: new Matrix4() }));
    while (stack.length > 0) {
      const { d, parent } = stack.pop()!;
      if (world.has(d.id)) continue;
      const placed = parent.clone().multiply(local.get(d.id)!);
      world.set(d.id, placed);
      for (const child of children.get(d.id) ?? []) stack.push({ d: child, parent: placed });
    }
  };
  place(roots);
  // What no root reaches is in a cycle of parents: each is drawn from the origin, and said so.
  for (const d of definitions) {
    if (world.has(d.id)) continue;
    problems.get(d.id)!.push(`it is in a cycle of parents (${cycleThrough(d, byId)}); it is drawn from the origin`);
    place([d]);
  }

  const originOf = (id: number) => new Vector3().setFromMatrixPosition(world.get(id)!);
  const segments: PlacedSegment[] = [];
  const bones: Bone[] = [];
  const markers: PlacedMarker[] = [];
  const rigidBodies: PlacedRigidBody[] = [];
  for (const d of definitions) {
    const placed = world.get(d.id)!;
    const origin = originOf(d.id);
    for (const child of children.get(d.id) ?? [])
      bones.push({ segmentId: d.id, from: vec(origin), to: vec(originOf(child.id)), toEndpoint: false });
    if (d.endpoint && finite(d.endpoint)) {
      const to = new Vector3(...d.endpoint).applyMatrix4(placed);
      bones.push({ segmentId: d.id, from: vec(origin), to: vec(to), toEndpoint: true });
    }
    // How far a marker may be is the segment's own size, the same in every pose: the longest of its
    // children's offsets (calibrated transforms) and its endpoint, all in the segment's frame.
    const length = Math.max(
      0,
      ...(children.get(d.id) ?? []).map((child) => offsetOf(child.transform)),
      d.endpoint && finite(d.endpoint) ? new Vector3(...d.endpoint).length() : 0,
    );
    for (const marker of d.markers) {
      const position = finite(marker.position) ? new Vector3(...marker.position).applyMatrix4(placed) : origin.clone();
      const distance = finite(marker.position) ? new Vector3(...marker.position).length() : 0;
      const far = 2 * length + MARKER_MARGIN_MM;
      markers.push({
        segmentId: d.id,
        name: marker.name,
        position: vec(position),
        problems: !finite(marker.position)
          ? ['its position holds a number that is not finite']
          : distance > far
            ? [`it is ${Math.round(distance)} mm from its segment's origin, more than ${Math.round(far)} mm`]
            : [],
      });
    }
    for (const body of d.rigidBodies)
      rigidBodies.push({
        segmentId: d.id,
        name: body.name,
        world: rows(placed.clone().multiply(readTransform(body.transform).matrix)),
      });
    segments.push({
      id: d.id,
      name: d.name,
      parentId: d.parentId,
      world: rows(placed),
      origin: vec(origin),
      problems: problems.get(d.id)!,
    });
  }
  return { segments, bones, markers, rigidBodies, extent: extentOf(segments, bones, markers) };
}

/** A matrix of the interface as three.js's, and what is wrong with it as a rigid transform. */
function readTransform(m: Matrix): { matrix: Matrix4; problem?: string } {
  const values = m.flat();
  if (m.length !== 4 || m.some((row) => row.length !== 4) || !values.every(Number.isFinite))
    return { matrix: new Matrix4(), problem: 'its transform holds a number that is not finite; it is drawn unmoved' };
  const matrix = new Matrix4().set(...(values as Parameters<Matrix4['set']>));
  const determinant = matrix.determinant();
  if (Math.abs(determinant) < 1e-9) return { matrix, problem: 'its transform is not invertible' };
  const [r0, r1, r2] = [0, 1, 2].map((i) => new Vector3(m[i][0], m[i][1], m[i][2]));
  const orthonormal =
    [r0, r1, r2].every((r) => Math.abs(r.length() - 1) < RIGID_TOLERANCE) &&
    Math.abs(r0.dot(r1)) < RIGID_TOLERANCE &&
    Math.abs(r0.dot(r2)) < RIGID_TOLERANCE &&
    Math.abs(r1.dot(r2)) < RIGID_TOLERANCE;
  const lastRow = m[3][0] === 0 && m[3][1] === 0 && m[3][2] === 0 && m[3][3] === 1;
  if (!orthonormal || determinant < 0 || !lastRow)
    return {
      matrix,
      problem: `its transform is not rigid (${!lastRow ? 'the last row is not 0 0 0 1' : determinant < 0 ? 'it mirrors' : 'it scales or shears'})`,
    };
  return { matrix };
}

/** The names around a cycle of parents that starts at or leads to `d`. */
function cycleThrough(d: CalibratedGeometry, byId: Map<number, CalibratedGeometry>): string {
  const seen: CalibratedGeometry[] = [];
  let at: CalibratedGeometry | undefined = d;
  while (at && !seen.includes(at)) {
    seen.push(at);
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  const loop = at ? seen.slice(seen.indexOf(at)) : seen;
  return [...loop, loop[0]].map((s) => s.name).join(' → ');
}

function extentOf(segments: PlacedSegment[], bones: Bone[], markers: PlacedMarker[]): { min: Vec3; max: Vec3 } | null {
  const points = [...segments.map((s) => s.origin), ...bones.map((b) => b.to), ...markers.map((m) => m.position)];
  if (points.length === 0) return null;
  const min = [0, 1, 2].map((i) => Math.min(...points.map((p) => p[i]))) as Vec3;
  const max = [0, 1, 2].map((i) => Math.max(...points.map((p) => p[i]))) as Vec3;
  return { min, max };
}

/** The length of a transform's translation (0 for one that is not a finite 4×4 matrix). */
function offsetOf(m: Matrix): number {
  const offset = m.length === 4 ? [m[0]?.[3], m[1]?.[3], m[2]?.[3]] : [];
  return offset.length === 3 && offset.every(Number.isFinite) ? Math.hypot(...offset) : 0;
}

function finite(v: Vec3): boolean {
  return v.length === 3 && v.every(Number.isFinite);
}

function vec(v: Vector3): Vec3 {
  return [v.x, v.y, v.z];
}

/** three.js keeps columns; the interface writes rows. */
function rows(m: Matrix4): Matrix {
  const e = m.clone().transpose().elements;
  return [0, 4, 8, 12].map<number[]>((i) => [e[i], e[i + 1], e[i + 2], e[i + 3]]);
}
