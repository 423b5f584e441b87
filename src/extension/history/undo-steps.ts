import type { MotionClient } from '../../api/client/motion-client';
import { MotionError } from '../../api/client/motion-error';
import { SOURCE_TITLES } from '../../api/skeletons/skeleton-model';
import {
  buildSegments,
  importSkeleton,
  type SegmentDefinitionDocument,
  type SkeletonDefinitionDocument,
} from '../../api/skeletons/skeleton-definition';
import { applySegmentFields, type FieldChange, type SegmentFields } from '../segment-editor/segment-document';
import type { Undo } from './change-history';

/**
 * The undo of each kind of change the extension makes. Before running, each checks that what it
 * acts on is still there under the name the change left it with: ids can be reused by another
 * application at the same address, and a name that does not match means it is not the same thing.
 * No `vscode` import.
 */
type Editable = 'project' | 'measurement';

const NEW_IDS = 'comes back with new identifiers';

async function nameOf(read: () => Promise<string>): Promise<string | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof MotionError && error.code === 'not_found') return undefined;
    throw error;
  }
}

async function skeletonProblem(
  client: MotionClient,
  source: Editable,
  id: number,
  name: string,
): Promise<string | undefined> {
  const now = await nameOf(() => client.settings.processing.skeleton.get_skeleton_name(source, id));
  if (now === undefined) return `skeleton "${name}" is no longer in the ${SOURCE_TITLES[source].toLowerCase()}`;
  if (now !== name) return `skeleton ${id} is now named "${now}", not "${name}": it was changed since`;
  return undefined;
}

async function segmentProblem(
  client: MotionClient,
  source: Editable,
  id: number,
  name: string,
): Promise<string | undefined> {
  const now = await nameOf(() => client.settings.processing.skeleton.get_segment_name(source, id));
  if (now === undefined) return `segment "${name}" is no longer in the ${SOURCE_TITLES[source].toLowerCase()}`;
  if (now !== name) return `segment ${id} is now named "${now}", not "${name}": it was changed since`;
  return undefined;
}

async function nameFree(client: MotionClient, source: Editable, name: string): Promise<string | undefined> {
  const other = await client.settings.processing.skeleton.find_skeleton(source, name);
  return other === null
    ? undefined
    : `a skeleton named "${name}" is in the ${SOURCE_TITLES[source].toLowerCase()} again: undoing would replace it`;
}

/** Sets a skeleton's scale back. */
export function undoScale(source: Editable, id: number, name: string, before: number): Undo {
  return {
    check: (client) => skeletonProblem(client, source, id, name),
    run: async (client) => void (await client.settings.processing.skeleton.set_skeleton_scale(source, id, before)),
  };
}

/** Renames a skeleton back; a skeleton that the rename replaced is created again from its definition. */
export function undoSkeletonRename(
  source: Editable,
  id: number,
  before: string,
  after: string,
  replaced?: SkeletonDefinitionDocument,
): Undo {
  return {
    caveat: replaced ? `"${replaced.name}", which the rename replaced, ${NEW_IDS}.` : undefined,
    check: (client) => skeletonProblem(client, source, id, after),
    run: async (client) => {
      if ((await nameFree(client, source, before)) !== undefined)
        throw new Error(`a skeleton named "${before}" exists again: renaming back would replace it`);
      await client.settings.processing.skeleton.set_skeleton_name(source, id, before);
      if (replaced) await importSkeleton(client, source, replaced);
    },
  };
}

/** Deletes a skeleton that was added (created, copied or imported); one it replaced comes back. */
export function undoAddedSkeleton(
  source: Editable,
  id: number,
  name: string,
  replaced?: SkeletonDefinitionDocument,
): Undo {
  return {
    caveat: replaced ? `The skeleton "${name}" that it replaced ${NEW_IDS}.` : undefined,
    check: (client) => skeletonProblem(client, source, id, name),
    run: async (client) => {
      await client.settings.processing.skeleton.delete_skeleton(source, id);
      if (replaced) await importSkeleton(client, source, replaced);
    },
  };
}

/** Several undos as one: checked all first (the first problem stops it), run last first. */
export function undoAll(undos: readonly Undo[]): Undo {
  if (undos.length === 1) return undos[0];
  const caveats = undos.flatMap((u) => (u.caveat ? [u.caveat] : []));
  return {
    caveat: caveats.length > 0 ? caveats.join(' ') : undefined,
    check: async (client) => {
      for (const undo of undos) {
        const problem = await undo.check(client);
        if (problem) return problem;
      }
      return undefined;
    },
    run: async (client) => {
      for (const undo of [...undos].reverse()) await undo.run(client);
    },
  };
}

/** Creates a deleted skeleton again from its definition. */
export function undoDeletedSkeleton(source: Editable, deleted: SkeletonDefinitionDocument): Undo {
  return {
    caveat: `The skeleton "${deleted.name}" ${NEW_IDS}.`,
    check: (client) => nameFree(client, source, deleted.name),
    run: async (client) => void (await importSkeleton(client, source, deleted)),
  };
}

/** Sets a segment's fields back to what they were (name, solver, endpoint, a whole document…), all or nothing. */
export function undoSegmentFields(source: Editable, id: number, nameAfter: string, changes: FieldChange[]): Undo {
  const before: SegmentFields = Object.fromEntries(changes.map((c) => [c.field, c.before]));
  return {
    check: (client) => segmentProblem(client, source, id, nameAfter),
    run: async (client) => void (await applySegmentFields(client, source, id, before)),
  };
}

/** Deletes an added segment; its parent gets back the endpoint it had as a leaf. */
export function undoAddedSegment(
  source: Editable,
  id: number,
  name: string,
  parentId: number,
  parentEndpoint: [number, number, number] | null,
): Undo {
  return {
    check: (client) => segmentProblem(client, source, id, name),
    run: async (client) => {
      const api = client.settings.processing.skeleton;
      await api.delete_segment(source, id);
      if (parentEndpoint !== null && (await api.get_segment_child_count(source, parentId)) === 0)
        await api.set_segment_endpoint(source, parentId, parentEndpoint);
    },
  };
}

/** Creates a deleted segment and its subtree again under its parent. */
export function undoDeletedSegment(
  source: Editable,
  parentId: number,
  parentName: string,
  deleted: SegmentDefinitionDocument,
): Undo {
  return {
    caveat: `The segment "${deleted.name}" and what was below it ${NEW_IDS}, as the last child of "${parentName}".`,
    check: async (client) => {
      const problem = await segmentProblem(client, source, parentId, parentName);
      if (problem) return problem;
      const skeletonId = await client.settings.processing.skeleton.get_segment_skeleton_id(source, parentId);
      const clash = await client.settings.processing.skeleton.find_segment(source, skeletonId, deleted.name);
      return clash === null ? undefined : `the skeleton has a segment named "${deleted.name}" again`;
    },
    run: async (client) => {
      const api = client.settings.processing.skeleton;
      const id = await api.add_segment(source, parentId, deleted.name);
      try {
        await buildSegments(client, source, id, deleted);
      } catch (error) {
        await api.delete_segment(source, id).catch(() => undefined);
        throw error;
      }
    },
  };
}
