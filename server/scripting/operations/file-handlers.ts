import { invalid } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import type { TrajectoryRecord } from '../model/records';
import { c3dOfMeasurement } from '../measurement/c3d-of-measurement';
import type { Measurement } from '../measurement/measurement';
import { captureVersion, measurementFromC3d } from '../measurement/measurement-from-c3d';
import {
  FILE_WRITER,
  measurementPath,
  readMeasurementFile,
  type MeasurementWriter,
} from '../measurement/measurement-files';
import type { ModuleHandlers } from './handler';

/** The open measurement, or the refusal that says how to open one. */
export function openMeasurement(tx: Transaction): Measurement {
  const measurement = tx.measurement();
  if (!measurement)
    throw invalid(undefined, 'no measurement is open: open one first with motion.file.open(path), a .c3d file');
  return measurement;
}

/**
 * What a measurement brings with it goes with it: its trajectories, the bones between them, what
 * was selected of them, and the skeletons solved in its data (a C3D file has none).
 */
function replaceData(tx: Transaction, measurement: Measurement | null, trajectories: TrajectoryRecord[]): void {
  tx.setMeasurement(measurement);
  tx.setTrajectories(trajectories);
  if (tx.bones().length > 0) tx.setBones([]);
  if (tx.selection().length > 0) tx.setSelection([]);
  for (const skeleton of tx.skeletons('data')) tx.removeSkeleton('data', skeleton.id);
}

/** `motion.file`: the measurement file, as C3D (docs/design.md §11), saved by `writer`. */
export function fileHandlers(writer: MeasurementWriter = FILE_WRITER): ModuleHandlers {
  const save = (tx: Transaction, measurement: Measurement, path: string): null => {
    writer.write(path, c3dOfMeasurement(measurement, tx.trajectories()));
    tx.setMeasurement({ ...measurement, path, persisted: true, dirty: false });
    return null;
  };
  return {
    open: (tx, [path]) => {
      const { recording, modified } = readMeasurementFile(measurementPath(path, 'path'));
      const { measurement, trajectories } = measurementFromC3d(recording, path, () => tx.allocateId(), modified);
      replaceData(tx, measurement, trajectories);
      return null;
    },
    close: (tx) => {
      if (tx.measurement()) replaceData(tx, null, []);
      return null;
    },
    save: (tx) => {
      const measurement = openMeasurement(tx);
      if (!measurement.persisted)
        throw invalid(undefined, 'the measurement has never been saved: give it a path with motion.file.save_as(path)');
      return save(tx, measurement, measurement.path);
    },
    save_as: (tx, [path]) => save(tx, openMeasurement(tx), measurementPath(path, 'path')),
    is_open: (tx) => tx.measurement() !== null,
    is_dirty: (tx) => tx.measurement()?.dirty ?? false,
    is_persisted: (tx) => tx.measurement()?.persisted ?? false,
    get_path: (tx) => tx.measurement()?.path ?? null,
    get_capture_time: (tx) => openMeasurement(tx).captureTime,
    get_capture_version: (tx) => {
      const measurement = tx.measurement();
      return measurement ? captureVersion(measurement.recording) : null;
    },
    get_capture_license: () => null,
  };
}
