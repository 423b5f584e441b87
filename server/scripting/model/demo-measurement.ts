import type { Measurement } from '../measurement/measurement';
import { measurementFromC3d } from '../measurement/measurement-from-c3d';
import { DEMO_FRAMES } from './demo-data';
import { demoWalk } from './demo-walk';
import type { MotionState } from './records';
import { DEMO_WALK_PATH } from '../../../src/api/state/motion-state';

/** A time all demo files were made at: the demo is the same on every run. */
const MADE = new Date(2026, 0, 15, 10, 30, 0);

/**
 * The demo's walk as the open measurement of a demo state: the samples of its trajectories (their
 * ids, labels and parts as the state has them) and the rest of the walk.
 * Made again whenever a state that has it open is read.
 */
export function demoMeasurement(state: MotionState): Measurement {
  const actor = state.skeletons.data.find((s) => s.name === 'Actor1') ?? state.skeletons.data[0];
  const recording = demoWalk(actor, state.trajectories, DEMO_FRAMES.end - DEMO_FRAMES.start + 1);
  // Every marker is a trajectory the state has: no new id is needed.
  const none = () => {
    throw new Error('the demo walk has a marker for each of the state’s trajectories');
  };
  const { measurement } = measurementFromC3d(recording, DEMO_WALK_PATH, none, MADE, state.trajectories);
  return { ...measurement, persisted: false, demo: true };
}
