import { elementAt, invalid, notFound, outOfRange } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import type { FrameRange, Measurement } from '../measurement/measurement';
import { openMeasurement } from './file-handlers';
import type { ModuleHandlers } from './handler';

/** One series sampled without gaps (an analog channel, a force plate): how many samples, at what rate, each one. */
interface SampledSeries {
  id: number;
  count: number;
  rate: number;
  sample(index: number): unknown;
}

/**
 * The handlers every data series module shares, for series sampled at every index (no gaps): ids,
 * counts, ranges, samples one by one or a range at a time, frequency and the index at a time.
 * `what` names the series in errors ("analog channel").
 */
export function sampledSeriesHandlers(
  what: string,
  list: (measurement: Measurement, tx: Transaction) => readonly SampledSeries[],
): ModuleHandlers {
  const all = (tx: Transaction) => list(openMeasurement(tx), tx);
  const one = (tx: Transaction, id: number) => {
    const found = all(tx).find((s) => s.id === id);
    if (!found) throw notFound('id', `no ${what} series with id ${id}`);
    return found;
  };
  const index = (s: SampledSeries, i: number, parameter: string) => {
    if (i < 0 || i >= s.count) throw outOfRange(parameter, i, s.count, 'samples');
    return i;
  };
  const span = (s: SampledSeries): FrameRange | null => (s.count === 0 ? null : { start: 0, end: s.count - 1 });
  return {
    get_series_id: (tx, [i]) => elementAt(all(tx), i, 'index', `${what} series`).id,
    get_series_ids: (tx) => all(tx).map((s) => s.id),
    get_series_count: (tx) => all(tx).length,
    get_sample_count: (tx, [id]) => one(tx, id).count,
    get_sample_range: (tx, [id]) => span(one(tx, id)),
    get_sample_ranges: (tx, [id]) => {
      const whole = span(one(tx, id));
      return whole ? [whole] : [];
    },
    get_gap_ranges: (tx, [id]) => (one(tx, id), []),
    get_sample: (tx, [id, i]) => {
      const s = one(tx, id);
      return s.sample(index(s, i, 'index'));
    },
    get_samples: (tx, [id, range]) => {
      const s = one(tx, id);
      const r = (range as FrameRange | null) ?? span(s) ?? { start: 0, end: -1 };
      if (range !== null) {
        if (r.start > r.end) throw invalid('range', `range starts at ${r.start}, after its end ${r.end}`);
        index(s, r.start, 'range.start');
        index(s, r.end, 'range.end');
      }
      return Array.from({ length: r.end - r.start + 1 }, (_, k) => s.sample(r.start + k));
    },
    get_frequency: (tx, [id]) => one(tx, id).rate,
    get_offset: (tx, [id]) => (one(tx, id), 0),
    get_sample_index_at_time: (tx, [id, time]) => Math.round(time * one(tx, id).rate),
    get_time_at_sample_index: (tx, [id, i]) => i / one(tx, id).rate,
  };
}

/**
 * A data series module whose kind of data a C3D measurement does not hold (2D, 6DOF, skeletons,
 * gaze, timecode): with a measurement open it has no series, and any id is not one of them.
 */
export function absentSeriesHandlers(what: string): ModuleHandlers {
  const none = (tx: Transaction, id: number): never => {
    openMeasurement(tx);
    throw notFound('id', `no ${what} series with id ${id}: this measurement has no ${what} data`);
  };
  const byId = (tx: Transaction, [id]: unknown[]) => none(tx, id as number);
  return {
    get_series_id: (tx, [i]) =>
      elementAt([] as { id: number }[], (openMeasurement(tx), i), 'index', `${what} series`).id,
    get_series_ids: (tx) => (openMeasurement(tx), []),
    get_series_count: (tx) => (openMeasurement(tx), 0),
    ...Object.fromEntries(
      [
        'get_sample_count',
        'get_sample_range',
        'get_sample_ranges',
        'get_gap_ranges',
        'get_sample',
        'get_samples',
        'set_sample',
        'set_samples',
        'delete_sample',
        'delete_samples',
        'get_frequency',
        'get_offset',
        'get_sample_index_at_time',
        'get_time_at_sample_index',
      ].map((name) => [name, byId]),
    ),
  };
}
