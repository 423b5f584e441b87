import type { Log } from '../log';
import { demoMeasurement } from '../model/demo-measurement';
import type { MotionState } from '../model/records';
import type { Measurement } from './measurement';
import { measurementFromC3d } from './measurement-from-c3d';
import { readMeasurementFile } from './measurement-files';

/**
 * The open measurement of a state as it is read (a state file, a snapshot, the demo): its samples
 * are not in the state, so they are made again (the demo's walk) or read again from the file it was
 * opened from. A file with unsaved changes, gone, or no longer of the state's trajectories cannot
 * be: it is closed, with its trajectories, and the log says why (docs/design.md §11).
 */
export function reopenMeasurement(
  state: MotionState,
  log: Log,
): { state: MotionState; measurement: Measurement | null | (() => Measurement) } {
  const origin = state.measurement;
  if (!origin) return { state, measurement: null };
  // The walk is made when a call first needs it: most servers (a dry run's, a test's) never do.
  if ('demo' in origin) return { state, measurement: () => demoMeasurement(state) };
  const closed = (why: string) => {
    log.warn(`the measurement ${origin.path} was open; ${why}, so it is closed`);
    const { measurement: _gone, ...rest } = state;
    return { state: { ...rest, trajectories: [], bones: [], selection: [] }, measurement: null };
  };
  if (origin.dirty) return closed('its unsaved changes were in the server that stopped');
  let read: ReturnType<typeof readMeasurementFile>;
  try {
    read = readMeasurementFile(origin.path);
  } catch (error) {
    return closed(`it cannot be read again (${(error as Error).message})`);
  }
  const labels = read.recording.markers.map((m) => m.label || null);
  if (labels.length !== state.trajectories.length || labels.some((l, i) => l !== state.trajectories[i].label))
    return closed('the file has changed since');
  // Every marker is one of the state's trajectories (checked above): no new id is needed.
  const none = () => state.nextId;
  const { measurement } = measurementFromC3d(read.recording, origin.path, none, read.modified, state.trajectories);
  return { state, measurement };
}
