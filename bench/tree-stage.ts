/** The tree bench's stage: 20 skeletons of 50 segments, a marker on each; and the reads a tree load makes. */
import type { MotionClient } from '../src/api/client/motion-client';
import { readsOfEverySegment, type BenchCall } from './server-rate';

export const SKELETONS = 20;
export const SEGMENTS = 50;

export async function populateTree(client: MotionClient): Promise<void> {
  const api = client.settings.processing.skeleton;
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  await Promise.all(
    Array.from({ length: SKELETONS }, async (_, s) => {
      const id = await api.add_skeleton('project', `Actor${s + 1}`);
      const ids = [await api.get_skeleton_root_id('project', id)];
      for (let j = 1; j < SEGMENTS; j++) {
        const parent = ids[Math.floor(random() * ids.length)];
        const segment = await api.add_segment('project', parent, `Segment${j}`);
        await api.set_segment_markers('project', segment, [{ name: `M${s}_${j}`, position: [j, 0, 10], weight: 1 }]);
        ids.push(segment);
      }
    }),
  );
}

/** The reads a tree load makes of each segment, of every segment of the project settings in turn: what the server's rate is measured with. */
export function treeReads(client: MotionClient): Promise<BenchCall[]> {
  return readsOfEverySegment(client, [
    'get_segment_name',
    'get_segment_solver',
    'get_segment_endpoint',
    'get_segment_markers',
    'get_segment_parent_id',
  ]);
}
