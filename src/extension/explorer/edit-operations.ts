import type { MotionClient } from '../../api/client/motion-client';
import { MotionError } from '../../api/client/motion-error';
import { SCALE_MAX, SCALE_MIN } from '../../api/catalogue/type-strings';
import { loadSkeletonTree } from '../../api/skeletons/skeleton-loader';
import { walkSegments, type SegmentNode, type Solver } from '../../api/skeletons/skeleton-model';
import type { ExplorerItem } from './explorer-data';

/**
 * What the edit commands ask the user. In VS Code these are input boxes, confirmations and quick
 * picks; tests and scripted callers answer them directly. No `vscode` import.
 */
export interface Prompts {
  input(options: { prompt: string; value?: string; validate: (value: string) => string | undefined }): Promise<string | undefined>;
  confirm(message: string, action: string): Promise<boolean>;
  pick<T>(placeholder: string, items: { label: string; description?: string; value: T }[]): Promise<T | undefined>;
}

/** What an edit did, for the notification and for the view's refresh. */
export interface EditOutcome {
  changed: boolean;
  message?: string;
}

type Editable = 'project' | 'measurement';
const unchanged: EditOutcome = { changed: false };

function editableSource(item: ExplorerItem): Editable {
  const source = item.kind === 'skeleton' ? item.skeleton.source : item.source;
  if (source === 'data') throw new Error('the skeletons of the current data are read-only: edit the project or measurement settings');
  return source;
}

const notEmpty = (what: string) => (value: string) => (value.trim() === '' ? `The ${what} must not be empty.` : undefined);

export async function addSkeleton(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  const source = editableSource(item);
  const name = await prompts.input({ prompt: 'Name of the new skeleton', validate: notEmpty('name') });
  if (name === undefined) return unchanged;
  const api = client.settings.processing.skeleton;
  if ((await api.find_skeleton(source, name)) !== null && !(await prompts.confirm(`A skeleton named "${name}" exists in the ${source} settings. Replace it?`, 'Replace'))) return unchanged;
  const id = await api.add_skeleton(source, name);
  return { changed: true, message: `Added skeleton ${name} (${id}).` };
}

export async function renameSkeleton(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'skeleton') return unchanged;
  const source = editableSource(item);
  const name = await prompts.input({ prompt: 'New name of the skeleton', value: item.skeleton.name, validate: notEmpty('name') });
  if (name === undefined || name === item.skeleton.name) return unchanged;
  const api = client.settings.processing.skeleton;
  const other = await api.find_skeleton(source, name);
  if (other !== null && !(await prompts.confirm(`Another skeleton is named "${name}". Renaming replaces it. Continue?`, 'Replace'))) return unchanged;
  await api.set_skeleton_name(source, item.skeleton.id, name);
  return { changed: true };
}

export async function deleteSkeleton(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'skeleton') return unchanged;
  const source = editableSource(item);
  if (!(await prompts.confirm(`Delete skeleton "${item.skeleton.name}" and all its segments?`, 'Delete'))) return unchanged;
  await client.settings.processing.skeleton.delete_skeleton(source, item.skeleton.id);
  return { changed: true, message: `Deleted skeleton ${item.skeleton.name}.` };
}

/** A scale as typed: a number within the settable range. */
export function validateScale(value: string): string | undefined {
  const scale = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(scale)) return 'Type a number, e.g. 1.05.';
  if (scale < SCALE_MIN || scale > SCALE_MAX) return `The scale must be within ${SCALE_MIN} and ${SCALE_MAX}.`;
  return undefined;
}

export async function setScale(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'skeleton') return unchanged;
  const source = editableSource(item);
  const value = await prompts.input({ prompt: `Scale of ${item.skeleton.name} (${SCALE_MIN} to ${SCALE_MAX})`, value: String(item.skeleton.scale), validate: validateScale });
  if (value === undefined) return unchanged;
  await client.settings.processing.skeleton.set_skeleton_scale(source, item.skeleton.id, Number(value));
  return { changed: true };
}

async function segmentNames(client: MotionClient, item: Extract<ExplorerItem, { kind: 'segment' }>): Promise<Set<string>> {
  const api = client.settings.processing.skeleton;
  const source = editableSource(item);
  const tree = await loadSkeletonTree(client, { source, id: item.skeletonId, name: '', scale: 1, rootId: await api.get_skeleton_root_id(source, item.skeletonId) });
  return new Set([...walkSegments(tree.root)].map(({ node }) => node.name));
}

export async function addSegment(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  const names = await segmentNames(client, item);
  const name = await prompts.input({
    prompt: `Name of the new child of ${item.node.name}`,
    validate: (v) => notEmpty('name')(v) ?? (names.has(v) ? `The skeleton already has a segment named "${v}".` : undefined),
  });
  if (name === undefined) return unchanged;
  await client.settings.processing.skeleton.add_segment(source, item.node.id, name);
  return { changed: true };
}

export async function renameSegment(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  const names = await segmentNames(client, item);
  const name = await prompts.input({
    prompt: 'New name of the segment',
    value: item.node.name,
    validate: (v) => notEmpty('name')(v) ?? (v !== item.node.name && names.has(v) ? `The skeleton already has a segment named "${v}".` : undefined),
  });
  if (name === undefined || name === item.node.name) return unchanged;
  await client.settings.processing.skeleton.set_segment_name(source, item.node.id, name);
  return { changed: true };
}

export function descendantCount(node: SegmentNode): number {
  return [...walkSegments(node)].length - 1;
}

export async function deleteSegment(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  const api = client.settings.processing.skeleton;
  if ((await api.get_segment_parent_id(source, item.node.id)) === null) {
    throw new Error(`${item.node.name} is the root segment: delete the skeleton instead`);
  }
  const below = descendantCount(item.node);
  const what = below === 0 ? `segment "${item.node.name}"` : `segment "${item.node.name}" and the ${below} segment${below === 1 ? '' : 's'} below it`;
  if (!(await prompts.confirm(`Delete ${what}?`, 'Delete'))) return unchanged;
  await api.delete_segment(source, item.node.id);
  return { changed: true };
}

export async function setSolver(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  const api = client.settings.processing.skeleton;
  const isRoot = (await api.get_segment_parent_id(source, item.node.id)) === null;
  const choices: { label: string; description?: string; value: Solver }[] = [
    { label: 'global_optimization', description: 'solve this segment and the descendants without a solver of their own', value: 'global_optimization' },
    { label: 'none', description: 'leave it unsolved', value: 'none' },
  ];
  if (!isRoot) choices.push({ label: 'solved with its parent', description: 'no solver of its own (null)', value: null });
  const solver = await prompts.pick(isRoot ? 'Solver of the root (it must keep one)' : `Solver of ${item.node.name}`, choices);
  if (solver === undefined) return unchanged;
  await api.set_segment_solver(source, item.node.id, solver);
  return { changed: true };
}

/** An endpoint as typed: "x, y, z" in millimetres. */
export function parseEndpoint(value: string): [number, number, number] | undefined {
  const parts = value.split(/[\s,;]+/).filter(Boolean).map(Number);
  return parts.length === 3 && parts.every(Number.isFinite) ? (parts as [number, number, number]) : undefined;
}

export async function setEndpoint(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  if (item.node.children.length > 0) throw new Error(`${item.node.name} has children: only a leaf segment has an endpoint`);
  const current = item.node.endpoint ? item.node.endpoint.join(', ') : '0, 0, 0';
  const value = await prompts.input({ prompt: `Endpoint of ${item.node.name}: x, y, z in millimetres`, value: current, validate: (v) => (parseEndpoint(v) ? undefined : 'Type three numbers, e.g. 0, 0, 180.') });
  if (value === undefined) return unchanged;
  await client.settings.processing.skeleton.set_segment_endpoint(source, item.node.id, parseEndpoint(value)!);
  return { changed: true };
}

/** The user's words for a failure: the operation and the application's message. */
export function describeFailure(error: unknown): string {
  if (error instanceof MotionError) return `${error.operation}: ${error.message}`;
  return (error as Error).message;
}
