// Loads skeletons into the tree model. The interface has no batch call, so the number of requests
// is fixed by what is shown; they are all issued at once (the client pipelines reads) and the tree
// is built from the pre-order segment list and each segment's parent.
import type { MotionClient } from '../client/motion-client';
import type { CalibratedGeometry } from './skeleton-geometry';
import type {
  DegreesOfFreedom,
  Marker,
  Matrix,
  RigidBody,
  SegmentDefinition,
  SegmentNode,
  SkeletonSourceName,
  SkeletonSummary,
  SkeletonTree,
  Solver,
  Vec3,
} from './skeleton-model';

/** Calls one skeleton getter (`get_segment_name`, …) with its arguments after the source. */
export type Read = <T>(operation: string, ...args: unknown[]) => Promise<T>;

/** Reads a skeleton getter from the settings (with the source first) or from the read-only data module. */
export function skeletonReader(client: MotionClient, source: SkeletonSourceName, signal?: AbortSignal): Read {
  const options = { effect: 'read' as const, signal };
  return <T>(op: string, ...args: unknown[]) =>
    (source === 'data'
      ? client.call('motion.data.object.skeleton', op, args, options)
      : client.call('motion.settings.processing.skeleton', op, [source, ...args], options)) as Promise<T>;
}

/** The skeletons of a source, without their segments: 1 + 3 requests per skeleton. */
export async function listSkeletons(
  client: MotionClient,
  source: SkeletonSourceName,
  signal?: AbortSignal,
): Promise<SkeletonSummary[]> {
  const read = skeletonReader(client, source, signal);
  const ids = await read<number[]>('get_skeleton_ids');
  return Promise.all(ids.map((id) => summary(read, source, id)));
}

async function summary(read: Read, source: SkeletonSourceName, id: number): Promise<SkeletonSummary> {
  const [name, scale, rootId] = await Promise.all([
    read<string>('get_skeleton_name', id),
    read<number>('get_skeleton_scale', id),
    read<number>('get_skeleton_root_id', id),
  ]);
  return { source, id, name, scale, rootId };
}

/** One skeleton with its whole segment tree: 1 + 5 requests per segment. */
export async function loadSkeletonTree(
  client: MotionClient,
  skeleton: SkeletonSummary,
  signal?: AbortSignal,
): Promise<SkeletonTree> {
  const read = skeletonReader(client, skeleton.source, signal);
  const ids = await read<number[]>('get_segment_ids', skeleton.id);
  const rows = await Promise.all(
    ids.map(async (id) => {
      const [name, solver, endpoint, markers, parentId] = await Promise.all([
        read<string>('get_segment_name', id),
        read<Solver>('get_segment_solver', id),
        read<Vec3 | null>('get_segment_endpoint', id),
        read<Marker[]>('get_segment_markers', id),
        read<number | null>('get_segment_parent_id', id),
      ]);
      const node: SegmentNode = { id, name, solver, endpoint, markerCount: markers.length, children: [] };
      return { node, parentId };
    }),
  );
  // Pre-order lists children in insertion order, so appending in list order keeps it.
  const byId = new Map(rows.map((r) => [r.node.id, r.node]));
  for (const row of rows) if (row.parentId !== null) byId.get(row.parentId)?.children.push(row.node);
  const root = byId.get(skeleton.rootId);
  if (!root)
    throw new Error(`skeleton ${skeleton.name} (${skeleton.id}) does not list its root segment ${skeleton.rootId}`);
  return { ...skeleton, root, segmentCount: ids.length };
}

/** Every skeleton of a source with its segments, all requests issued concurrently. */
export async function loadSkeletons(
  client: MotionClient,
  source: SkeletonSourceName,
  signal?: AbortSignal,
): Promise<SkeletonTree[]> {
  const skeletons = await listSkeletons(client, source, signal);
  return Promise.all(skeletons.map((s) => loadSkeletonTree(client, s, signal)));
}

/** A segment's full definition: 11 concurrent requests. */
export async function loadSegmentDefinition(
  client: MotionClient,
  source: SkeletonSourceName,
  id: number,
  signal?: AbortSignal,
): Promise<SegmentDefinition> {
  const read = skeletonReader(client, source, signal);
  const [skeletonId, fields] = await Promise.all([
    read<number>('get_segment_skeleton_id', id),
    readSegmentFields(read, id),
  ]);
  return { ...fields, skeletonId };
}

/** A segment's own fields, all but the skeleton it is in: 10 concurrent requests (a snapshot reads these). */
export async function readSegmentFields(read: Read, id: number): Promise<Omit<SegmentDefinition, 'skeletonId'>> {
  const [
    name,
    parentId,
    childIds,
    solver,
    transform,
    defaultTransform,
    degreesOfFreedom,
    endpoint,
    markers,
    rigidBodies,
  ] = await Promise.all([
    read<string>('get_segment_name', id),
    read<number | null>('get_segment_parent_id', id),
    read<number[]>('get_segment_child_ids', id),
    read<Solver>('get_segment_solver', id),
    read<Matrix>('get_segment_transform', id),
    read<Matrix>('get_segment_default_transform', id),
    read<DegreesOfFreedom>('get_segment_degrees_of_freedom', id),
    read<Vec3 | null>('get_segment_endpoint', id),
    read<Marker[]>('get_segment_markers', id),
    read<RigidBody[]>('get_segment_rigid_bodies', id),
  ]);
  return {
    id,
    name,
    parentId,
    childIds,
    solver,
    transform,
    defaultTransform,
    degreesOfFreedom,
    endpoint,
    markers,
    rigidBodies,
  };
}

/** Where a segment is: enough to draw it in place, before its name, markers and rigid bodies. */
export type SegmentPlacement = Pick<CalibratedGeometry, 'id' | 'parentId' | 'transform'>;

/**
 * Where every segment of a skeleton is, in the calibrated pose: 2 concurrent requests per segment.
 * A 3D view draws the segments from these first, and the rest (loadSegmentDetails) when it comes.
 */
export async function loadSkeletonPlacement(
  client: MotionClient,
  skeleton: SkeletonSummary,
  signal?: AbortSignal,
): Promise<SegmentPlacement[]> {
  const read = skeletonReader(client, skeleton.source, signal);
  const ids = await read<number[]>('get_segment_ids', skeleton.id);
  return Promise.all(
    ids.map(async (id) => {
      const [parentId, transform] = await Promise.all([
        read<number | null>('get_segment_parent_id', id),
        read<Matrix>('get_segment_transform', id),
      ]);
      return { id, parentId, transform };
    }),
  );
}

/**
 * The rest of what a 3D view draws of placed segments, all at once: 3 requests per segment (name,
 * markers, rigid bodies) and the endpoints of the leaves (a segment with children has none, so its
 * endpoint is not asked for; the placement says which segments are parents).
 */
export async function loadSegmentDetails(
  client: MotionClient,
  source: SkeletonSourceName,
  placement: readonly SegmentPlacement[],
  signal?: AbortSignal,
): Promise<CalibratedGeometry[]> {
  const read = skeletonReader(client, source, signal);
  const parents = new Set(placement.map((s) => s.parentId));
  return Promise.all(
    placement.map(async (placed) => {
      const [name, markers, rigidBodies, endpoint] = await Promise.all([
        read<string>('get_segment_name', placed.id),
        read<Marker[]>('get_segment_markers', placed.id),
        read<RigidBody[]>('get_segment_rigid_bodies', placed.id),
        parents.has(placed.id) ? null : read<Vec3 | null>('get_segment_endpoint', placed.id),
      ]);
      return { ...placed, name, endpoint, markers, rigidBodies };
    }),
  );
}

/**
 * What a 3D view needs of every segment of a skeleton, in the calibrated pose: 5 requests per
 * segment and 1 per leaf. The default transforms are read apart, when that pose is wanted.
 */
export async function loadSkeletonGeometry(
  client: MotionClient,
  skeleton: SkeletonSummary,
  signal?: AbortSignal,
): Promise<CalibratedGeometry[]> {
  return loadSegmentDetails(client, skeleton.source, await loadSkeletonPlacement(client, skeleton, signal), signal);
}

/** Each segment's default transform (for the default pose), in the order of `ids`: 1 request per segment. */
export function loadDefaultTransforms(
  client: MotionClient,
  source: SkeletonSourceName,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Matrix[]> {
  const read = skeletonReader(client, source, signal);
  return Promise.all(ids.map((id) => read<Matrix>('get_segment_default_transform', id)));
}
