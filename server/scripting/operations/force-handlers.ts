import { forceSample } from '../measurement/force-plates';
import type { ModuleHandlers } from './handler';
import { sampledSeriesHandlers } from './sampled-series-handlers';

/** `motion.data.series.force`: a series per force plate, computed from its analog channels at their rate. */
export const FORCE_SERIES_HANDLERS: ModuleHandlers = sampledSeriesHandlers('force', (measurement) => {
  const rate = measurement.boards[0]?.rate ?? measurement.frameRate;
  return measurement.forcePlates.map(({ id, plate }) => {
    const channels = plate.channels.map((c) => measurement.channels[c].samples);
    return {
      id,
      count: channels[0]?.length ?? 0,
      rate,
      sample: (i: number) =>
        forceSample(
          plate,
          channels.map((samples) => samples[i]),
        ),
    };
  });
});
