import type { MotionClient } from '../../api/client/motion-client';
import {
  skeletonScene,
  type CalibratedGeometry,
  type Pose,
  type SkeletonScene,
} from '../../api/skeletons/skeleton-geometry';
import {
  listSkeletons,
  loadDefaultTransforms,
  loadSegmentDetails,
  loadSkeletonPlacement,
  type SegmentPlacement,
} from '../../api/skeletons/skeleton-loader';
import {
  SOURCE_TITLES,
  type Matrix,
  type SkeletonSourceName,
  type SkeletonSummary,
} from '../../api/skeletons/skeleton-model';
import type { ToView, ViewSkeleton } from '../../protocol/skeleton-view';

/** What a 3D view shows: every skeleton of a source, or some of them. No `vscode` import. */
export interface ViewTarget {
  source: SkeletonSourceName;
  /** The skeletons shown; all of the source's when absent. */
  skeletonIds?: number[];
}

/** "FullBody · Project settings", or "Skeletons · …" for a whole source (`named` absent). */
export function viewTitle(source: SkeletonSourceName, named?: string[]): string {
  const what = named ? named.join(', ') || 'Deleted skeleton' : 'Skeletons';
  return `${what} · ${SOURCE_TITLES[source]}`;
}

/** A skeleton as a view draws it in the calibrated pose, from its read geometry. */
export function calibratedSkeleton(summary: SkeletonSummary, geometry: CalibratedGeometry[]): ViewSkeleton {
  return { id: summary.id, name: summary.name, scale: summary.scale, calibrated: skeletonScene(geometry) };
}

/** Skeletons read at once: enough to keep the connection busy, few enough that the first arrive early. */
const SKELETONS_AT_ONCE = 2;

/** The key of the panel that shows a target: one panel per source, or per skeleton. */
export function viewKey(target: ViewTarget): string {
  return `${target.source}:${target.skeletonIds?.join(',') ?? 'all'}`;
}

/** How a scene is sent: the pose the view shows (read first), and what cancels the reading. */
export interface SceneOptions {
  pose?: Pose;
  signal?: AbortSignal;
}

/**
 * Reads the target's skeletons from the application and sends them to a view as they come, in
 * three passes: first the outline (title and which skeletons); then each skeleton placed, its
 * segments only (2 requests per segment), in the pose the view shows; then each whole, with names,
 * markers, rigid bodies and the leaves' ends (3 more per segment); last, when the view shows the
 * calibrated pose, each skeleton's default pose. On a large source the view shows every segment
 * sooner, and the toggle is ready soon after. The whole skeleton is built from the same reads as
 * its placement: nothing is read twice in one load. A skeleton that no longer exists is left out
 * (deleted since the view opened); when none is left, the title says so.
 */
export async function sendViewScene(
  client: MotionClient,
  target: ViewTarget,
  send: (message: ToView) => void | Promise<void>,
  { pose = 'calibrated', signal }: SceneOptions = {},
): Promise<void> {
  const all = await listSkeletons(client, target.source, signal);
  const shown = target.skeletonIds ? all.filter((s) => target.skeletonIds!.includes(s.id)) : all;
  const title = viewTitle(target.source, target.skeletonIds && shown.map((s) => s.name));
  await send({ type: 'outline', outline: { title, source: target.source, skeletonIds: shown.map((s) => s.id) } });
  const placed: [SkeletonSummary, SegmentPlacement[], Matrix[] | undefined][] = [];
  await inTurn(
    shown,
    async (summary) => {
      const placement = await loadSkeletonPlacement(client, summary, signal);
      const geometry = placement.map(unnamed);
      const skeleton: ViewSkeleton = { ...calibratedSkeleton(summary, geometry), placedOnly: true };
      let defaults: Matrix[] | undefined;
      if (pose === 'default') {
        defaults = await loadDefaultTransforms(client, summary.source, ids(placement), signal);
        skeleton.default = defaultScene(geometry, defaults);
      }
      placed.push([summary, placement, defaults]);
      if (!signal?.aborted) await send({ type: 'skeleton', skeleton });
    },
    signal,
  );
  const later: [SkeletonSummary, CalibratedGeometry[]][] = [];
  await inTurn(
    placed,
    async ([summary, placement, defaults]) => {
      const geometry = await loadSegmentDetails(client, summary.source, placement, signal);
      const skeleton = calibratedSkeleton(summary, geometry);
      if (defaults) skeleton.default = defaultScene(geometry, defaults);
      else later.push([summary, geometry]);
      if (!signal?.aborted) await send({ type: 'skeleton', skeleton });
    },
    signal,
  );
  await inTurn(
    later,
    async ([summary, geometry]) => {
      const defaults = await loadDefaultTransforms(client, summary.source, ids(geometry), signal);
      const scene = defaultScene(geometry, defaults);
      if (!signal?.aborted) await send({ type: 'defaultPose', skeletonId: summary.id, scene });
    },
    signal,
  );
}

/** A placed segment as geometry, before its name, markers, rigid bodies and end are read. */
const unnamed = (placed: SegmentPlacement): CalibratedGeometry => ({
  ...placed,
  name: '',
  endpoint: null,
  markers: [],
  rigidBodies: [],
});

const ids = (segments: readonly { id: number }[]) => segments.map((s) => s.id);

/** Works through a list a few at a time, in order; stops taking more once cancelled. */
async function inTurn<T>(list: readonly T[], work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const waiting = [...list];
  const worker = async () => {
    for (let next = waiting.shift(); next !== undefined && !signal?.aborted; next = waiting.shift()) await work(next);
  };
  await Promise.all(Array.from({ length: SKELETONS_AT_ONCE }, worker));
}

/** A skeleton in the default pose: its default transforms, in the order of its segments. */
function defaultScene(geometry: readonly CalibratedGeometry[], defaults: readonly Matrix[]): SkeletonScene {
  return skeletonScene(
    geometry.map((g, i) => ({ ...g, defaultTransform: defaults[i] })),
    'default',
  );
}
