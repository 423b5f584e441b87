import type { MotionClient } from '../../api/client/motion-client';
import { skeletonScene } from '../../api/skeletons/skeleton-geometry';
import { listSkeletons, loadSkeletonGeometry } from '../../api/skeletons/skeleton-loader';
import { SOURCE_TITLES, type SkeletonSourceName } from '../../api/skeletons/skeleton-model';
import type { ViewScene } from './view-protocol';

/** What a 3D view shows: every skeleton of a source, or some of them. No `vscode` import. */
export interface ViewTarget {
  source: SkeletonSourceName;
  /** The skeletons shown; all of the source's when absent. */
  skeletonIds?: number[];
}

/** The key of the panel that shows a target: one panel per source, or per skeleton. */
export function viewKey(target: ViewTarget): string {
  return `${target.source}:${target.skeletonIds?.join(',') ?? 'all'}`;
}

/**
 * Reads the target's skeletons from the application and places them in both poses. A skeleton
 * that no longer exists is left out (deleted since the view opened); when none is left, the scene
 * is empty and its title says so.
 */
export async function loadViewScene(
  client: MotionClient,
  target: ViewTarget,
  signal?: AbortSignal,
): Promise<ViewScene> {
  const all = await listSkeletons(client, target.source, signal);
  const shown = target.skeletonIds ? all.filter((s) => target.skeletonIds!.includes(s.id)) : all;
  const skeletons = await Promise.all(
    shown.map(async (summary) => {
      const geometry = await loadSkeletonGeometry(client, summary, signal);
      return {
        id: summary.id,
        name: summary.name,
        scale: summary.scale,
        calibrated: skeletonScene(geometry, 'calibrated'),
        default: skeletonScene(geometry, 'default'),
      };
    }),
  );
  const place = SOURCE_TITLES[target.source];
  const title = target.skeletonIds
    ? `${shown.map((s) => s.name).join(', ') || 'Deleted skeleton'} · ${place}`
    : `Skeletons · ${place}`;
  return { title, source: target.source, skeletons };
}
