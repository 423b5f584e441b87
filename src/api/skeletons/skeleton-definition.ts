import type { MotionClient } from '../client/motion-client';
import { LIMITS } from '../catalogue/limits';
import { DEGREES_OF_FREEDOM, MARKER, RIGID_BODY, SOLVER } from '../catalogue/type-strings';
import { loadSegmentDefinition, skeletonReader } from './skeleton-loader';
import type { SegmentDefinition, SkeletonSourceName } from './skeleton-model';
import { parseType } from '../types/parse-type';
import { validateValue } from '../types/validate';

/** A segment's editable fields, named as in documents (segment documents and skeleton definition files). */
export function segmentFields(d: SegmentDefinition): Omit<SegmentDefinitionDocument, 'children'> {
  return {
    name: d.name,
    solver: d.solver,
    transform: d.transform,
    default_transform: d.defaultTransform,
    degrees_of_freedom: d.degreesOfFreedom,
    markers: d.markers,
    rigid_bodies: d.rigidBodies,
    endpoint: d.endpoint,
  };
}

/** A whole skeleton as one JSON document: what export writes, import reads and copy moves. */
export interface SegmentDefinitionDocument {
  name: string;
  solver: 'none' | 'global_optimization' | null;
  transform: number[][];
  default_transform: number[][];
  degrees_of_freedom: unknown;
  endpoint: [number, number, number] | null;
  markers: unknown[];
  rigid_bodies: unknown[];
  children: SegmentDefinitionDocument[];
}

export interface SkeletonDefinitionDocument {
  format: 'motion-skeleton';
  version: 1;
  name: string;
  scale: number;
  root: SegmentDefinitionDocument;
}

/** One segment's own fields; its children are checked one by one (the type language has no recursion). */
const SEGMENT_TYPE = parseType(
  `{"name": string, "solver": ${SOLVER}, "transform": mat4x4f, "default_transform": mat4x4f, "degrees_of_freedom": ${DEGREES_OF_FREEDOM}, ` +
    `"endpoint": vec3f?, "markers": [${MARKER}], "rigid_bodies": [${RIGID_BODY}], "children": [{"name": string}]}`,
);

export interface Progress {
  report(done: number, total: number): void;
  cancelled(): boolean;
}

export async function exportSkeleton(
  client: MotionClient,
  source: SkeletonSourceName,
  skeletonId: number,
): Promise<SkeletonDefinitionDocument> {
  const read = skeletonReader(client, source);
  const [name, scale, rootId] = await Promise.all([
    read<string>('get_skeleton_name', skeletonId),
    read<number>('get_skeleton_scale', skeletonId),
    read<number>('get_skeleton_root_id', skeletonId),
  ]);
  return { format: 'motion-skeleton', version: 1, name, scale, root: await exportSegment(client, source, rootId) };
}

/** Checks a definition document, naming the first problem with its path. */
export function checkSkeletonDefinition(value: unknown): SkeletonDefinitionDocument {
  const doc = value as SkeletonDefinitionDocument;
  if (typeof value !== 'object' || value === null || doc.format !== 'motion-skeleton')
    throw new Error('not a skeleton definition: "format" must be "motion-skeleton"');
  if (doc.version !== 1) throw new Error(`skeleton definition version ${String(doc.version)} is not supported (1 is)`);
  if (typeof doc.name !== 'string' || doc.name.trim() === '')
    throw new Error('skeleton.name must be a non-empty string');
  if (typeof doc.scale !== 'number') throw new Error('skeleton.scale must be a number');
  const names = new Set<string>();
  const check = (segment: SegmentDefinitionDocument, path: string) => {
    const children = Array.isArray(segment?.children) ? segment.children : [];
    const own = { ...segment, children: children.map((c) => ({ name: c?.name })) };
    const problem = validateValue(Array.isArray(segment?.children) ? own : segment, SEGMENT_TYPE, path);
    if (problem) throw new Error(`${problem.path}: ${problem.message}`);
    if (segment.endpoint !== null && children.length > 0)
      throw new Error(`${path}.endpoint: must be null, because the segment has children (only a leaf has an endpoint)`);
    if (names.has(segment.name))
      throw new Error(`${path}.name: "${segment.name}" appears twice; segment names are unique within a skeleton`);
    names.add(segment.name);
    children.forEach((child, i) => check(child, `${path}.children[${i}]`));
  };
  check(doc.root, 'skeleton.root');
  return doc;
}

function count(segment: SegmentDefinitionDocument): number {
  return 1 + segment.children.reduce((n, c) => n + count(c), 0);
}

/**
 * Gives the existing segment `segmentId` the fields of `segment`, and creates its subtree below it
 * (children appended in order). Degrees of freedom are set once every segment exists, because
 * couplings name other segments. Returns the ids it created, the given one first.
 */
export async function buildSegments(
  client: MotionClient,
  target: 'project' | 'measurement',
  segmentId: number,
  segment: SegmentDefinitionDocument,
  progress?: Progress,
): Promise<number[]> {
  const api = client.settings.processing.skeleton;
  const total = count(segment);
  let done = 0;
  const created: [number, SegmentDefinitionDocument][] = [];
  const build = async (id: number, doc: SegmentDefinitionDocument) => {
    if (progress?.cancelled()) throw new Error('cancelled');
    created.push([id, doc]);
    await Promise.all([
      api.set_segment_transform(target, id, doc.transform),
      api.set_segment_default_transform(target, id, doc.default_transform),
      api.set_segment_markers(target, id, doc.markers as never),
      api.set_segment_rigid_bodies(target, id, doc.rigid_bodies as never),
      api.set_segment_solver(target, id, doc.solver),
    ]);
    progress?.report(++done, total);
    for (const child of doc.children) await build(await api.add_segment(target, id, child.name), child);
    // After the children: adding one makes the endpoint null, and a leaf may have a null endpoint too.
    await api.set_segment_endpoint(target, id, doc.endpoint);
  };
  await build(segmentId, segment);
  await Promise.all(
    created.map(([id, doc]) => api.set_segment_degrees_of_freedom(target, id, doc.degrees_of_freedom as never)),
  );
  return created.map(([id]) => id);
}

/**
 * Creates the skeleton in a settings source from a definition. A skeleton of that name there is
 * replaced (the interface's rule: callers ask first), but only at the very end: see importSkeletons.
 */
export async function importSkeleton(
  client: MotionClient,
  target: 'project' | 'measurement',
  doc: SkeletonDefinitionDocument,
  progress?: Progress,
): Promise<number> {
  const [id] = await importSkeletons(client, target, [doc], progress);
  return id;
}

/**
 * Creates several skeletons, all or nothing. Each is built under a temporary name no skeleton has,
 * so that a skeleton it replaces stays as it is while the others are built; once every one is
 * complete, renaming it to its own name replaces the old one in one call (the interface's rename
 * rule). If the application refuses anything, or the user cancels, the ones being built are
 * deleted again and nothing else has changed. Returns the ids, in the order of `docs`.
 */
export async function importSkeletons(
  client: MotionClient,
  target: 'project' | 'measurement',
  docs: readonly SkeletonDefinitionDocument[],
  progress?: Progress,
): Promise<number[]> {
  const api = client.settings.processing.skeleton;
  const total = docs.reduce((n, doc) => n + count(doc.root), 0);
  let before = 0;
  const built: number[] = [];
  try {
    for (const doc of docs) {
      if (progress?.cancelled()) throw new Error('cancelled');
      const skeletonId = await api.add_skeleton(target, await temporaryName(client, target, doc.name));
      built.push(skeletonId);
      await api.set_skeleton_scale(target, skeletonId, doc.scale);
      const rootId = await api.get_skeleton_root_id(target, skeletonId);
      await api.set_segment_name(target, rootId, doc.root.name);
      const offset = before;
      await buildSegments(client, target, rootId, doc.root, {
        report: (done) => progress?.report(offset + done, total),
        cancelled: () => progress?.cancelled() ?? false,
      });
      before += count(doc.root);
    }
    if (progress?.cancelled()) throw new Error('cancelled');
  } catch (error) {
    for (const id of built) await api.delete_skeleton(target, id).catch(() => undefined);
    throw error;
  }
  for (const [i, id] of built.entries()) await api.set_skeleton_name(target, id, docs[i].name);
  return built;
}

/** A name for a skeleton being built that no skeleton of the source has (and that fits the name limit). */
async function temporaryName(client: MotionClient, target: 'project' | 'measurement', name: string): Promise<string> {
  const api = client.settings.processing.skeleton;
  for (let attempt = 0; ; attempt++) {
    const suffix = ` (importing${attempt ? ` ${attempt + 1}` : ''})`;
    const candidate = `${name.slice(0, LIMITS.nameLength - suffix.length)}${suffix}`;
    if ((await api.find_skeleton(target, candidate)) === null) return candidate;
  }
}

/** A segment and everything below it, as a definition document (what deleting it would lose). */
export async function exportSegment(
  client: MotionClient,
  source: SkeletonSourceName,
  segmentId: number,
): Promise<SegmentDefinitionDocument> {
  const d = await loadSegmentDefinition(client, source, segmentId);
  return {
    ...segmentFields(d),
    children: await Promise.all(d.childIds.map((id) => exportSegment(client, source, id))),
  };
}
