import type { MotionClient } from '../../src/api/client/motion-client';
import type { SkeletonSourceName } from '../../src/api/skeletons/skeleton-model';
import { sendViewScene, type SceneOptions, type ViewTarget } from '../../src/extension/skeletons-in-3d/view-scene';
import type { SceneOutline, ViewSkeleton } from '../../src/protocol/skeleton-view';

/** A whole scene at once: what a view shows once everything has come. */
export interface ViewScene {
  title: string;
  source: SkeletonSourceName;
  skeletons: ViewSkeleton[];
}

/** Collects the messages the extension sends a view (sendViewScene, as a panel gets them) into one scene. */
export async function loadViewScene(
  client: MotionClient,
  target: ViewTarget,
  options: SceneOptions = {},
): Promise<ViewScene> {
  let outline: SceneOutline | undefined;
  const arrived = new Map<number, ViewSkeleton>();
  await sendViewScene(
    client,
    target,
    (message) => {
      if (message.type === 'outline') outline = message.outline;
      if (message.type === 'skeleton') arrived.set(message.skeleton.id, message.skeleton);
      if (message.type === 'defaultPose') arrived.get(message.skeletonId)!.default = message.scene;
    },
    options,
  );
  const { title, source, skeletonIds } = outline!;
  return { title, source, skeletons: skeletonIds.map((id) => arrived.get(id)!) };
}
