import type { FrameChange, SampleRun } from '../../../src/api/state/sample-changes';
import type { Vec3 } from '../../../src/api/state/motion-state';
import type { TrajectoryRecord } from '../model/records';
import type { Measurement, Samples3d } from './measurement';

/** How many frames a report gives positions for: per run, and in all (the rest are counted). */
export const FRAMES_PER_RUN = 1_000;
const FRAMES_IN_ALL = 20_000;

const positionAt = (s: Samples3d | undefined, i: number): Vec3 | null =>
  s && s.residuals[i] >= 0 ? [s.positions[3 * i], s.positions[3 * i + 1], s.positions[3 * i + 2]] : null;

/** Whether frame `i` differs: a sample where there was none or none where there was one, or another position. */
function differs(a: Samples3d | undefined, b: Samples3d, i: number): boolean {
  const was = !!a && a.residuals[i] >= 0;
  const now = b.residuals[i] >= 0;
  if (was !== now) return true;
  if (!now) return false;
  for (let k = 3 * i; k < 3 * i + 3; k++) if (a!.positions[k] !== b.positions[k]) return true;
  return false;
}

/**
 * What was done to the samples from `opened` (the measurement a dry run started with) to `now`: the
 * runs of frames whose samples differ, trajectory by trajectory in the state's order. A trajectory
 * whose samples are the very arrays it started with is not compared (a measurement shares what it
 * did not change). Another measurement opened meanwhile, or none, has no runs: the state's own
 * changes (trajectories added and removed) say what happened then.
 */
export function sampleRunsSince(
  opened: Measurement | null,
  now: Measurement | null,
  trajectories: readonly TrajectoryRecord[],
): SampleRun[] {
  if (!opened || !now || opened.recording !== now.recording) return [];
  const runs: SampleRun[] = [];
  let budget = FRAMES_IN_ALL;
  for (const trajectory of trajectories) {
    const before = opened.samples.get(trajectory.id);
    const after = now.samples.get(trajectory.id);
    if (before === after || !after) continue;
    let start = -1;
    for (let i = 0; i <= now.frameCount; i++) {
      const changed = i < now.frameCount && differs(before, after, i);
      if (changed && start < 0) start = i;
      if (changed || start < 0) continue;
      const end = i - 1;
      const kept = Math.max(0, Math.min(end - start + 1, FRAMES_PER_RUN, budget));
      const frames: FrameChange[] = [];
      for (let f = start; f < start + kept; f++)
        frames.push({ frame: f, before: positionAt(before, f), after: positionAt(after, f) });
      budget -= kept;
      runs.push({
        trajectoryId: trajectory.id,
        label: trajectory.label,
        start,
        end,
        frames,
        framesLeftOut: end - start + 1 - kept,
      });
      start = -1;
    }
  }
  return runs;
}
