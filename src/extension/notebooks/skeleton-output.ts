import type { MotionClient } from '../../api/client/motion-client';
import { listSkeletons, loadSkeletonGeometry } from '../../api/skeletons/skeleton-loader';
import { SOURCE_TITLES, type SkeletonSourceName } from '../../api/skeletons/skeleton-model';
import type { SkeletonOutput } from '../../protocol/skeleton-output';
import { calibratedSkeleton, viewTitle } from '../skeletons-in-3d/view-scene';

/** What a cell asked to see in 3D (motion_notebook.show_skeleton): a source's skeletons, or one by name. */
export interface SkeletonRequest {
  source: SkeletonSourceName;
  skeleton?: string | null;
}

/**
 * The skeletons a cell asked for, as the notebook renderer draws them (the calibrated pose), read
 * from the application now. A name it does not have is an error that lists the names it has.
 * No `vscode` import.
 */
export async function skeletonOutput(client: MotionClient, request: SkeletonRequest): Promise<SkeletonOutput> {
  const { source, skeleton: name } = request;
  if (!(source in SOURCE_TITLES))
    throw new Error(`"${String(source)}" is no skeleton source: use "project", "measurement" or "data"`);
  const all = await listSkeletons(client, source);
  const shown = name ? all.filter((s) => s.name === name) : all;
  const place = SOURCE_TITLES[source];
  if (name && shown.length === 0)
    throw new Error(
      `the ${place.toLowerCase()} have no skeleton named "${name}" (${all.length ? `they have ${all.map((s) => `"${s.name}"`).join(', ')}` : 'they have none'})`,
    );
  const skeletons = await Promise.all(
    shown.map(async (summary) => calibratedSkeleton(summary, await loadSkeletonGeometry(client, summary))),
  );
  return { title: viewTitle(source, name ? [name] : undefined), source, skeletons };
}
