/** The benches' stage: 20 actors on a 5 × 4 floor grid, each a tree of 100 segments with 4 markers on each. */
import type { MotionClient } from '../src/api/client/motion-client';
import type { Matrix } from '../src/api/skeletons/skeleton-model';
import { readsOfEverySegment, type BenchCall } from './server-rate';

export const SKELETONS = 20;
export const SEGMENTS = 100;
export const MARKERS = 4;

const translation = (x: number, y: number, z: number): Matrix => [
  [1, 0, 0, x],
  [0, 1, 0, y],
  [0, 0, 1, z],
  [0, 0, 0, 1],
];

/** 20 actors on a 5 × 4 floor grid, each a tree of 100 segments with 4 markers on each. */
export async function populateStage(client: MotionClient): Promise<void> {
  const api = client.settings.processing.skeleton;
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  await Promise.all(
    Array.from({ length: SKELETONS }, async (_, s) => {
      const id = await api.add_skeleton('project', `Actor${s + 1}`);
      const root = await api.get_skeleton_root_id('project', id);
      await api.set_segment_transform('project', root, translation((s % 5) * 1500, Math.floor(s / 5) * 1500, 900));
      const ids = [root];
      for (let j = 1; j < SEGMENTS; j++) {
        const parent = ids[Math.floor(random() * ids.length)];
        const segment = await api.add_segment('project', parent, `Segment${j}`);
        await api.set_segment_transform('project', segment, translation(random() * 80 - 40, random() * 80 - 40, 60));
        await api.set_segment_markers(
          'project',
          segment,
          Array.from({ length: MARKERS }, (_, k) => ({
            name: `A${s + 1}_S${j}_M${k}`,
            position: [Math.cos(k) * 40, Math.sin(k) * 40, 20] as [number, number, number],
            weight: 1,
          })),
        );
        ids.push(segment);
      }
    }),
  );
}

/** The reads the 3D view makes of each segment, of every segment in turn. */
export function viewReads(client: MotionClient): Promise<BenchCall[]> {
  return readsOfEverySegment(client, [
    'get_segment_name',
    'get_segment_parent_id',
    'get_segment_transform',
    'get_segment_markers',
    'get_segment_rigid_bodies',
  ]);
}
