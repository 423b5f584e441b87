import type { MotionState } from '../../api/state/motion-state';
import { sampleRunText, type DryRunReport, type SampleRun } from '../../api/state/sample-changes';
import type { StateChange } from '../../api/state/state-diff';

/**
 * A dry run's changes with what its private server reported of the measurement: each trajectory's
 * changed samples beside its other changes (named as before the script, as they are), and the saves
 * held back last.
 */
export function withMeasurementChanges(
  changes: readonly StateChange[],
  report: DryRunReport,
  before: MotionState,
): StateChange[] {
  const labels = new Map(before.trajectories.map((t) => [t.id, t.label]));
  const runs = report.samples.map((run) => ({
    ...run,
    label: labels.has(run.trajectoryId) ? labels.get(run.trajectoryId)! : run.label,
  }));
  const all = [...changes];
  for (const change of sampleChanges(runs)) {
    const place = change.path.join('\u0000');
    const same = lastIndex(all, (c) => c.path.join('\u0000') === place);
    const trajectories = lastIndex(all, (c) => c.path[0] === 'Trajectories');
    const later = all.findIndex((c) => c.object.type === 'bone' || c.object.type === 'selection');
    const at = same >= 0 ? same + 1 : trajectories >= 0 ? trajectories + 1 : later >= 0 ? later : all.length;
    all.splice(at, 0, change);
  }
  return [...all, ...heldSaves(report.saves)];
}

function lastIndex<T>(list: readonly T[], test: (item: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) return i;
  return -1;
}

/** The runs as changes of their trajectories, placed and worded as the state's own changes. */
function sampleChanges(runs: readonly SampleRun[]): StateChange[] {
  return runs.map((run) => ({
    kind: 'changed',
    object: { type: 'trajectory', trajectoryId: run.trajectoryId },
    path: ['Trajectories', run.label ?? `trajectory ${run.trajectoryId}`],
    field: 'samples',
    text: sampleRunText(run),
    frames: run,
  }));
}

/** The saves a dry run held back, as changes of the measurement. */
function heldSaves(saves: readonly string[]): StateChange[] {
  return saves.map((path) => ({
    kind: 'changed',
    object: { type: 'measurement' },
    path: ['Measurement'],
    after: path,
    text: `would save to ${path} (not written: a dry run writes no file)`,
  }));
}
