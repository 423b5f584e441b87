import type { MotionClient } from '../../api/client/motion-client';
import { SCALE_MAX, SCALE_MIN } from '../../api/catalogue/type-strings';
import { loadSkeletonTree } from '../../api/skeletons/skeleton-loader';
import { SOURCE_TITLES, walkSegments, type SegmentNode, type Solver } from '../../api/skeletons/skeleton-model';
import { applySegmentFields, type FieldChange } from '../segment-editor/segment-document';
import type { ChangeRecord } from '../history/change-history';
import * as undo from '../history/undo-steps';
import { describePlace, type ExplorerItem } from './explorer-data';
import { confirm, type Prompts } from '../questions';
import {
  exportSegment,
  exportSkeleton,
  type SkeletonDefinitionDocument,
} from '../../api/skeletons/skeleton-definition';

/** What an edit did: for the notification, the view's refresh and the change history. */
export interface EditOutcome {
  changed: boolean;
  message?: string;
  /** The change made, with its undo; absent when nothing changed. */
  change?: ChangeRecord;
}

type Editable = 'project' | 'measurement';
const unchanged: EditOutcome = { changed: false };

function editableSource(item: ExplorerItem): Editable {
  const source = item.kind === 'skeleton' ? item.skeleton.source : item.source;
  if (source === 'data')
    throw new Error('the skeletons of the current data are read-only: edit the project or measurement settings');
  return source;
}

const notEmpty = (what: string) => (value: string) =>
  value.trim() === '' ? `The ${what} must not be empty.` : undefined;

/** Where a new skeleton name meets an existing one: replace it (its definition kept for undo), pick another name, or stop. */
export async function resolveNameClash(
  client: MotionClient,
  prompts: Prompts,
  source: Editable,
  name: string,
): Promise<{ name: string; replaced?: SkeletonDefinitionDocument } | undefined> {
  const api = client.settings.processing.skeleton;
  const existing = await api.find_skeleton(source, name);
  if (existing === null) return { name };
  const where = SOURCE_TITLES[source].toLowerCase();
  const answer = await prompts.decide(
    `A skeleton named "${name}" is already in the ${where}.`,
    ['Use Another Name…', 'Replace'],
    `Replace deletes the existing "${name}" and all its segments (Undo brings it back).`,
  );
  if (answer === 'Replace') return { name, replaced: await exportSkeleton(client, source, existing) };
  if (answer !== 'Use Another Name…') return undefined;
  const taken = new Set(
    await Promise.all((await api.get_skeleton_ids(source)).map((id) => api.get_skeleton_name(source, id))),
  );
  let suggestion = 2;
  while (taken.has(`${name} ${suggestion}`)) suggestion++;
  const other = await prompts.input({
    prompt: `New name for the skeleton (the ${where} have a "${name}")`,
    value: `${name} ${suggestion}`,
    validate: (v) =>
      notEmpty('name')(v) ?? (taken.has(v) ? `The ${where} already have a skeleton named "${v}".` : undefined),
  });
  return other === undefined ? undefined : { name: other };
}

export async function addSkeleton(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  const source = editableSource(item);
  const typed = await prompts.input({ prompt: 'Name of the new skeleton', validate: notEmpty('name') });
  if (typed === undefined) return unchanged;
  const target = await resolveNameClash(client, prompts, source, typed);
  if (!target) return unchanged;
  const id = await client.settings.processing.skeleton.add_skeleton(source, target.name);
  return {
    changed: true,
    message: `Added skeleton ${target.name} (${id}).`,
    change: {
      description: `Add skeleton "${target.name}"${target.replaced ? ' (replacing the one of that name)' : ''}`,
      where: describePlace(source),
      undo: undo.undoAddedSkeleton(source, id, target.name, target.replaced),
    },
  };
}

export async function renameSkeleton(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'skeleton') return unchanged;
  const source = editableSource(item);
  const before = item.skeleton.name;
  const name = await prompts.input({ prompt: 'New name of the skeleton', value: before, validate: notEmpty('name') });
  if (name === undefined || name === before) return unchanged;
  const api = client.settings.processing.skeleton;
  const other = await api.find_skeleton(source, name);
  let replaced: SkeletonDefinitionDocument | undefined;
  if (other !== null) {
    if (
      !(await confirm(
        prompts,
        `Another skeleton in the ${SOURCE_TITLES[source].toLowerCase()} is named "${name}". Renaming replaces it.`,
        'Rename and Replace',
      ))
    )
      return unchanged;
    replaced = await exportSkeleton(client, source, other);
  }
  await api.set_skeleton_name(source, item.skeleton.id, name);
  return {
    changed: true,
    change: {
      description: `Rename skeleton "${before}" to "${name}"`,
      where: describePlace(source),
      undo: undo.undoSkeletonRename(source, item.skeleton.id, before, name, replaced),
    },
  };
}

export async function deleteSkeleton(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'skeleton') return unchanged;
  const source = editableSource(item);
  const { name, id } = item.skeleton;
  if (
    !(await confirm(
      prompts,
      `Delete skeleton "${name}" and all its segments?`,
      'Delete',
      'Undo Last Change creates it again, with new identifiers.',
    ))
  )
    return unchanged;
  const definition = await exportSkeleton(client, source, id);
  await client.settings.processing.skeleton.delete_skeleton(source, id);
  return {
    changed: true,
    message: `Deleted skeleton ${name}.`,
    change: {
      description: `Delete skeleton "${name}"`,
      where: describePlace(source),
      undo: undo.undoDeletedSkeleton(source, definition),
    },
  };
}

/** A scale as typed: a number within the settable range. */
function validateScale(value: string): string | undefined {
  const scale = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(scale)) return 'Type a number, e.g. 1.05.';
  if (scale < SCALE_MIN || scale > SCALE_MAX) return `The scale must be within ${SCALE_MIN} and ${SCALE_MAX}.`;
  return undefined;
}

export async function setScale(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'skeleton') return unchanged;
  const source = editableSource(item);
  const { name, id, scale: before } = item.skeleton;
  const value = await prompts.input({
    prompt: `Scale of ${name} (${SCALE_MIN} to ${SCALE_MAX})`,
    value: String(before),
    validate: validateScale,
  });
  if (value === undefined || Number(value) === before) return unchanged;
  await client.settings.processing.skeleton.set_skeleton_scale(source, id, Number(value));
  return {
    changed: true,
    change: {
      description: `Set the scale of "${name}" from ${before} to ${Number(value)}`,
      where: describePlace(source, name),
      undo: undo.undoScale(source, id, name, before),
    },
  };
}

async function segmentNames(
  client: MotionClient,
  item: Extract<ExplorerItem, { kind: 'segment' }>,
): Promise<Set<string>> {
  const api = client.settings.processing.skeleton;
  const source = editableSource(item);
  const tree = await loadSkeletonTree(client, {
    source,
    id: item.skeletonId,
    name: '',
    scale: 1,
    rootId: await api.get_skeleton_root_id(source, item.skeletonId),
  });
  return new Set([...walkSegments(tree.root)].map(({ node }) => node.name));
}

export async function addSegment(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  const names = await segmentNames(client, item);
  const name = await prompts.input({
    prompt: `Name of the new child of ${item.node.name}`,
    validate: (v) =>
      notEmpty('name')(v) ?? (names.has(v) ? `The skeleton already has a segment named "${v}".` : undefined),
  });
  if (name === undefined) return unchanged;
  const api = client.settings.processing.skeleton;
  const parentEndpoint = await api.get_segment_endpoint(source, item.node.id);
  const id = await api.add_segment(source, item.node.id, name);
  return {
    changed: true,
    change: {
      description: `Add segment "${name}" under "${item.node.name}"`,
      where: describePlace(source, item.skeletonName),
      undo: undo.undoAddedSegment(source, id, name, item.node.id, parentEndpoint),
    },
  };
}

/** A change of segment fields through their setters, with its undo. */
function segmentChange(
  source: Editable,
  item: Extract<ExplorerItem, { kind: 'segment' }>,
  description: string,
  changes: FieldChange[],
): EditOutcome {
  if (changes.length === 0) return unchanged;
  const renamed = changes.find((c) => c.field === 'name');
  const nameAfter = renamed ? String(renamed.after) : item.node.name;
  return {
    changed: true,
    change: {
      description,
      where: describePlace(source, item.skeletonName, nameAfter),
      undo: undo.undoSegmentFields(source, item.node.id, nameAfter, changes),
    },
  };
}

export async function renameSegment(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  const names = await segmentNames(client, item);
  const name = await prompts.input({
    prompt: 'New name of the segment',
    value: item.node.name,
    validate: (v) =>
      notEmpty('name')(v) ??
      (v !== item.node.name && names.has(v) ? `The skeleton already has a segment named "${v}".` : undefined),
  });
  if (name === undefined || name === item.node.name) return unchanged;
  const changes = await applySegmentFields(client, source, item.node.id, { name });
  return segmentChange(source, item, `Rename segment "${item.node.name}" to "${name}"`, changes);
}

function descendantCount(node: SegmentNode): number {
  return [...walkSegments(node)].length - 1;
}

export async function deleteSegment(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  const api = client.settings.processing.skeleton;
  const parentId = await api.get_segment_parent_id(source, item.node.id);
  if (parentId === null) throw new Error(`${item.node.name} is the root segment: delete the skeleton instead`);
  const below = descendantCount(item.node);
  const what =
    below === 0
      ? `segment "${item.node.name}"`
      : `segment "${item.node.name}" and the ${below} segment${below === 1 ? '' : 's'} below it`;
  if (
    !(await confirm(prompts, `Delete ${what}?`, 'Delete', 'Undo Last Change creates it again, with new identifiers.'))
  )
    return unchanged;
  const [definition, parentName] = await Promise.all([
    exportSegment(client, source, item.node.id),
    api.get_segment_name(source, parentId),
  ]);
  await api.delete_segment(source, item.node.id);
  return {
    changed: true,
    change: {
      description: `Delete ${what}`,
      where: describePlace(source, item.skeletonName),
      undo: undo.undoDeletedSegment(source, parentId, parentName, definition),
    },
  };
}

export async function setSolver(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  const api = client.settings.processing.skeleton;
  const isRoot = (await api.get_segment_parent_id(source, item.node.id)) === null;
  const choices: { label: string; description?: string; value: Solver }[] = [
    {
      label: 'global_optimization',
      description: 'solve this segment and the descendants without a solver of their own',
      value: 'global_optimization',
    },
    { label: 'none', description: 'leave it unsolved', value: 'none' },
  ];
  if (!isRoot)
    choices.push({ label: 'solved with its parent', description: 'no solver of its own (null)', value: null });
  const solver = await prompts.pick(
    isRoot ? 'Solver of the root (it must keep one)' : `Solver of ${item.node.name}`,
    choices,
  );
  if (solver === undefined) return unchanged;
  const changes = await applySegmentFields(client, source, item.node.id, { solver });
  return segmentChange(
    source,
    item,
    `Set the solver of "${item.node.name}" to ${solver ?? 'solved with its parent'}`,
    changes,
  );
}

/** An endpoint as typed: "x, y, z" in millimetres. */
export function parseEndpoint(value: string): [number, number, number] | undefined {
  const parts = value
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  return parts.length === 3 && parts.every(Number.isFinite) ? (parts as [number, number, number]) : undefined;
}

export async function setEndpoint(client: MotionClient, prompts: Prompts, item: ExplorerItem): Promise<EditOutcome> {
  if (item.kind !== 'segment') return unchanged;
  const source = editableSource(item);
  if (item.node.children.length > 0)
    throw new Error(`${item.node.name} has children: only a leaf segment has an endpoint`);
  const current = item.node.endpoint ? item.node.endpoint.join(', ') : '0, 0, 0';
  const value = await prompts.input({
    prompt: `Endpoint of ${item.node.name}: x, y, z in millimetres`,
    value: current,
    validate: (v) => (parseEndpoint(v) ? undefined : 'Type three numbers, e.g. 0, 0, 180.'),
  });
  if (value === undefined) return unchanged;
  const endpoint = parseEndpoint(value)!;
  const changes = await applySegmentFields(client, source, item.node.id, { endpoint });
  return segmentChange(source, item, `Set the endpoint of "${item.node.name}" to [${endpoint.join(', ')}] mm`, changes);
}
