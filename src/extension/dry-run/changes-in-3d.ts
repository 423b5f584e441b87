// A dry run's changes as the 3D view draws them: the skeletons of one source as the script left
// them, each segment coloured by what the script did to it, and what it removed drawn where it was.
// Built from the two states the dry run read (no request to any application). No `vscode` import.
import { skeletonScene, type CalibratedGeometry, type SkeletonScene } from '../../api/skeletons/skeleton-geometry';
import { SOURCE_TITLES } from '../../api/skeletons/skeleton-model';
import type { MotionState, SegmentRecord, SkeletonRecord, SkeletonSource } from '../../api/state/motion-state';
import { SKELETON_SOURCES } from '../../api/state/motion-state';
import type { StateChange } from '../../api/state/state-diff';
import {
  segmentKey,
  type SceneChanges,
  type SegmentChange,
  type ToView,
  type ViewSkeleton,
} from '../../protocol/skeleton-view';

/** How far (mm) an origin may drift before it counts as moved: the rounding of a matrix product, not a move. */
const MOVED_MM = 1e-6;

/** A skeleton's segments, parents before children (the order the application lists them in). */
function segmentsOf(skeleton: SkeletonRecord): SegmentRecord[] {
  const ordered = new Set<SegmentRecord>();
  const visit = (id: number) => {
    const segment = skeleton.segments[id];
    if (!segment || ordered.has(segment)) return;
    ordered.add(segment);
    for (const child of segment.children) visit(child);
  };
  visit(skeleton.rootId);
  // Segments the tree does not reach (hand-made data) are drawn too, and warned about by the geometry.
  for (const segment of Object.values(skeleton.segments)) ordered.add(segment);
  return [...ordered];
}

/** A skeleton of the state as the view draws it, in both poses. */
function viewSkeleton(skeleton: SkeletonRecord): ViewSkeleton {
  const geometry: Required<CalibratedGeometry>[] = segmentsOf(skeleton).map((s) => ({
    id: s.id,
    name: s.name,
    parentId: s.parentId,
    transform: s.transform,
    defaultTransform: s.defaultTransform,
    endpoint: s.endpoint,
    markers: s.markers,
    rigidBodies: s.rigidBodies,
  }));
  return {
    id: skeleton.id,
    name: skeleton.name,
    scale: skeleton.scale,
    calibrated: skeletonScene(geometry, 'calibrated'),
    default: skeletonScene(geometry, 'default'),
  };
}

/** Only the removed segments of a skeleton as it was, placed where they were (their parents kept, undrawn, for the place). */
function removedPart(skeleton: ViewSkeleton, removed: ReadonlySet<number>): ViewSkeleton {
  const keep = (scene: SkeletonScene): SkeletonScene => ({
    segments: scene.segments.filter((s) => removed.has(s.id)),
    bones: scene.bones.filter((b) => removed.has(b.segmentId)),
    markers: scene.markers.filter((m) => removed.has(m.segmentId)),
    rigidBodies: scene.rigidBodies.filter((r) => removed.has(r.segmentId)),
    extent: scene.extent,
  });
  return { ...skeleton, calibrated: keep(skeleton.calibrated), default: skeleton.default && keep(skeleton.default) };
}

/** Each segment's origin in both poses, by id: looked up once per segment, not searched for. */
type Origins = Record<'calibrated' | 'default', Map<number, readonly number[]>>;
const originsOf = (skeleton: ViewSkeleton): Origins => {
  const byId = (scene: SkeletonScene | undefined) => new Map(scene?.segments.map((s) => [s.id, s.origin]));
  return { calibrated: byId(skeleton.calibrated), default: byId(skeleton.default) };
};
const far = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  !a || !b || a.some((v, i) => Math.abs(v - b[i]) > MOVED_MM);

/** What happened to one segment kept by the script: moved (its origin, in either pose), changed otherwise, or nothing. */
function keptChange(
  was: Origins,
  now: Origins,
  before: SegmentRecord,
  after: SegmentRecord,
): SegmentChange | undefined {
  const moved = (['calibrated', 'default'] as const).some((pose) =>
    far(was[pose].get(after.id), now[pose].get(after.id)),
  );
  if (moved) return 'moved';
  // Its children are the children's own change (added or removed), not one of this segment's fields.
  const fields = ({ children: _, ...rest }: SegmentRecord) => JSON.stringify(rest);
  return fields(before) === fields(after) ? undefined : 'changed';
}

/**
 * An added skeleton drawn exactly where another stands (a copy, not moved yet) would hide it or be
 * hidden: each such pair is said in words, since the drawing shows one skeleton.
 */
function coinciding(shown: readonly ViewSkeleton[], existed: (id: number) => boolean): string[] {
  const origins = (s: ViewSkeleton) => s.calibrated.segments.map((segment) => segment.origin);
  const same = (a: ViewSkeleton, b: ViewSkeleton) => {
    const [x, y] = [origins(a), origins(b)];
    return x.length === y.length && x.every((o, i) => !far(o, y[i]));
  };
  return shown.flatMap((added, i) => {
    if (existed(added.id)) return [];
    const under = shown.find((other, j) => j !== i && (existed(other.id) || j < i) && same(added, other));
    return under ? [`"${added.name}" (added) lies exactly over "${under.name}": the two are drawn in one place`] : [];
  });
}

/** The sources whose skeletons a dry run changed, in the order the interface lists them. */
export function changedSources(changes: readonly StateChange[]): SkeletonSource[] {
  return SKELETON_SOURCES.filter((source) =>
    changes.some((c) => (c.object.type === 'skeleton' || c.object.type === 'segment') && c.object.source === source),
  );
}

/**
 * The messages that show a dry run's changes to one source in a 3D view: its outline, the changes,
 * its skeletons as the script left them, and the selection the script left.
 */
export function changesInThreeD(
  before: MotionState,
  after: MotionState,
  changes: readonly StateChange[],
  source: SkeletonSource,
  script: string,
): ToView[] {
  const was = new Map(before.skeletons[source].map((s) => [s.id, s]));
  const now = after.skeletons[source];
  const shown = now.map((s) => viewSkeleton(s));
  const segments: Record<string, SegmentChange> = {};
  const removed: ViewSkeleton[] = [];
  for (const [i, skeleton] of now.entries()) {
    const old = was.get(skeleton.id);
    const oldView = old && viewSkeleton(old);
    const [wasAt, nowAt] = [oldView && originsOf(oldView), originsOf(shown[i])];
    for (const segment of Object.values(skeleton.segments)) {
      const kept = old?.segments[segment.id];
      const change = kept ? keptChange(wasAt!, nowAt, kept, segment) : 'added';
      if (change) segments[segmentKey(skeleton.id, segment.id)] = change;
    }
    const gone = new Set(Object.values(old?.segments ?? {}).flatMap((s) => (skeleton.segments[s.id] ? [] : [s.id])));
    if (gone.size > 0) removed.push(removedPart(oldView!, gone));
  }
  const kept = new Set(now.map((s) => s.id));
  for (const old of before.skeletons[source].filter((s) => !kept.has(s.id))) removed.push(viewSkeleton(old));
  for (const part of removed) for (const s of part.calibrated.segments) segments[segmentKey(part.id, s.id)] = 'removed';

  const counts = new Map<SegmentChange, number>();
  for (const change of Object.values(segments)) counts.set(change, (counts.get(change) ?? 0) + 1);
  const counted = (['added', 'removed', 'moved', 'changed'] as const)
    .filter((k) => counts.has(k))
    .map((k) => `${counts.get(k)} ${k}`);
  // Changes of a skeleton itself (its scale, its name, itself added or removed) are listed: the drawing shows only segments.
  const ofSkeletons = changes
    .filter((c) => c.object.type === 'skeleton' && c.object.source === source && c.kind === 'changed')
    .map((c) => `${c.path.at(-1)} · ${c.text}`);
  const summary = [
    `Dry run of ${script}: ${counted.length > 0 ? `segments ${counted.join(' · ')}` : 'no segment changed'}`,
    ...ofSkeletons,
    ...coinciding(shown, (id) => was.has(id)),
  ];
  const labels = new Map(after.trajectories.map((t) => [t.id, t.label]));
  const selected = after.selection.flatMap((item) => {
    const label = item.type === 'trajectory' ? labels.get(item.id) : undefined;
    return label ? [label] : [];
  });
  const sceneChanges: SceneChanges = { segments, removed, summary };
  return [
    {
      type: 'outline',
      outline: { title: `Dry run of ${script} · ${SOURCE_TITLES[source]}`, source, skeletonIds: now.map((s) => s.id) },
    },
    // Before the skeletons: each is painted with the changes as it is drawn.
    { type: 'changes', changes: sceneChanges },
    ...shown.map((skeleton): ToView => ({ type: 'skeleton', skeleton })),
    { type: 'selection', markers: selected },
  ];
}

/**
 * The segment a change chosen in the Dry Run view lights up in its 3D view: the changed segment, or
 * for a change of a whole skeleton (added, renamed, scaled) its root segment, in the state the
 * drawing shows (after the script; before it, for a skeleton the script removed). Undefined for
 * a change the drawing does not hold (a trajectory, another source).
 */
export function segmentToHighlight(
  object: StateChange['object'] | undefined,
  source: SkeletonSource,
  states: { before: MotionState; after: MotionState },
): { skeletonId: number; segmentId: number } | undefined {
  if (object?.type === 'segment' && object.source === source)
    return { skeletonId: object.skeletonId, segmentId: object.segmentId };
  if (object?.type !== 'skeleton' || object.source !== source) return undefined;
  const skeleton = [states.after, states.before]
    .map((state) => state.skeletons[source].find((s) => s.id === object.skeletonId))
    .find((found) => found !== undefined);
  return skeleton && { skeletonId: skeleton.id, segmentId: skeleton.rootId };
}
