import { invalid } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import { changed, type FrameRange, type Timeline } from '../measurement/measurement';
import { openMeasurement } from './file-handlers';
import type { ModuleHandlers } from './handler';
import { frameIndex, frameRange } from './series-3d-handlers';

const within = (r: FrameRange, outer: FrameRange): FrameRange => ({
  start: Math.min(Math.max(r.start, outer.start), outer.end),
  end: Math.max(Math.min(r.end, outer.end), outer.start),
});

function setTimeline(tx: Transaction, change: Partial<Timeline>, dirty: boolean): void {
  const measurement = openMeasurement(tx);
  const timeline = { ...measurement.timeline, ...change };
  tx.setMeasurement(dirty ? changed(measurement, { timeline }) : { ...measurement, timeline });
}

/** A range inside the measured one, or the refusal saying so. */
function insideMeasured(tx: Transaction, range: FrameRange, parameter: string): FrameRange {
  const measurement = openMeasurement(tx);
  const r = frameRange(measurement, range, parameter);
  const { measured } = measurement.timeline;
  if (r.start < measured.start || r.end > measured.end)
    throw invalid(
      parameter,
      `${parameter} ${r.start}..${r.end} is outside the measured range ${measured.start}..${measured.end}`,
    );
  return r;
}

/**
 * `motion.gui.timeline` (docs/design.md §11): the measured range is a part of the frames (cropping
 * it is a change of the measurement); the selected and trace ranges are inside it, and follow it
 * in when it shrinks; the current frame is any frame.
 */
export const TIMELINE_HANDLERS: ModuleHandlers = {
  get_frequency: (tx) => openMeasurement(tx).frameRate,
  get_frame_count: (tx) => openMeasurement(tx).frameCount,
  get_current_time: (tx) => {
    const m = openMeasurement(tx);
    return m.timeline.current / m.frameRate;
  },
  get_current_frame: (tx) => openMeasurement(tx).timeline.current,
  set_current_frame: (tx, [frame]) => {
    setTimeline(tx, { current: frameIndex(openMeasurement(tx), frame, 'frame') }, false);
    return null;
  },
  get_measured_range: (tx) => ({ ...openMeasurement(tx).timeline.measured }),
  set_measured_range: (tx, [range]) => {
    const measurement = openMeasurement(tx);
    const measured = { ...frameRange(measurement, range, 'range') };
    const { selected, trace } = measurement.timeline;
    setTimeline(tx, { measured, selected: within(selected, measured), trace: within(trace, measured) }, true);
    return null;
  },
  get_selected_range: (tx) => ({ ...openMeasurement(tx).timeline.selected }),
  set_selected_range: (tx, [range]) => {
    setTimeline(tx, { selected: { ...insideMeasured(tx, range, 'range') } }, false);
    return null;
  },
  get_trace_range: (tx) => ({ ...openMeasurement(tx).timeline.trace }),
  set_trace_range: (tx, [range]) => {
    setTimeline(tx, { trace: { ...insideMeasured(tx, range, 'range') } }, false);
    return null;
  },
};
