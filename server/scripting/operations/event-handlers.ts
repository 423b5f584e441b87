import { invalid } from '../model/faults';
import { changed, type MeasurementEvent } from '../measurement/measurement';
import { isColour, WHITE } from './data-object-handlers';
import { openMeasurement } from './file-handlers';
import type { ModuleHandlers } from './handler';

/** `motion.data.object.event`: labelled moments of the measurement, in time order (docs/design.md §11). */
export const EVENT_HANDLERS: ModuleHandlers = {
  add_event: (tx, [event]) => {
    const measurement = openMeasurement(tx);
    const { label, time, color } = event as MeasurementEvent;
    const duration = (measurement.frameCount - 1) / measurement.frameRate;
    if (time < 0 || time > duration)
      throw invalid('event', `event.time ${time} s is outside the measurement (0 to ${duration} s)`);
    if (color !== null && !isColour(color))
      throw invalid('event', `event.color ${color} is not a colour: colours are 0xbbggrr integers from 0 to ${WHITE}`);
    const events = [...measurement.events, { label, time, color }].sort((a, b) => a.time - b.time);
    tx.setMeasurement(changed(measurement, { events }));
    return null;
  },
  get_event_count: (tx) => openMeasurement(tx).events.length,
  get_events: (tx) => openMeasurement(tx).events.map((e) => ({ ...e })),
  clear_events: (tx) => {
    const measurement = openMeasurement(tx);
    if (measurement.events.length > 0) tx.setMeasurement(changed(measurement, { events: [] }));
    return null;
  },
};
