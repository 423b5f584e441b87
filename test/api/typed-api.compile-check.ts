// Not a test file: `npm run typecheck` (run by npm test) fails when the typed API accepts what it must refuse.
import type { MotionClient } from '../../src/api/client/motion-client';

export async function typedApiChecks(client: MotionClient): Promise<void> {
  const id: number = await client.settings.processing.skeleton.add_skeleton('project', 'Bob');
  const solver: 'none' | 'global_optimization' | null = await client.data.object.skeleton.get_segment_solver(id);
  void solver;
  await client.gui.selection.select([{ type: 'trajectory', id: 3 }]);
  // @ts-expect-error the source is "project" or "measurement"
  await client.settings.processing.skeleton.add_skeleton('scene', 'Bob');
  // @ts-expect-error ids are numbers
  await client.settings.processing.skeleton.get_skeleton_name('project', '1');
  // @ts-expect-error the data module is read-only
  await client.data.object.skeleton.set_skeleton_name(1, 'x');
  // @ts-expect-error a name is a string, not a number
  const wrong: number = await client.settings.processing.skeleton.get_skeleton_name('project', 1);
  void wrong;
  // @ts-expect-error selection types are trajectory or bone
  await client.gui.selection.select([{ type: 'marker', id: 3 }]);
}
