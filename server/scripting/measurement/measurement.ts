import type { C3dForcePlate, C3dRecording } from '../../../src/api/c3d/c3d-recording';

/** One trajectory's 3D samples, a slot per frame: x, y, z at 3i, and a residual below 0 where there is no sample. */
export interface Samples3d {
  readonly positions: Float32Array;
  readonly residuals: Float32Array;
}

interface AnalogBoard {
  readonly id: number;
  readonly name: string;
  readonly rate: number;
  readonly channelIds: readonly number[];
}

export interface AnalogChannel {
  readonly id: number;
  readonly boardId: number;
  readonly name: string;
  readonly unit: string;
  readonly samples: Float32Array;
}

interface ForcePlate {
  /** The force series' id. */
  readonly id: number;
  readonly plate: C3dForcePlate;
}

export interface MeasurementEvent {
  readonly label: string;
  /** Seconds from the measurement's first frame. */
  readonly time: number;
  readonly color: number | null;
}

export interface FrameRange {
  start: number;
  end: number;
}

export interface Timeline {
  readonly current: number;
  readonly measured: FrameRange;
  readonly selected: FrameRange;
  readonly trace: FrameRange;
}

export interface CaptureTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/**
 * The open measurement: what motion.file opens, the data series read, and the trajectory edits
 * change. A value: every change makes a new one that shares what it did not change (a trajectory's
 * samples are copied only when edited), so a refused operation leaves the old one whole and the
 * saved and the visible model can hold the same arrays. The trajectories themselves (ids, labels,
 * parts) are the state's TrajectoryRecords; their samples are here, by trajectory id.
 */
export interface Measurement {
  /** Where it was opened from or last saved to. */
  readonly path: string;
  /** Whether it has ever been written to disk (a file opened from disk has). */
  readonly persisted: boolean;
  /** Whether it has changes not yet saved. */
  readonly dirty: boolean;
  readonly frameRate: number;
  readonly frameCount: number;
  readonly samples: ReadonlyMap<number, Samples3d>;
  readonly boards: readonly AnalogBoard[];
  readonly channels: readonly AnalogChannel[];
  readonly forcePlates: readonly ForcePlate[];
  readonly events: readonly MeasurementEvent[];
  readonly timeline: Timeline;
  readonly captureTime: CaptureTime;
  /** The file it was read from: its first frame's number and the groups a save carries over. */
  readonly recording: C3dRecording;
  /** The demo's walk, made by code rather than read from a file. */
  readonly demo?: true;
}

/** Empty 3D samples for a trajectory of a measurement of `frames` frames: no sample anywhere. */
export function noSamples(frames: number): Samples3d {
  return { positions: new Float32Array(frames * 3), residuals: new Float32Array(frames).fill(-1) };
}

/** The measurement with `changes`, marked as having unsaved changes. */
export function changed(measurement: Measurement, changes: Partial<Measurement>): Measurement {
  return { ...measurement, ...changes, dirty: true };
}

/** The measurement with one trajectory's samples replaced (or removed, for null). */
export function withSamples(measurement: Measurement, id: number, samples: Samples3d | null): Measurement {
  const map = new Map(measurement.samples);
  if (samples) map.set(id, samples);
  else map.delete(id);
  return changed(measurement, { samples: map });
}
