import { Fault, invalid, outOfRange } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import type { TrajectoryRecord } from '../model/records';
import { fillPositions, FillRefused, type FillAlgorithm, type FillSettings } from '../measurement/gap-fill';
import { changed, noSamples, withSamples, type Samples3d } from '../measurement/measurement';
import { PartsMeet, withoutParts, withPartsFrom, type Pieces } from '../measurement/part-moves';
import { sampleRanges } from '../measurement/sample-ranges';
import { butterworth, movingAverage } from '../measurement/smoothing';
import { PART_TYPES, splitAfter, withPart, type Part } from '../measurement/trajectory-parts';
import { isColour, WHITE } from './data-object-handlers';
import { openMeasurement } from './file-handlers';
import type { ModuleHandlers } from './handler';
import { frameRange, series3d } from './series-3d-handlers';

const describe = (t: TrajectoryRecord) =>
  t.label === null ? `unidentified trajectory ${t.id}` : `trajectory "${t.label}"`;

function pieces(tx: Transaction, id: number, parameter: string): { trajectory: TrajectoryRecord } & Pieces {
  const { trajectory, samples } = series3d(tx, id, parameter);
  return { trajectory, parts: trajectory.parts, samples };
}

/** Writes back trajectories' parts and samples, and marks the measurement changed. */
function store(tx: Transaction, changes: { id: number; parts: readonly Part[]; samples: Samples3d }[]): void {
  let measurement = openMeasurement(tx);
  for (const c of changes) measurement = withSamples(measurement, c.id, c.samples);
  tx.setMeasurement(measurement);
  const byId = new Map(changes.map((c) => [c.id, c.parts]));
  tx.setTrajectories(tx.trajectories().map((t) => (byId.has(t.id) ? { ...t, parts: [...byId.get(t.id)!] } : t)));
}

/** Part indices of a trajectory (null: all of them), each once, or a refusal naming the parameter. */
function partIndices(t: TrajectoryRecord, given: number[] | null, parameter: string): Set<number> {
  if (given === null) return new Set(t.parts.keys());
  const indices = new Set<number>();
  for (const i of given) {
    if (i < 0 || i >= t.parts.length) throw outOfRange(parameter, i, t.parts.length, `parts in ${describe(t)}`);
    if (indices.has(i)) throw invalid(parameter, `${parameter} names part ${i} twice`);
    indices.add(i);
  }
  return indices;
}

/** `pieces` of trajectory `into` with `parts` (samples from `source`) added, or the refusal naming where they would meet. */
function placed(pieces: Pieces, into: TrajectoryRecord, parts: readonly Part[], source: Samples3d): Pieces {
  try {
    return withPartsFrom(pieces, parts, source);
  } catch (error) {
    if (error instanceof PartsMeet)
      throw invalid(
        undefined,
        `the part of frames ${error.part.range.start} to ${error.part.range.end} would cover frame ${error.frame} of ${describe(into)}, which has a sample there; parts never overlap`,
      );
    throw error;
  }
}

/** Marks the measurement changed for an edit of trajectories' other fields. */
function touched(tx: Transaction, trajectories: TrajectoryRecord[]): void {
  tx.setMeasurement(changed(openMeasurement(tx), {}));
  tx.setTrajectories(trajectories);
}

/** The colour a trajectory has until one is set: spread round the hue circle by its id (docs/design.md §11). */
function trajectoryColour(t: TrajectoryRecord): number {
  if (t.color !== undefined) return t.color;
  const hue = (t.id * 137.508) % 360;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (0.5 - 0.4 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return channel(0) | (channel(8) << 8) | (channel(4) << 16);
}

const FILL_DEFAULT: FillAlgorithm = 'polynomial';
const SMOOTH_DEFAULTS = { window_size: 5, filter_order: 2, cutoff_frequency: 6 };

/** The trajectory edits of `motion.data.object.trajectory` on the open measurement (docs/design.md §11). */
export const TRAJECTORY_EDIT_HANDLERS: ModuleHandlers = {
  add_trajectory: (tx, [label]) => {
    const measurement = openMeasurement(tx);
    if (label !== null && tx.trajectories().some((t) => t.label === label))
      throw invalid('label', `a trajectory is labelled "${label}" already; labels name one trajectory`);
    const id = tx.allocateId();
    tx.setTrajectories([...tx.trajectories(), { id, label, parts: [] }]);
    tx.setMeasurement(withSamples(measurement, id, noSamples(measurement.frameCount)));
    return id;
  },
  delete_trajectory: (tx, [id]) => {
    series3d(tx, id);
    tx.setTrajectories(tx.trajectories().filter((t) => t.id !== id));
    tx.setMeasurement(withSamples(openMeasurement(tx), id, null));
    if (tx.bones().some((b) => b.from === id || b.to === id))
      tx.setBones(tx.bones().filter((b) => b.from !== id && b.to !== id));
    const bones = new Set(tx.bones().map((b) => b.id));
    const selection = tx.selection().filter((s) => (s.type === 'trajectory' ? s.id !== id : bones.has(s.id)));
    if (selection.length !== tx.selection().length) tx.setSelection(selection);
    return null;
  },
  clear_trajectories: (tx) => {
    const measurement = openMeasurement(tx);
    tx.setTrajectories([]);
    tx.setMeasurement(changed(measurement, { samples: new Map() }));
    if (tx.bones().length > 0) tx.setBones([]);
    if (tx.selection().length > 0) tx.setSelection([]);
    return null;
  },
  set_label: (tx, [id, label]) => {
    const { trajectory } = series3d(tx, id);
    const other = tx.trajectories().find((t) => t.label === label && t.id !== id);
    if (label !== null && other)
      throw invalid('label', `${describe(other)} (${other.id}) is labelled "${label}"; labels name one trajectory`);
    touched(
      tx,
      tx.trajectories().map((t) => (t === trajectory ? { ...t, label } : t)),
    );
    return null;
  },
  get_color: (tx, [id]) => trajectoryColour(series3d(tx, id).trajectory),
  set_color: (tx, [id, color]) => {
    const { trajectory } = series3d(tx, id);
    if (!isColour(color))
      throw invalid('color', `color ${color} is not a colour: colours are 0xbbggrr integers from 0 to ${WHITE}`);
    touched(
      tx,
      tx.trajectories().map((t) => (t === trajectory ? { ...t, color } : t)),
    );
    return null;
  },
  get_is_discarded: (tx, [id]) => series3d(tx, id).trajectory.discarded ?? false,
  set_is_discarded: (tx, [id, discarded]) => {
    const { trajectory } = series3d(tx, id);
    touched(
      tx,
      tx.trajectories().map((t) => (t === trajectory ? { ...t, discarded } : t)),
    );
    return null;
  },
  // A C3D measurement has no active markers and no rigid bodies: no trajectory belongs to one.
  get_active_marker_id: (tx, [id]) => (series3d(tx, id), null),
  get_rigid_body_id: (tx, [id]) => (series3d(tx, id), null),
  delete_parts: (tx, [id, indices]) => {
    const t = pieces(tx, id, 'id');
    const left = withoutParts(t, partIndices(t.trajectory, indices, 'part_indices'));
    store(tx, [{ id, ...left }]);
    return null;
  },
  move_parts: (tx, [fromId, toId, indices]) => {
    const from = pieces(tx, fromId, 'id_from');
    const to = pieces(tx, toId, 'id_to');
    if (fromId === toId)
      throw invalid('id_to', `parts are moved between two trajectories; both are ${describe(from.trajectory)}`);
    const chosen = partIndices(from.trajectory, indices, 'part_indices');
    const moving = from.parts.filter((_, i) => chosen.has(i));
    const into = placed(to, to.trajectory, moving, from.samples);
    store(tx, [
      { id: fromId, ...withoutParts(from, chosen) },
      { id: toId, ...into },
    ]);
    return null;
  },
  swap_parts: (tx, [id1, id2, indices1, indices2]) => {
    const one = pieces(tx, id1, 'id_1');
    const two = pieces(tx, id2, 'id_2');
    if (id1 === id2)
      throw invalid('id_2', `parts are swapped between two trajectories; both are ${describe(one.trajectory)}`);
    const chosen1 = partIndices(one.trajectory, indices1, 'part_indices_1');
    const chosen2 = partIndices(two.trajectory, indices2, 'part_indices_2');
    const stay1 = withoutParts(one, chosen1);
    const stay2 = withoutParts(two, chosen2);
    const new1 = placed(
      stay1,
      one.trajectory,
      two.parts.filter((_, i) => chosen2.has(i)),
      two.samples,
    );
    const new2 = placed(
      stay2,
      two.trajectory,
      one.parts.filter((_, i) => chosen1.has(i)),
      one.samples,
    );
    store(tx, [
      { id: id1, ...new1 },
      { id: id2, ...new2 },
    ]);
    return null;
  },
  split_part: (tx, [id, sampleIndex]) => {
    const t = pieces(tx, id, 'id');
    const parts = splitAfter(t.parts, sampleIndex);
    if (!parts)
      throw invalid(
        'sample_index',
        `no part of ${describe(t.trajectory)} has frame ${sampleIndex} with a sample after it: the index is the last sample before the split`,
      );
    store(tx, [{ id, parts, samples: t.samples }]);
    return null;
  },
  fill_trajectory: (tx, [id, algorithm, range, settings]) => {
    const { measurement, trajectory, samples } = series3d(tx, id);
    const method = (algorithm ?? FILL_DEFAULT) as FillAlgorithm | 'kinematic';
    if (method === 'kinematic')
      throw new Fault(
        'not_modelled',
        'a kinematic fill places the marker by its solved skeleton, and the reference server has no skeleton solver: use relational or polynomial',
        'algorithm',
      );
    const frames = frameRange(measurement, range, 'range');
    const given: FillSettings = {
      origin: null,
      line: null,
      plane: null,
      offset: null,
      is_rigid_body: null,
      is_relative_offset: null,
      ...(settings ?? {}),
    };
    let positions: Float32Array;
    try {
      positions = fillPositions(method, samples, frames, measurement.frameCount, given, (other, parameter) => {
        if (other === id) throw new FillRefused(`${parameter} is the trajectory being filled`, 'settings');
        return series3d(tx, other, parameter).samples;
      });
    } catch (error) {
      if (error instanceof FillRefused) throw invalid(error.parameter, `${describe(trajectory)}: ${error.message}`);
      throw error;
    }
    const filled = { positions: samples.positions.slice(), residuals: samples.residuals.slice() };
    filled.positions.set(positions, 3 * frames.start);
    filled.residuals.fill(0, frames.start, frames.end + 1);
    const type = method === 'virtual' ? PART_TYPES.virtual : PART_TYPES.filled;
    store(tx, [{ id, parts: withPart(trajectory.parts, frames, type), samples: filled }]);
    return null;
  },
  smooth_trajectory: (tx, [id, algorithm, range, settings]) => {
    const { measurement, trajectory, samples } = series3d(tx, id);
    const frames = frameRange(measurement, range, 'range');
    const { window_size, filter_order, cutoff_frequency } = { ...SMOOTH_DEFAULTS, ...dropNulls(settings ?? {}) };
    const method = algorithm ?? 'moving_average';
    if (method === 'moving_average' && (window_size < 1 || window_size % 2 === 0))
      throw invalid(
        'settings',
        `settings.window_size ${window_size}: the window is centred, so it is an odd number of samples, 1 or more`,
      );
    if (method === 'butterworth') {
      if (filter_order < 1 || filter_order > 8)
        throw invalid('settings', `settings.filter_order ${filter_order} is outside 1 to 8`);
      if (!(cutoff_frequency > 0 && cutoff_frequency < measurement.frameRate / 2))
        throw invalid(
          'settings',
          `settings.cutoff_frequency ${cutoff_frequency} Hz must be above 0 and below half the frame rate (${measurement.frameRate / 2} Hz)`,
        );
    }
    const smoothed = { positions: samples.positions.slice(), residuals: samples.residuals };
    for (const run of sampleRanges(samples.residuals, frames.start, frames.end))
      for (let k = 0; k < 3; k++) {
        const values = Float64Array.from(
          { length: run.end - run.start + 1 },
          (_, i) => samples.positions[3 * (run.start + i) + k],
        );
        const out =
          method === 'butterworth'
            ? butterworth(values, filter_order, cutoff_frequency, measurement.frameRate)
            : movingAverage(values, window_size);
        out.forEach((v, i) => (smoothed.positions[3 * (run.start + i) + k] = v));
      }
    store(tx, [{ id, parts: trajectory.parts, samples: smoothed }]);
    return null;
  },
};

function dropNulls<T extends object>(value: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as Partial<{
    [K in keyof T]: NonNullable<T[K]>;
  }>;
}
