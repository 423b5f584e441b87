import type { C3dRecording } from '../../../src/api/c3d/c3d-recording';
import type { TrajectoryRecord } from '../model/records';
import { noSamples, type Measurement } from './measurement';

/**
 * The measurement as a C3D recording, to be written: a marker per trajectory in their order (an
 * unidentified one without a label), the analog channels, events and force plates, and the groups
 * the file was read with. Frames keep the number the file gave its first.
 */
export function c3dOfMeasurement(measurement: Measurement, trajectories: readonly TrajectoryRecord[]): C3dRecording {
  const { recording } = measurement;
  const byId = new Map(recording.markers.map((m, i) => [i, m]));
  return {
    ...recording,
    frameRate: measurement.frameRate,
    frameCount: measurement.frameCount,
    markers: trajectories.map((t, i) => {
      const samples = measurement.samples.get(t.id) ?? noSamples(measurement.frameCount);
      return {
        label: t.label ?? '',
        description: byId.get(i)?.label === t.label ? (byId.get(i)?.description ?? '') : '',
        positions: samples.positions,
        residuals: samples.residuals,
      };
    }),
    analog: measurement.channels.map((c) => ({ label: c.name, description: '', unit: c.unit, samples: c.samples })),
    analogRate: measurement.boards[0]?.rate ?? 0,
    events: measurement.events.map((e) => ({ label: e.label, context: '', description: '', time: e.time })),
    forcePlates: measurement.forcePlates.map((p) => p.plate),
  };
}
