// What a script changed: two states of one application compared record by record, by id (a
// dry run starts its server from the snapshot, so ids stay what they were), each change worded
// as the segment editor words a field and placed where a person looks for it.
import { SOURCE_TITLES } from '../skeletons/skeleton-model';
import { describeFieldChange } from './field-change-text';
import type { SampleRun } from './sample-changes';
import type {
  BoneRecord,
  MotionState,
  SegmentRecord,
  SelectionItem,
  SkeletonRecord,
  SkeletonSource,
  TrajectoryRecord,
} from './motion-state';
import { SKELETON_SOURCES } from './motion-state';

export type ChangeKind = 'added' | 'removed' | 'changed';

/** Which object a change is about, by id: what the 3D view and the tree find it by. */
type ChangedObject =
  | { type: 'skeleton'; source: SkeletonSource; skeletonId: number }
  | { type: 'segment'; source: SkeletonSource; skeletonId: number; segmentId: number }
  | { type: 'trajectory'; trajectoryId: number }
  | { type: 'bone'; boneId: number }
  | { type: 'selection' }
  | { type: 'measurement' }
  /** The application's user interface: the commands, menus and draw function a tool adds. */
  | { type: 'application' };

export interface StateChange {
  kind: ChangeKind;
  object: ChangedObject;
  /** Where it is, outermost first, in the user's words: ["Project settings", "FullBody", "Hips"]. */
  path: string[];
  /** The changed field in the interface's words (`scale`, `markers`, `default_transform`), for `changed`. */
  field?: string;
  before?: unknown;
  after?: unknown;
  /** One line for people: `scale: 1 → 1.5`, `added segment Tail`, `removed bone LASI – RASI`. */
  text: string;
  /** For a change of samples: its frames, each before → after. */
  frames?: SampleRun;
  /** Where the script made it (`/w/tool.py:14`), when a dry run could tell (change-callers.ts). */
  caller?: string;
}

/** A segment's record fields in the order the segment editor applies them, with the interface's names. */
const SEGMENT_FIELDS: [keyof SegmentRecord, string][] = [
  ['name', 'name'],
  ['parentId', 'parent'],
  ['solver', 'solver'],
  ['transform', 'transform'],
  ['defaultTransform', 'default_transform'],
  ['degreesOfFreedom', 'degrees_of_freedom'],
  ['markers', 'markers'],
  ['rigidBodies', 'rigid_bodies'],
  ['endpoint', 'endpoint'],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Every change from `before` to `after`: skeletons of each source, then trajectories, bones and the selection. */
export function diffStates(before: MotionState, after: MotionState): StateChange[] {
  const labels = trajectoryNames(before, after);
  return [
    ...SKELETON_SOURCES.flatMap((source) => diffSkeletons(source, before.skeletons[source], after.skeletons[source])),
    ...diffTrajectories(before.trajectories, after.trajectories),
    ...diffBones(before.bones, after.bones, labels),
    ...diffSelection(before.selection, after.selection, labels, before.bones.concat(after.bones)),
  ];
}

/** Pairs records by id: those only before, only after, and in both. */
function pair<T extends { id: number }>(before: T[], after: T[]) {
  const was = new Map(before.map((r) => [r.id, r]));
  const now = new Map(after.map((r) => [r.id, r]));
  return {
    removed: before.filter((r) => !now.has(r.id)),
    added: after.filter((r) => !was.has(r.id)),
    kept: after.filter((r) => was.has(r.id)).map((r) => [was.get(r.id)!, r] as const),
  };
}

function diffSkeletons(source: SkeletonSource, before: SkeletonRecord[], after: SkeletonRecord[]): StateChange[] {
  const title = SOURCE_TITLES[source];
  const { removed, added, kept } = pair(before, after);
  const whole = (kind: ChangeKind, s: SkeletonRecord): StateChange => ({
    kind,
    object: { type: 'skeleton', source, skeletonId: s.id },
    path: [title],
    text: `${kind} skeleton ${s.name} (${plural(Object.keys(s.segments).length, 'segment')})`,
  });
  const changes = [...removed.map((s) => whole('removed', s)), ...added.map((s) => whole('added', s))];
  for (const [was, now] of kept) {
    const object = { type: 'skeleton' as const, source, skeletonId: now.id };
    const path = [title, now.name];
    for (const [field, a, b] of [
      ['name', was.name, now.name],
      ['scale', was.scale, now.scale],
    ] as const)
      if (!same(a, b))
        changes.push({
          kind: 'changed',
          object,
          path,
          field,
          before: a,
          after: b,
          text: describeFieldChange({ field, before: a, after: b }),
        });
    changes.push(...diffSegments(source, now, Object.values(was.segments), Object.values(now.segments), path));
  }
  return changes;
}

function diffSegments(
  source: SkeletonSource,
  skeleton: SkeletonRecord,
  before: SegmentRecord[],
  after: SegmentRecord[],
  path: string[],
): StateChange[] {
  const { removed, added, kept } = pair(before, after);
  const all = new Map([...before, ...after].map((s) => [s.id, s.name]));
  const object = (s: SegmentRecord) => ({ type: 'segment' as const, source, skeletonId: skeleton.id, segmentId: s.id });
  const parent = (s: SegmentRecord) => (s.parentId === null ? '' : ` (child of ${all.get(s.parentId) ?? s.parentId})`);
  const changes: StateChange[] = [
    ...removed.map((s): StateChange => ({
      kind: 'removed',
      object: object(s),
      path,
      text: `removed segment ${s.name}${parent(s)}`,
    })),
    ...added.map((s): StateChange => ({
      kind: 'added',
      object: object(s),
      path,
      text: `added segment ${s.name}${parent(s)}`,
    })),
  ];
  for (const [was, now] of kept)
    for (const [key, field] of SEGMENT_FIELDS) {
      let [a, b] = [was[key], now[key]];
      if (same(a, b)) continue;
      if (key === 'parentId') [a, b] = [all.get(was.parentId!) ?? null, all.get(now.parentId!) ?? null];
      changes.push({
        kind: 'changed',
        object: object(now),
        path: [...path, now.name],
        field,
        before: a,
        after: b,
        text: describeFieldChange({ field, before: a, after: b }),
      });
    }
  return changes;
}

/** `LASI`, or `trajectory 12` for one without a label. */
function trajectoryNames(...states: MotionState[]): (id: number) => string {
  const names = new Map(states.flatMap((s) => s.trajectories.map((t) => [t.id, t.label ?? `trajectory ${t.id}`])));
  return (id) => names.get(id) ?? `trajectory ${id}`;
}

function diffTrajectories(before: TrajectoryRecord[], after: TrajectoryRecord[]): StateChange[] {
  const { removed, added, kept } = pair(before, after);
  const name = (t: TrajectoryRecord) => t.label ?? `trajectory ${t.id}`;
  const object = (t: TrajectoryRecord) => ({ type: 'trajectory' as const, trajectoryId: t.id });
  const changes: StateChange[] = [
    ...removed.map((t): StateChange => ({
      kind: 'removed',
      object: object(t),
      path: ['Trajectories'],
      text: `removed ${name(t)}`,
    })),
    ...added.map((t): StateChange => ({
      kind: 'added',
      object: object(t),
      path: ['Trajectories'],
      text: `added ${name(t)}`,
    })),
  ];
  for (const [was, now] of kept)
    for (const field of ['label', 'parts'] as const)
      if (!same(was[field], now[field]))
        changes.push({
          kind: 'changed',
          object: object(now),
          path: ['Trajectories', name(was)],
          field,
          before: was[field],
          after: now[field],
          text:
            field === 'label'
              ? describeFieldChange({ field, before: was.label, after: now.label })
              : `parts: ${was.parts.length} → ${now.parts.length}`,
        });
  return changes;
}

function diffBones(before: BoneRecord[], after: BoneRecord[], label: (id: number) => string): StateChange[] {
  const { removed, added, kept } = pair(before, after);
  const name = (b: BoneRecord) => `bone ${label(b.from)} – ${label(b.to)}`;
  const colour = (c: number) => `0x${c.toString(16).padStart(6, '0')}`;
  const object = (b: BoneRecord) => ({ type: 'bone' as const, boneId: b.id });
  const changes: StateChange[] = [
    ...removed.map((b): StateChange => ({
      kind: 'removed',
      object: object(b),
      path: ['Bones'],
      text: `removed ${name(b)}`,
    })),
    ...added.map((b): StateChange => ({
      kind: 'added',
      object: object(b),
      path: ['Bones'],
      text: `added ${name(b)} (colour ${colour(b.color)})`,
    })),
  ];
  for (const [was, now] of kept)
    if (was.color !== now.color)
      changes.push({
        kind: 'changed',
        object: object(now),
        path: ['Bones', name(now)],
        field: 'color',
        before: was.color,
        after: now.color,
        text: `color: ${colour(was.color)} → ${colour(now.color)}`,
      });
  return changes;
}

function diffSelection(
  before: SelectionItem[],
  after: SelectionItem[],
  label: (id: number) => string,
  bones: BoneRecord[],
): StateChange[] {
  if (same(before, after)) return [];
  const boneNames = new Map(bones.map((b) => [b.id, `bone ${label(b.from)} – ${label(b.to)}`]));
  const item = (i: SelectionItem) =>
    (i.type === 'bone' ? (boneNames.get(i.id) ?? `bone ${i.id}`) : label(i.id)) +
    (i.part_index === null ? '' : ` part ${i.part_index}`);
  const key = (i: SelectionItem) => `${i.type}:${i.id}:${i.part_index}`;
  const was = new Set(before.map(key));
  const now = new Set(after.map(key));
  const added = after.filter((i) => !was.has(key(i))).map(item);
  const removed = before.filter((i) => !now.has(key(i))).map(item);
  const parts = [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  return [
    {
      kind: 'changed',
      object: { type: 'selection' },
      path: ['Selection'],
      field: 'selection',
      before,
      after,
      text: `${before.length} → ${after.length} selected${parts ? `: ${parts}` : ' (order changed)'}`,
    },
  ];
}

/** One change on one line, where and what: `Project settings › FullBody: scale: 1 → 0.5`. */
export function changeLine(change: StateChange): string {
  return `${change.path.join(' › ')}: ${change.text}`;
}

/** The changes as an indented outline, grouped by where they are: what `motion run --dry-run` prints. */
export function diffOutline(changes: StateChange[]): string[] {
  const lines: string[] = [];
  let open: string[] = [];
  const mark = { added: '+', removed: '-', changed: '~' };
  for (const change of changes) {
    const common = open.findIndex((part, i) => change.path[i] !== part);
    const kept = common === -1 ? Math.min(open.length, change.path.length) : common;
    for (let i = kept; i < change.path.length; i++) lines.push(`${'  '.repeat(i)}${change.path[i]}`);
    open = change.path;
    lines.push(`${'  '.repeat(change.path.length)}${mark[change.kind]} ${change.text}`);
  }
  return lines;
}
