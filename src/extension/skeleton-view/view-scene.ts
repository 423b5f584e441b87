import type { MotionClient } from '../../api/client/motion-client';
import { skeletonScene } from '../../api/skeletons/skeleton-geometry';
import { listSkeletons, loadSkeletonGeometry } from '../../api/skeletons/skeleton-loader';
import { SOURCE_TITLES, type SkeletonSourceName, type SkeletonSummary } from '../../api/skeletons/skeleton-model';
import type { SceneOutline, ToView, ViewScene, ViewSkeleton } from './view-protocol';

/** What a 3D view shows: every skeleton of a source, or some of them. No `vscode` import. */
export interface ViewTarget {
  source: SkeletonSourceName;
  /** The skeletons shown; all of the source's when absent. */
  skeletonIds?: number[];
}

/** Skeletons read at once: enough to keep the connection busy, few enough that the first arrive early. */
const SKELETONS_AT_ONCE = 2;

/** The key of the panel that shows a target: one panel per source, or per skeleton. */
export function viewKey(target: ViewTarget): string {
  return `${target.source}:${target.skeletonIds?.join(',') ?? 'all'}`;
}

/**
 * Reads the target's skeletons from the application and sends them to a view as they come: first
 * the outline (title and which skeletons), then each skeleton placed in both poses. A skeleton
 * that no longer exists is left out (deleted since the view opened); when none is left, the title
 * says so.
 */
export async function sendViewScene(
  client: MotionClient,
  target: ViewTarget,
  send: (message: ToView) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const all = await listSkeletons(client, target.source, signal);
  const shown = target.skeletonIds ? all.filter((s) => target.skeletonIds!.includes(s.id)) : all;
  const place = SOURCE_TITLES[target.source];
  const title = target.skeletonIds
    ? `${shown.map((s) => s.name).join(', ') || 'Deleted skeleton'} · ${place}`
    : `Skeletons · ${place}`;
  await send({ type: 'outline', outline: { title, source: target.source, skeletonIds: shown.map((s) => s.id) } });
  const waiting = [...shown];
  const worker = async () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const skeleton = await placeSkeleton(client, next, signal);
      if (signal?.aborted) return;
      await send({ type: 'skeleton', skeleton });
    }
  };
  await Promise.all(Array.from({ length: SKELETONS_AT_ONCE }, worker));
}

/** One skeleton read and placed in both poses. */
async function placeSkeleton(
  client: MotionClient,
  summary: SkeletonSummary,
  signal?: AbortSignal,
): Promise<ViewSkeleton> {
  const geometry = await loadSkeletonGeometry(client, summary, signal);
  return {
    id: summary.id,
    name: summary.name,
    scale: summary.scale,
    calibrated: skeletonScene(geometry, 'calibrated'),
    default: skeletonScene(geometry, 'default'),
  };
}

/** The whole scene at once, in the outline's order (what a view shows once every skeleton has come). */
export async function loadViewScene(
  client: MotionClient,
  target: ViewTarget,
  signal?: AbortSignal,
): Promise<ViewScene> {
  let outline: SceneOutline | undefined;
  const arrived = new Map<number, ViewSkeleton>();
  await sendViewScene(
    client,
    target,
    (message) => {
      if (message.type === 'outline') outline = message.outline;
      if (message.type === 'skeleton') arrived.set(message.skeleton.id, message.skeleton);
    },
    signal,
  );
  const { title, source, skeletonIds } = outline!;
  return { title, source, skeletons: skeletonIds.map((id) => arrived.get(id)!) };
}
