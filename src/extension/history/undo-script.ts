import type { MotionClient } from '../../api/client/motion-client';
import type { SegmentDefinitionDocument, SkeletonDefinitionDocument } from '../../api/skeletons/skeleton-definition';
import type { MotionState, SkeletonRecord } from '../../api/state/motion-state';
import { readSnapshot } from '../../api/state/read-snapshot';
import { changeLine, diffStates, type StateChange } from '../../api/state/state-diff';
import type { FieldChange } from '../segment-editor/segment-document';
import type { Undo } from './change-history';
import {
  undoAddedSegment,
  undoAddedSkeleton,
  undoDeletedSegment,
  undoDeletedSkeleton,
  undoScale,
  undoSegmentFields,
  undoSkeletonRename,
} from './undo-steps';

/**
 * The undo of a script run against the application (Apply for Real): every change between the
 * state before and the state after, taken back in an order the interface accepts. Only while the
 * application is still as the script left it (anything changed since, and undoing could take
 * that back too). What the interface cannot set back is said before, as the caveat. No `vscode` import.
 */
export function undoScript(before: MotionState, after: MotionState): Undo {
  const changes = diffStates(before, after);
  const steps: Undo[] = [...undoSelection(before, changes), ...undoBones(before, changes)];
  for (const source of ['project', 'measurement'] as const)
    steps.push(...undoSkeletons(source, before, after, changes));
  const caveats = [...steps.flatMap((s) => (s.caveat ? [s.caveat] : [])), ...notRestorable(changes)];
  return {
    caveat: caveats.length > 0 ? caveats.join(' ') : undefined,
    check: async (client) => {
      const since = diffStates(after, (await readSnapshot(client)).state);
      return since.length === 0
        ? undefined
        : `the application changed since the script ran (${changeLine(since[0])}${since.length > 1 ? ` and ${since.length - 1} more` : ''})`;
    },
    run: async (client) => {
      for (const step of steps) await step.run(client);
    },
  };
}

/** Changes the interface has no setter for: said before the script runs, and before undoing. */
function notRestorable(changes: StateChange[]): string[] {
  const reasons = new Set<string>();
  for (const c of changes) {
    if (c.object.type === 'trajectory') reasons.add('Trajectory labels and parts cannot be set back by the interface.');
    if (c.field === 'parent') reasons.add('A segment moved to another parent cannot be moved back by the interface.');
    if (c.object.type === 'skeleton' && c.object.source === 'data')
      reasons.add("The data's skeletons are read-only: their changes cannot be taken back.");
  }
  return [...reasons];
}

function undoSelection(before: MotionState, changes: StateChange[]): Undo[] {
  if (!changes.some((c) => c.object.type === 'selection')) return [];
  return [
    {
      check: () => Promise.resolve(undefined),
      run: async (client) => void (await client.gui.selection.set_selections(before.selection)),
    },
  ];
}

function undoBones(before: MotionState, changes: StateChange[]): Undo[] {
  const was = new Map(before.bones.map((b) => [b.id, b]));
  // Added bones go first: a removed one built again may join the same two trajectories.
  const order = { added: 0, changed: 1, removed: 2 };
  return [...changes]
    .sort((a, b) => order[a.kind] - order[b.kind])
    .flatMap((c): Undo[] => {
      if (c.object.type !== 'bone') return [];
      const id = c.object.boneId;
      const bone = was.get(id);
      const run =
        c.kind === 'added'
          ? (client: MotionClient) => client.data.object.bone.delete_bone(id)
          : c.kind === 'removed'
            ? (client: MotionClient) => client.data.object.bone.add_bone(bone!.from, bone!.to, bone!.color)
            : (client: MotionClient) => client.data.object.bone.set_bone_color(id, bone!.color);
      return [
        {
          caveat:
            c.kind === 'removed'
              ? `The removed ${c.text.replace(/^removed /, '')} comes back with a new identifier.`
              : undefined,
          check: () => Promise.resolve(undefined),
          run: async (client) => void (await run(client)),
        },
      ];
    });
}

/** A skeleton of the state as a definition document: what import and the undo of a deletion build from. */
function skeletonDocument(skeleton: SkeletonRecord): SkeletonDefinitionDocument {
  return {
    format: 'motion-skeleton',
    version: 1,
    name: skeleton.name,
    scale: skeleton.scale,
    root: segmentDocument(skeleton, skeleton.rootId),
  };
}

function segmentDocument(skeleton: SkeletonRecord, id: number): SegmentDefinitionDocument {
  const s = skeleton.segments[id];
  return {
    name: s.name,
    solver: s.solver,
    transform: s.transform,
    default_transform: s.defaultTransform,
    degrees_of_freedom: s.degreesOfFreedom,
    endpoint: s.endpoint,
    markers: s.markers,
    rigid_bodies: s.rigidBodies,
    children: s.children.map((child) => segmentDocument(skeleton, child)),
  };
}

/**
 * One settings source: in each skeleton kept, added subtrees deleted, removed ones built again, then
 * the fields set back (an endpoint only once its segment is a leaf again); then the skeletons' own
 * name and scale; then added skeletons deleted and removed ones built again.
 */
function undoSkeletons(
  source: 'project' | 'measurement',
  before: MotionState,
  after: MotionState,
  changes: StateChange[],
): Undo[] {
  const mine = changes.filter(
    (c) => c.object.type !== 'selection' && 'source' in c.object && c.object.source === source,
  );
  const was = new Map(before.skeletons[source].map((s) => [s.id, s]));
  const now = new Map(after.skeletons[source].map((s) => [s.id, s]));
  const steps: Undo[] = [];
  const last: Undo[] = [];
  for (const c of mine) {
    const o = c.object;
    if (o.type === 'skeleton' && c.kind === 'added')
      last.push(undoAddedSkeleton(source, o.skeletonId, now.get(o.skeletonId)!.name));
    if (o.type === 'skeleton' && c.kind === 'removed')
      last.push(undoDeletedSkeleton(source, skeletonDocument(was.get(o.skeletonId)!)));
  }
  for (const [id, skeleton] of now) {
    const old = was.get(id);
    if (!old) continue;
    const here = mine.filter((c) => c.object.type === 'segment' && c.object.skeletonId === id);
    const segmentId = (c: StateChange) => (c.object.type === 'segment' ? c.object.segmentId : -1);
    for (const c of here.filter((c) => c.kind === 'added')) {
      const segment = skeleton.segments[segmentId(c)];
      // The top of an added subtree: deleting it deletes what was added below it.
      if (segment.parentId !== null && !old.segments[segment.parentId]) continue;
      steps.push(undoAddedSegment(source, segment.id, segment.name, segment.parentId!, null));
    }
    for (const c of here.filter((c) => c.kind === 'removed')) {
      const segment = old.segments[segmentId(c)];
      if (segment.parentId === null || !skeleton.segments[segment.parentId]) continue;
      steps.push(
        undoDeletedSegment(
          source,
          segment.parentId,
          skeleton.segments[segment.parentId].name,
          segmentDocument(old, segment.id),
        ),
      );
    }
    const fields = new Map<number, FieldChange[]>();
    for (const c of here.filter((c) => c.kind === 'changed' && c.field !== 'parent')) {
      const list = fields.get(segmentId(c)) ?? [];
      list.push({ field: c.field as FieldChange['field'], before: c.before, after: c.after });
      fields.set(segmentId(c), list);
    }
    for (const [segment, list] of fields)
      steps.push(undoSegmentFields(source, segment, skeleton.segments[segment].name, list));
    if (old.scale !== skeleton.scale) steps.push(undoScale(source, id, skeleton.name, old.scale));
    if (old.name !== skeleton.name) steps.push(undoSkeletonRename(source, id, old.name, skeleton.name));
  }
  return [...steps, ...last];
}
