import { createLog, type Log, type LogLevel } from './log';
import { listen, type RunningMotionServer } from './http/motion-http-server';
import { demoState } from './model/demo-data';
import type { MotionModel } from './model/motion-model';
import { DurableModel } from './persistence/durable-model';
import { emptyState, type MotionState } from './model/records';
import { buildOperationTable } from './operations/operation-table';
import { StateFile } from './persistence/state-file';

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
    durable = new DurableModel(opened.state, stateFile);
    log.info(`${opened.created ? 'created' : 'opened'} state file ${stateFile.path}`);
  } else durable = new DurableModel(initial());
  try {
    const running = await listen({
      model: durable,
      table: buildOperationTable(),
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
