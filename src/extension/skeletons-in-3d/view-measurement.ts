import type { MotionClient } from '../../api/client/motion-client';
import { MotionError } from '../../api/client/motion-error';
import type { Vec3 } from '../../api/skeletons/skeleton-model';
import type { ViewMeasurement } from '../../protocol/skeleton-view';

/** At most this many frames are sent to a view: a long measurement is shown every few frames. */
const MAX_VIEW_FRAMES = 3000;

type Sample = { position: Vec3; residual: number } | null;

/**
 * The application's open measurement as the current data's 3D view draws it: each trajectory's
 * samples read whole, one call each, kept at every `step`-th frame. Null when none is open, or
 * when the application has no measurement to give (an older one without motion.file: it is not
 * an error of the view). No `vscode` import.
 */
export async function readViewMeasurement(client: MotionClient, signal?: AbortSignal): Promise<ViewMeasurement | null> {
  // Reads all: a long measurement's get_samples answers take a while, and are never retried as changes.
  const read = (module: string, operation: string, args: unknown[] = []) =>
    client.call(module, operation, args, { signal, effect: 'read', timeoutMs: 60_000 });
  try {
    if (!(await read('motion.file', 'is_open', []))) return null;
  } catch (error) {
    if (error instanceof MotionError) return null; // no such module, or nothing to read
    throw error;
  }
  const [rate, frameCount, current, ids] = (await Promise.all([
    read('motion.gui.timeline', 'get_frequency', []),
    read('motion.gui.timeline', 'get_frame_count', []),
    read('motion.gui.timeline', 'get_current_frame', []),
    read('motion.data.series._3d', 'get_series_ids', []),
  ])) as [number, number, number, number[]];
  const step = Math.max(1, Math.ceil(frameCount / MAX_VIEW_FRAMES));
  const trajectories = await Promise.all(
    ids.map(async (id) => {
      const [label, samples] = (await Promise.all([
        read('motion.data.object.trajectory', 'get_label', [id]),
        read('motion.data.series._3d', 'get_samples', [id, null]),
      ])) as [string | null, Sample[]];
      const positions: (Vec3 | null)[] = [];
      for (let f = 0; f < frameCount; f += step) positions.push(samples[f]?.position ?? null);
      return { label, positions };
    }),
  );
  return { rate, frameCount, step, current, trajectories };
}
