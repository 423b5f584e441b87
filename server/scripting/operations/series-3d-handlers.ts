import { elementAt, invalid, notFound, outOfRange } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import type { TrajectoryRecord } from '../model/records';
import { noSamples, withSamples, type FrameRange, type Measurement, type Samples3d } from '../measurement/measurement';
import { sampleAt, setSamples, type Sample3d } from '../measurement/sample-edits';
import { gapRanges, sampleCount, sampleRanges, sampleSpan } from '../measurement/sample-ranges';
import { PART_TYPES, withNewRuns, withoutFrames } from '../measurement/trajectory-parts';
import { openMeasurement } from './file-handlers';
import type { ModuleHandlers } from './handler';

/** A trajectory's 3D series (its id is the trajectory's) in the open measurement. */
export function series3d(
  tx: Transaction,
  id: number,
  parameter = 'id',
): { measurement: Measurement; trajectory: TrajectoryRecord; samples: Samples3d } {
  const measurement = openMeasurement(tx);
  const trajectory = tx.trajectories().find((t) => t.id === id);
  if (!trajectory) throw notFound(parameter, `no 3D series with id ${id}: the ids are the trajectories'`);
  return { measurement, trajectory, samples: measurement.samples.get(id) ?? noSamples(measurement.frameCount) };
}

/** A frame of the measurement, or the out_of_range refusal naming the parameter. */
export function frameIndex(measurement: Measurement, index: number, parameter: string): number {
  if (index < 0 || index >= measurement.frameCount)
    throw outOfRange(parameter, index, measurement.frameCount, 'frames');
  return index;
}

/** A range of frames of the measurement (null: all of them), or a refusal naming what is wrong. */
export function frameRange(measurement: Measurement, range: FrameRange | null, parameter: string): FrameRange {
  if (range === null) return { start: 0, end: measurement.frameCount - 1 };
  if (range.start > range.end)
    throw invalid(parameter, `${parameter} starts at ${range.start}, after its end ${range.end}`);
  frameIndex(measurement, range.start, `${parameter}.start`);
  frameIndex(measurement, range.end, `${parameter}.end`);
  return range;
}

function checkSample(sample: Sample3d | null, parameter: string): Sample3d | null {
  if (sample !== null && !(sample.residual >= 0))
    throw invalid(
      parameter,
      `${parameter} has residual ${sample.residual}; a sample's residual is 0 or more (delete the sample to leave a gap)`,
    );
  return sample;
}

/**
 * Sets frames `start`… of a trajectory: the samples changed, the parts kept in step (frames that
 * lost their sample leave their parts; frames that gained one where there was none make parts of
 * their own, "edited"), the measurement marked as changed.
 */
function editSamples(tx: Transaction, id: number, start: number, values: readonly (Sample3d | null)[]): void {
  const { measurement, trajectory, samples } = series3d(tx, id);
  const edited = setSamples(samples, start, values);
  let parts = trajectory.parts;
  for (const lost of edited.lost) parts = withoutFrames(parts, lost);
  parts = withNewRuns(parts, edited.gained, PART_TYPES.edited);
  tx.setMeasurement(withSamples(measurement, id, edited.samples));
  tx.setTrajectories(tx.trajectories().map((t) => (t.id === id ? { ...t, parts } : t)));
}

function samplesIn(samples: Samples3d, range: FrameRange): (Sample3d | null)[] {
  return Array.from({ length: range.end - range.start + 1 }, (_, k) => sampleAt(samples, range.start + k));
}

/** `motion.data.series._3d`: each trajectory's samples, frame by frame (docs/design.md §11). */
export const SERIES_3D_HANDLERS: ModuleHandlers = {
  get_series_id: (tx, [index]) => (openMeasurement(tx), elementAt(tx.trajectories(), index, 'index', '3D series').id),
  get_series_ids: (tx) => (openMeasurement(tx), tx.trajectories().map((t) => t.id)),
  get_series_count: (tx) => (openMeasurement(tx), tx.trajectories().length),
  get_sample_count: (tx, [id]) => sampleCount(series3d(tx, id).samples.residuals),
  get_sample_range: (tx, [id]) => sampleSpan(series3d(tx, id).samples.residuals),
  get_sample_ranges: (tx, [id]) => sampleRanges(series3d(tx, id).samples.residuals),
  get_gap_ranges: (tx, [id]) => gapRanges(series3d(tx, id).samples.residuals),
  get_sample: (tx, [id, index]) => {
    const { measurement, samples } = series3d(tx, id);
    return sampleAt(samples, frameIndex(measurement, index, 'index'));
  },
  get_samples: (tx, [id, range]) => {
    const { measurement, samples } = series3d(tx, id);
    return samplesIn(samples, frameRange(measurement, range, 'range'));
  },
  set_sample: (tx, [id, index, sample]) => {
    const { measurement } = series3d(tx, id);
    editSamples(tx, id, frameIndex(measurement, index, 'index'), [checkSample(sample, 'sample')]);
    return null;
  },
  set_samples: (tx, [id, range, samples]) => {
    const { measurement } = series3d(tx, id);
    const frames = frameRange(measurement, range, 'range');
    const count = frames.end - frames.start + 1;
    if (samples.length !== count)
      throw invalid(
        'samples',
        `range ${frames.start}..${frames.end} holds ${count} samples, but ${samples.length} were given`,
      );
    editSamples(
      tx,
      id,
      frames.start,
      (samples as (Sample3d | null)[]).map((s, k) => checkSample(s, `samples[${k}]`)),
    );
    return null;
  },
  delete_sample: (tx, [id, index]) => {
    const { measurement } = series3d(tx, id);
    editSamples(tx, id, frameIndex(measurement, index, 'index'), [null]);
    return null;
  },
  delete_samples: (tx, [id, range]) => {
    const { measurement } = series3d(tx, id);
    const frames = frameRange(measurement, range, 'range');
    editSamples(tx, id, frames.start, Array<null>(frames.end - frames.start + 1).fill(null));
    return null;
  },
  get_frequency: (tx, [id]) => series3d(tx, id).measurement.frameRate,
  get_offset: (tx, [id]) => (series3d(tx, id), 0),
  get_sample_index_at_time: (tx, [id, time]) => Math.round(time * series3d(tx, id).measurement.frameRate),
  get_time_at_sample_index: (tx, [id, index]) => index / series3d(tx, id).measurement.frameRate,
};
