import { createLog, type Log, type LogLevel } from './log';
import { listen, type RunningMotionServer } from './http/motion-http-server';
import { demoState } from './model/demo-data';
import type { MotionModel } from './model/motion-model';
import { DurableModel } from './persistence/durable-model';
import { emptyState, type MotionState } from './model/records';
import { buildOperationTable } from './operations/operation-table';
import { WHOLE_INTERFACE } from '../../src/api/catalogue';
import { catalogueAsOf } from '../../src/api/catalogue/catalogue-as-of';
import { APPLICATION_TITLE } from './version';
import { StateFile } from './persistence/state-file';
import { reopenMeasurement } from './measurement/reopen-measurement';
import { FILE_WRITER, heldWriter, type MeasurementWriter } from './measurement/measurement-files';
import { sampleRunsSince } from './measurement/sample-changes';
import type { DryRunReport } from '../../src/api/state/sample-changes';

export interface MotionServerOptions {
  host?: string;
  port?: number;
  /** A JSON state file; without it the state lives in memory. */
  state?: string;
  /** Start with no skeletons, trajectories or bones instead of the demo data. */
  empty?: boolean;
  /** Start from this state (tests), instead of the demo or empty state. */
  initialState?: MotionState;
  logLevel?: LogLevel;
  log?: Log;
  /** Every answer this many milliseconds late, as a slow application gives it (benches). */
  delayMs?: number;
  /**
   * Answer as the application of this release (`2025.2`): its get_version, and only the modules
   * and operations the interface's history says it has.
   */
  asVersion?: string;
  /**
   * A dry run's server: measurement files are read but never written (a save keeps the path it
   * would write), and `POST /reference/dry-run` reports the saves held back and the samples changed.
   */
  dryRun?: boolean;
}

export interface MotionServer extends RunningMotionServer {
  /** What clients see: the saved state. */
  model: MotionModel;
  stateFile?: StateFile;
}

/** The reference scripting server: the catalogue's operations over HTTP, on a model in memory or in a state file. */
export async function startMotionServer(options: MotionServerOptions = {}): Promise<MotionServer> {
  const log = options.log ?? createLog(options.logLevel ?? 'info');
  const initial = () => options.initialState ?? (options.empty ? emptyState() : demoState());
  let durable: DurableModel;
  let stateFile: StateFile | undefined;
  if (options.state) {
    const opened = await StateFile.open(options.state, initial);
    stateFile = opened.file;
    const { state, measurement } = reopenMeasurement(opened.state, log);
    durable = new DurableModel(state, stateFile, measurement);
    log.info(`${opened.created ? 'created' : 'opened'} state file ${stateFile.path}`);
  } else {
    const { state, measurement } = reopenMeasurement(initial(), log);
    durable = new DurableModel(state, undefined, measurement);
  }
  try {
    const held = options.dryRun ? heldWriter() : undefined;
    const writer = held ?? FILE_WRITER;
    const model = durable;
    const report = (): DryRunReport => ({
      saves: [...(held?.held ?? [])],
      samples: sampleRunsSince(model.openedMeasurement(), model.visible.measurement(), model.visible.trajectories()),
    });
    const running = await listen({
      model: durable,
      table: operationTable(options.asVersion, writer),
      reports: options.dryRun ? { '/reference/dry-run': report } : {},
      log,
      host: options.host,
      port: options.port,
      delayMs: options.delayMs,
    });
    return {
      ...running,
      model: durable.visible,
      stateFile,
      close: async () => {
        await running.close();
        await durable.settled();
        await stateFile?.close();
      },
    };
  } catch (error) {
    await stateFile?.close();
    throw error;
  }
}

/** The operations served: all of the catalogue, or those of the release the server answers as. */
function operationTable(asVersion: string | undefined, writer: MeasurementWriter) {
  if (asVersion === undefined) return buildOperationTable(undefined, undefined, writer);
  const [major, minor] = asVersion.split('.').map(Number);
  return buildOperationTable(
    catalogueAsOf(asVersion, WHOLE_INTERFACE),
    {
      version: { major, minor, build: 0 },
      title: `${APPLICATION_TITLE}, answering as ${asVersion}`,
    },
    writer,
  );
}
