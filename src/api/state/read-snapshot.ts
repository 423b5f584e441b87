// Reads everything the scripting interface exposes into the state records the reference server
// serves. The interface has no batch call: every value is one request. They are issued as soon as
// what they depend on is known (the client pipelines reads), so the snapshot costs the reads
// themselves and little more.
import { access, constants } from 'node:fs/promises';
import { extname, isAbsolute } from 'node:path';
import type { MotionClient } from '../client/motion-client';
import { isMissingOperation } from '../client/motion-error';
import { readSegmentFields, skeletonReader, type Read } from '../skeletons/skeleton-loader';
import type {
  BoneRecord,
  MotionState,
  SegmentRecord,
  SelectionItem,
  SkeletonRecord,
  SkeletonSource,
  TrajectoryRecord,
} from './motion-state';
import { DEMO_WALK_PATH } from './motion-state';
import type { SnapshotOrigin } from './state-document';

/** How far a snapshot has come: values read, and values asked for so far (more are asked as ids arrive). */
export interface SnapshotProgress {
  read: number;
  asked: number;
}

export interface Snapshot {
  state: MotionState;
  origin: SnapshotOrigin;
}

/** Every skeleton of both settings and of the data, trajectories, bones, the selection and the version. */
export async function readSnapshot(
  client: MotionClient,
  options: { signal?: AbortSignal; onProgress?: (progress: SnapshotProgress) => void; now?: () => Date } = {},
): Promise<Snapshot> {
  const progress = { read: 0, asked: 0 };
  const counted = <T>(promise: Promise<T>): Promise<T> => {
    progress.asked++;
    return promise.finally(() => {
      progress.read++;
      options.onProgress?.({ ...progress });
    });
  };
  const { signal } = options;
  const call = <T>(module: string, operation: string, args: unknown[] = []) =>
    counted(
      client.call(module ? `motion.${module}` : 'motion', operation, args, { effect: 'read', signal }) as Promise<T>,
    );
  const skeletons = (source: SkeletonSource) => {
    const read = skeletonReader(client, source, signal);
    return readSkeletons(<T>(op: string, ...args: unknown[]) => counted(read<T>(op, ...args)));
  };

  // An application without a module (an older or a smaller one): the snapshot holds what it has,
  // and names the modules it could not read, so that a dry run does not take their emptiness for
  // the application's state.
  const lacking = new Set<string>();
  const orLacking = <T>(module: string, read: Promise<T>, none: T): Promise<T> =>
    read.catch((error: unknown) => {
      if (!isMissingOperation(error)) throw error;
      lacking.add(module);
      return none;
    });
  const SETTINGS = 'motion.settings.processing.skeleton';
  const [version, project, measurement, data, trajectories, bones, selection, open] = await Promise.all([
    call<SnapshotOrigin['application']>('', 'get_version'),
    orLacking(SETTINGS, skeletons('project'), []),
    orLacking(SETTINGS, skeletons('measurement'), []),
    orLacking('motion.data.object.skeleton', skeletons('data'), []),
    orLacking('motion.data.object.trajectory', readTrajectories(call), []),
    orLacking('motion.data.object.bone', readBones(call), []),
    orLacking('motion.gui.selection', call<SelectionItem[]>('gui.selection', 'get_selections'), []),
    orLacking('motion.file', readOpenMeasurement(call), undefined),
  ]);
  const state: MotionState = {
    nextId: 1,
    skeletons: { project, measurement, data },
    trajectories,
    bones,
    selection: selection.map(({ type, id, part_index }) => ({ type, id, part_index: part_index ?? null })),
    ...(lacking.size > 0 ? { lacking: [...lacking].sort() } : {}),
    ...(open ? { measurement: open } : {}),
  };
  state.nextId = largestId(state) + 1;
  const origin = { application: version, url: client.url, taken_at: (options.now?.() ?? new Date()).toISOString() };
  return { state, origin };
}

type Call = <T>(module: string, operation: string, args?: unknown[]) => Promise<T>;

async function readSkeletons(read: Read): Promise<SkeletonRecord[]> {
  const ids = await read<number[]>('get_skeleton_ids');
  return Promise.all(
    ids.map(async (id): Promise<SkeletonRecord> => {
      const [name, scale, rootId, segmentIds] = await Promise.all([
        read<string>('get_skeleton_name', id),
        read<number>('get_skeleton_scale', id),
        read<number>('get_skeleton_root_id', id),
        read<number[]>('get_segment_ids', id),
      ]);
      const segments = await Promise.all(segmentIds.map((segmentId) => readSegment(read, segmentId)));
      return { id, name, scale, rootId, segments: Object.fromEntries(segments.map((s) => [s.id, s])) };
    }),
  );
}

/** Every field of a segment: 10 requests, as the segment editor reads them, with its children as the state holds them. */
async function readSegment(read: Read, id: number): Promise<SegmentRecord> {
  const { childIds, ...fields } = await readSegmentFields(read, id);
  return { ...fields, children: childIds };
}

async function readTrajectories(call: Call): Promise<TrajectoryRecord[]> {
  const module = 'data.object.trajectory';
  const ids = await call<number[]>(module, 'get_trajectory_ids');
  return Promise.all(
    ids.map(async (id) => {
      const [label, parts] = await Promise.all([
        call<string | null>(module, 'get_label', [id]),
        call<TrajectoryRecord['parts']>(module, 'get_parts', [id]),
      ]);
      return { id, label, parts };
    }),
  );
}

/**
 * The open measurement, when a private server can open it again: the reference server's demo walk
 * (made again from the trajectories), or a saved C3D file this machine can read. A measurement with
 * unsaved changes cannot be (the interface does not hand over its samples), nor a file of the
 * application's own format or one on another machine: the snapshot then has none, and a dry run
 * leaves its operations to the application (reads answered, changes not sent).
 */
async function readOpenMeasurement(call: Call): Promise<MotionState['measurement']> {
  if (!(await call<boolean>('file', 'is_open'))) return undefined;
  const [path, dirty, persisted] = await Promise.all([
    call<string | null>('file', 'get_path'),
    call<boolean>('file', 'is_dirty'),
    call<boolean>('file', 'is_persisted'),
  ]);
  if (dirty || !path) return undefined;
  if (!persisted) return path === DEMO_WALK_PATH ? { demo: true } : undefined;
  if (!isAbsolute(path) || extname(path).toLowerCase() !== '.c3d') return undefined;
  return (await access(path, constants.R_OK).then(
    () => true,
    () => false,
  ))
    ? { path, dirty: false }
    : undefined;
}

async function readBones(call: Call): Promise<BoneRecord[]> {
  const module = 'data.object.bone';
  const ids = await call<number[]>(module, 'get_bone_ids');
  return Promise.all(
    ids.map(async (id) => {
      const [[from, to], color] = await Promise.all([
        call<[number, number]>(module, 'get_bone_trajectory_ids', [id]),
        call<number>(module, 'get_bone_color', [id]),
      ]);
      return { id, from, to, color };
    }),
  );
}

/**
 * The largest id in use: the interface does not say which ids the application will hand out
 * next, so the snapshot's server goes on from there (ids of objects deleted before the snapshot
 * may come back in it, never ids of objects it holds).
 */
function largestId(state: MotionState): number {
  const ids = [
    ...Object.values(state.skeletons).flatMap((list) =>
      list.flatMap((s) => [s.id, ...Object.keys(s.segments).map(Number)]),
    ),
    ...state.trajectories.map((t) => t.id),
    ...state.bones.map((b) => b.id),
  ];
  return ids.reduce((a, b) => Math.max(a, b), 0);
}
