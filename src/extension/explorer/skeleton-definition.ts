import type { MotionClient } from '../../api/client/motion-client';
import { DEGREES_OF_FREEDOM, MARKER, RIGID_BODY, SOLVER } from '../../api/catalogue/type-strings';
import { loadSegmentDefinition, skeletonReader } from '../../api/skeletons/skeleton-loader';
import type { SkeletonSourceName } from '../../api/skeletons/skeleton-model';
import { parseType } from '../../api/types/parse-type';
import { validateValue } from '../../api/types/validate';
import { segmentFields } from '../segment-editor/segment-document';

/** A whole skeleton as one JSON document: what export writes, import reads and copy moves. No `vscode` import. */
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

export async function exportSkeleton(client: MotionClient, source: SkeletonSourceName, skeletonId: number): Promise<SkeletonDefinitionDocument> {
  const read = skeletonReader(client, source);
  const [name, scale, rootId] = await Promise.all([read<string>('get_skeleton_name', skeletonId), read<number>('get_skeleton_scale', skeletonId), read<number>('get_skeleton_root_id', skeletonId)]);
  const segment = async (id: number): Promise<SegmentDefinitionDocument> => {
    const d = await loadSegmentDefinition(client, source, id);
    return { ...(segmentFields(d) as Omit<SegmentDefinitionDocument, 'children'>), children: await Promise.all(d.childIds.map(segment)) };
  };
  return { format: 'motion-skeleton', version: 1, name, scale, root: await segment(rootId) };
}

/** Checks a definition document, naming the first problem with its path. */
export function checkSkeletonDefinition(value: unknown): SkeletonDefinitionDocument {
  const doc = value as SkeletonDefinitionDocument;
  if (typeof value !== 'object' || value === null || doc.format !== 'motion-skeleton') throw new Error('not a skeleton definition: "format" must be "motion-skeleton"');
  if (doc.version !== 1) throw new Error(`skeleton definition version ${String(doc.version)} is not supported (1 is)`);
  if (typeof doc.name !== 'string' || doc.name.trim() === '') throw new Error('skeleton.name must be a non-empty string');
  if (typeof doc.scale !== 'number') throw new Error('skeleton.scale must be a number');
  const names = new Set<string>();
  const check = (segment: SegmentDefinitionDocument, path: string) => {
    const children = Array.isArray(segment?.children) ? segment.children : [];
    const own = { ...segment, children: children.map((c) => ({ name: c?.name })) };
    const problem = validateValue(Array.isArray(segment?.children) ? own : segment, SEGMENT_TYPE, path);
    if (problem) throw new Error(`${problem.path}: ${problem.message}`);
    if (names.has(segment.name)) throw new Error(`${path}.name: "${segment.name}" appears twice; segment names are unique within a skeleton`);
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
 * Creates the skeleton in a settings source from a definition. A skeleton of that name there is
 * replaced (the interface's rule). If the application refuses something, or the user cancels, the
 * half-built skeleton is deleted again.
 */
export async function importSkeleton(client: MotionClient, target: 'project' | 'measurement', doc: SkeletonDefinitionDocument, progress?: Progress): Promise<number> {
  const api = client.settings.processing.skeleton;
  const total = count(doc.root);
  let done = 0;
  const skeletonId = await api.add_skeleton(target, doc.name);
  try {
    await api.set_skeleton_scale(target, skeletonId, doc.scale);
    const created: [number, SegmentDefinitionDocument][] = [];
    const build = async (id: number, segment: SegmentDefinitionDocument) => {
      if (progress?.cancelled()) throw new Error('cancelled');
      created.push([id, segment]);
      await Promise.all([
        api.set_segment_transform(target, id, segment.transform),
        api.set_segment_default_transform(target, id, segment.default_transform),
        api.set_segment_markers(target, id, segment.markers as never),
        api.set_segment_rigid_bodies(target, id, segment.rigid_bodies as never),
        api.set_segment_solver(target, id, segment.solver),
      ]);
      progress?.report(++done, total);
      for (const child of segment.children) await build(await api.add_segment(target, id, child.name), child);
      if (segment.endpoint !== null || segment.children.length === 0) await api.set_segment_endpoint(target, id, segment.endpoint);
    };
    const rootId = await api.get_skeleton_root_id(target, skeletonId);
    await api.set_segment_name(target, rootId, doc.root.name);
    await build(rootId, doc.root);
    // Couplings name other segments: degrees of freedom once every segment exists.
    await Promise.all(created.map(([id, segment]) => api.set_segment_degrees_of_freedom(target, id, segment.degrees_of_freedom as never)));
    return skeletonId;
  } catch (error) {
    await api.delete_skeleton(target, skeletonId).catch(() => undefined);
    throw error;
  }
}

export async function copySkeleton(client: MotionClient, from: SkeletonSourceName, skeletonId: number, to: 'project' | 'measurement', progress?: Progress): Promise<number> {
  return importSkeleton(client, to, await exportSkeleton(client, from, skeletonId), progress);
}
