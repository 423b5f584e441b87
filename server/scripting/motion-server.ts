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
import { FILE_WRITER, heldWriter } from './measurement/measurement-files';
import { ScriptHost, type ScriptLoad } from './host/script-host';
import { withScript } from './host/script-list';
import { referenceReports } from './host/reference-reports';
import { callOperation } from './operations/dispatch';
import { Fault, invalid } from './model/faults';
import type { TableServices } from './operations/operation-table';
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
   * What get_version answers (`2025.1.1`), whatever the modules served: a private server started
   * from a snapshot answers with the version of the application the snapshot came from.
   */
  answerVersion?: string;
  /**
   * A dry run's server: measurement files are read but never written (a save keeps the path it
   * would write), and `POST /reference/dry-run` reports the saves held back and the samples changed.
   */
  dryRun?: boolean;
  /** Start-up scripts to add to the state's list (`--script`), run when the server starts. */
  scripts?: string[];
  /** The Python that runs the start-up scripts (default: python3, or py on Windows). */
  python?: string;
  /** How long a script's function may run when a command is sent (default 30 s). */
  functionDeadlineMs?: number;
}

export interface MotionServer extends RunningMotionServer {
  /** What clients see: the saved state. */
  model: MotionModel;
  stateFile?: StateFile;
  /** The start-up scripts, their interpreters and the user interface they build. */
  host: ScriptHost;
  /** How loading the start-up scripts went, at start (each file: ok, or its error). */
  loaded: ScriptLoad[];
}

/** The reference scripting server: the catalogue's operations over HTTP, on a model in memory or in a state file. */
export async function startMotionServer(options: MotionServerOptions = {}): Promise<MotionServer> {
  const log = options.log ?? createLog(options.logLevel ?? 'info');
  const listed = (state: MotionState): MotionState => {
    const scripts = (options.scripts ?? []).reduce(withScript, state.scripts ?? []);
    return scripts.length > 0 ? { ...state, scripts } : state;
  };
  const initial = () => options.initialState ?? (options.empty ? emptyState() : demoState());
  let durable: DurableModel;
  let stateFile: StateFile | undefined;
  if (options.state) {
    const opened = await StateFile.open(options.state, initial);
    stateFile = opened.file;
    const { state, measurement } = reopenMeasurement(opened.state, log);
    try {
      durable = new DurableModel(listed(state), stateFile, measurement);
    } catch (error) {
      await stateFile.close();
      throw error;
    }
    log.info(`${opened.created ? 'created' : 'opened'} state file ${stateFile.path}`);
  } else {
    const { state, measurement } = reopenMeasurement(initial(), log);
    durable = new DurableModel(listed(state), undefined, measurement);
  }
  try {
    const held = options.dryRun ? heldWriter() : undefined;
    const writer = held ?? FILE_WRITER;
    const model = durable;
    // The measurement a dry run's samples are compared with: the one open at the start, or, once
    // marked, the one open then (a batch opens its file before the script runs).
    let baseline = () => model.openedMeasurement();
    const report = ([action]: unknown[]): DryRunReport | null => {
      if (action === 'mark') {
        const now = model.visible.measurement();
        baseline = () => now;
        return null;
      }
      if (action !== undefined) throw invalid('action', `${JSON.stringify(action)} is not mark`);
      return {
        saves: [...(held?.held ?? [])],
        samples: sampleRunsSince(baseline(), model.visible.measurement(), model.visible.trajectories()),
      };
    };
    const host = new ScriptHost({
      log,
      python: options.python,
      deadlineMs: options.functionDeadlineMs,
      scripts: () => durable.visible.snapshot().scripts ?? [],
    });
    // What the scripts say in the application's messages window and terminal, in the log too.
    host.gui.onOutput = ({ message, terminal }) => {
      if (message) log[message.type === 'info' ? 'info' : 'warn'](`message (${message.type}): ${message.message}`);
      for (const line of terminal?.split('\n').filter((l) => l.trim() !== '') ?? []) log.info(`terminal: ${line}`);
    };
    const table = operationTable(options.asVersion, options.answerVersion, { writer, host });
    host.call = (module, operation, args) => {
      const entry = table.get(module)?.get(operation);
      if (!entry)
        return Promise.reject(
          new Fault('unknown_operation', `${module}.${operation} is not an operation of the interface`),
        );
      return callOperation(durable, entry, args);
    };
    const reports = { ...referenceReports(durable, host), ...(options.dryRun ? { '/reference/dry-run': report } : {}) };
    const running = await listen({
      model: durable,
      table,
      reports,
      log,
      host: options.host,
      port: options.port,
      delayMs: options.delayMs,
    });
    const loaded = await host.loadScripts();
    return {
      ...running,
      model: durable.visible,
      stateFile,
      host,
      loaded,
      close: async () => {
        await running.close();
        await host.stop();
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
function operationTable(asVersion: string | undefined, answerVersion: string | undefined, services: TableServices) {
  const answered = answerVersion === undefined ? undefined : versionNumbers(answerVersion);
  if (asVersion === undefined)
    return buildOperationTable(
      undefined,
      answered && { version: answered, title: `${APPLICATION_TITLE}, answering as ${answerVersion}` },
      services,
    );
  return buildOperationTable(
    catalogueAsOf(asVersion, WHOLE_INTERFACE),
    {
      version: answered ?? versionNumbers(asVersion),
      title: `${APPLICATION_TITLE}, answering as ${answerVersion ?? asVersion}`,
    },
    services,
  );
}

/** `2025.1.1` (or `2025.1`) as get_version gives it; a version that is no such numbers is refused, naming it. */
function versionNumbers(text: string): { major: number; minor: number; build: number } {
  const found = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!found) throw new Error(`the version "${text}" is not MAJOR.MINOR or MAJOR.MINOR.BUILD`);
  return { major: Number(found[1]), minor: Number(found[2]), build: Number(found[3] ?? 0) };
}
