import type { MotionClient } from '../src/api/client/motion-client';

/**
 * The peer for bench:tree: how a first script loads the tree — one field at a time, each call
 * awaited before the next, skeletons and segments addressed by index.
 */
export async function loadTreeNaively(
  client: MotionClient,
  source: 'project' | 'measurement',
): Promise<{ skeletons: number; segments: number }> {
  const api = client.settings.processing.skeleton;
  const count = await api.get_skeleton_count(source);
  let segments = 0;
  for (let i = 0; i < count; i++) {
    const id = await api.get_skeleton_id(source, i);
    await api.get_skeleton_name(source, id);
    await api.get_skeleton_scale(source, id);
    await api.get_skeleton_root_id(source, id);
    const segmentCount = await api.get_segment_count(source, id);
    for (let j = 0; j < segmentCount; j++) {
      const segment = await api.get_segment_id(source, id, j);
      await api.get_segment_name(source, segment);
      await api.get_segment_solver(source, segment);
      await api.get_segment_endpoint(source, segment);
      await api.get_segment_markers(source, segment);
      await api.get_segment_parent_id(source, segment);
      segments++;
    }
  }
  return { skeletons: count, segments };
}
