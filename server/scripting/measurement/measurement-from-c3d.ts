import type { C3dRecording } from '../../../src/api/c3d/c3d-recording';
import type { TrajectoryRecord } from '../model/records';
import type { AnalogChannel, CaptureTime, Measurement, Samples3d } from './measurement';
import { sampleRanges } from './sample-ranges';
import { PART_TYPES, partsOfRuns } from './trajectory-parts';

/** The name of the one analog board a C3D file's channels are put on: the format has no boards. */
const C3D_BOARD = 'Analog';

/**
 * A recording read from a C3D file as the open measurement: a labelled trajectory per marker (an
 * empty label is an unidentified one), its runs of samples as measured parts, one analog board with
 * every channel, a force series per force plate, the events, and a timeline over every frame. Ids
 * come from `allocate`, the state's one counter, so none is ever used twice; the analog boards,
 * channels and force plates are numbered on their own (docs/design.md §11).
 */
export function measurementFromC3d(
  recording: C3dRecording,
  path: string,
  allocate: () => number,
  modified: Date,
  /** The trajectories the state has of it already (the same markers in order): their ids, labels and parts are kept. */
  existing?: readonly TrajectoryRecord[],
): { measurement: Measurement; trajectories: TrajectoryRecord[] } {
  const samples = new Map<number, Samples3d>();
  const trajectories = recording.markers.map((marker, i): TrajectoryRecord => {
    const known = existing?.[i];
    const id = known?.id ?? allocate();
    samples.set(id, { positions: marker.positions, residuals: marker.residuals });
    return (
      known ?? {
        id,
        label: marker.label || null,
        parts: partsOfRuns(sampleRanges(marker.residuals), PART_TYPES.measured),
      }
    );
  });
  // Analog boards, channels and force plates are numbered on their own, from 1, in the file's order.
  let next = 1;
  const own = () => next++;
  const boardId = recording.analog.length > 0 ? own() : 0;
  const channels = recording.analog.map((c): AnalogChannel => ({
    id: own(),
    boardId,
    name: c.label,
    unit: c.unit,
    samples: c.samples,
  }));
  const last = Math.max(0, recording.frameCount - 1);
  const whole = { start: 0, end: last };
  const measurement: Measurement = {
    path,
    persisted: true,
    dirty: false,
    frameRate: recording.frameRate,
    frameCount: recording.frameCount,
    samples,
    boards:
      channels.length > 0
        ? [{ id: boardId, name: C3D_BOARD, rate: recording.analogRate, channelIds: channels.map((c) => c.id) }]
        : [],
    channels,
    forcePlates: recording.forcePlates.map((plate) => ({ id: own(), plate })),
    events: recording.events.map((e) => ({ label: e.label, time: e.time, color: null })),
    timeline: { current: 0, measured: whole, selected: { ...whole }, trace: { ...whole } },
    captureTime: captureTimeOf(modified),
    recording,
  };
  return { measurement, trajectories };
}

/** A C3D file says nothing of when it was captured: its file's last change stands in (docs/design.md §11). */
function captureTimeOf(date: Date): CaptureTime {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
    millisecond: date.getMilliseconds(),
  };
}

/** What the file says made it: MANUFACTURER's software and version, when it has them. */
export function captureVersion(recording: C3dRecording): string | null {
  const group = recording.parameters.get('MANUFACTURER');
  const software = group?.get('SOFTWARE')?.strings[0];
  const version = group?.get('VERSION');
  if (!software) return null;
  if (!version) return software;
  const numbers = version.strings.length > 0 ? version.strings : version.numbers.map(String);
  return numbers.length >= 3
    ? `${software} ${numbers[0]}.${numbers[1]} (build ${numbers[2]})`
    : `${software} ${numbers.join('.')}`;
}
