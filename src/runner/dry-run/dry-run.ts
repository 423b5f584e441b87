import { askReference } from '../../api/client/reference-controls';
import { MotionClient } from '../../api/client/motion-client';
import type { MotionState } from '../../api/state/motion-state';
import { recordingOf, type RecordedAnswer } from '../../api/state/recorded-answers';
import { diffStates, type StateChange } from '../../api/state/state-diff';
import {
  versionText,
  type SnapshotOrigin,
  snapshotHasMeasurement,
  snapshotLacking,
} from '../../api/state/state-document';
import { LuaSession } from '../lua-session';
import { PythonSession } from '../python-session';
import { scriptArgumentsPrelude } from '../script-arguments';
import type { LineReader, RunResult, SessionOutput } from '../script-session';
import { readUserText } from '../../api/files/user-text';
import { functionsGiven } from '../../api/text/tool-script';
import { dryRunTool } from './dry-run-tool';
import { DryRunGateway, type NotSentCall, type PassedRead } from './dry-run-gateway';
import { withCallers } from './change-callers';
import { readDryRunReport, SnapshotRefused, withPrivateServer } from './private-server';
import { withMeasurementChanges } from './measurement-changes';
import { readPrivateState } from './private-state';
import { DocumentationNotReady, documentationBeforeRun } from './documentation-before-run';

/** How long a dry run lets a script take before stopping it (a script that never ends). */
const DRY_RUN_DEADLINE_MS = 60_000;

export interface DryRunOptions {
  /** The built reference server (`dist/motion-server.js`) that serves the snapshot. */
  serverScript: string;
  /**
   * The state the script starts from: a snapshot file's text (taken now, or chosen), checked by the
   * server that serves it; or a snapshot being taken now (which records no answers), while which
   * the script's session starts. Its failure is the dry run's; it is awaited however the run ends.
   * Undefined: the reference server's demo data (no application to take a snapshot of).
   */
  snapshot: string | Promise<string> | undefined;
  /** The code, as it stands at `line` (default 1) of the file at `path` (tracebacks name them). */
  script: { path: string; code: string; line?: number; args?: readonly string[] };
  /** A tool's command to run once it is loaded as a start-up script (Dry Run Command). */
  command?: string;
  /** A measurement (C3D) the private server opens before the script runs, as a batch opens each of its files. */
  measurement?: string;
  python?: string;
  /**
   * The application the snapshot was taken from: the reads the reference server does not model
   * are answered by it (never a change), unless the snapshot recorded their answers. Without
   * either, such a read fails, saying why.
   */
  application?: MotionClient;
  deadlineMs?: number;
  onOutput: SessionOutput;
  readLine?: LineReader;
  signal?: AbortSignal;
}

interface DryRunResult {
  /** How the script ended (it may have raised: the changes up to there are still shown). */
  result: RunResult;
  before: MotionState;
  after: MotionState;
  changes: StateChange[];
  /** The changes the reference server does not model, in order: not sent, the script got null. */
  notSent: NotSentCall[];
  /** The reads the reference server does not model, answered by the application or as recorded, in order. */
  reads: PassedRead[];
  /** What the application answered (its documentation included), for a recording. */
  answered: RecordedAnswer[];
}

/** A dry run that could not be made: said to the user as it is. */
export class DryRunError extends Error {
  override name = 'DryRunError';
}

/**
 * Runs a script against a private reference server started from a snapshot, never against the
 * application, and says what it changed there. The server, the script's session and the
 * snapshot's copy are gone when it returns, whatever happened.
 */
export async function dryRun(options: DryRunOptions): Promise<DryRunResult> {
  const { script } = options;
  // A tool gives motion.gui functions: it runs as the application runs it, loaded at start-up.
  if ((await functionsGiven(script.path, script.code)).length > 0 && (await savedAsIs(script)))
    try {
      return await dryRunTool(options);
    } catch (error) {
      if (error instanceof SnapshotRefused) throw new DryRunError(error.message);
      throw error;
    }
  const language = script.path.endsWith('.lua') ? 'lua' : 'python';
  const snapshotText = Promise.resolve(options.snapshot);
  // Its failure is met where it is awaited; until then it must not count as unhandled.
  snapshotText.catch(() => undefined);
  let recorded;
  try {
    // A snapshot taken now records no answers: only a snapshot file's text may hold some.
    recorded = typeof options.snapshot === 'string' ? recordingOf(options.snapshot) : undefined;
  } catch (error) {
    throw new DryRunError((error as Error).message);
  }
  // The script's package is built from the application's documentation, read before it starts
  // (an application that just restarted is waited for), unless the snapshot recorded it.
  const documentationRead =
    options.application && !recorded?.find('motion.utilities.documentation.get_package_documentation', [])
      ? documentationBeforeRun(options.application, { signal: options.signal })
      : Promise.resolve(undefined);
  const lacking = snapshotText.then((text) => (text === undefined ? [] : snapshotLacking(text)));
  lacking.catch(() => undefined);
  let serverStarted: (url: string) => void = () => undefined;
  let serverGone: (error: Error) => void = () => undefined;
  const privateServer = new Promise<string>((resolve, reject) => ((serverStarted = resolve), (serverGone = reject)));
  // Met by the gateway when it starts; a run that ends before (no application to read the
  // documentation of) rejects it with nobody waiting, which must not end the process.
  privateServer.catch(() => undefined);
  // The script's side starts while the private server does: the gateway the script talks to (what
  // the reference server models goes to the server, once it is there; the rest is answered, reads
  // by the application, or held back, changes), then the script's session (Python, and the
  // package's import, built from the documentation read before) and the arguments' prelude.
  const output = heldUntilServed(options.onOutput);
  const scriptSide = documentationRead.then(async (documentation) => {
    const gateway = await DryRunGateway.start(privateServer, {
      application: options.application,
      recorded,
      lacking,
      // The demo data has its walk open.
      measurement: snapshotText.then(
        (text) => text === undefined || snapshotHasMeasurement(text),
        () => false,
      ),
      documentation,
    });
    const sessionOptions = { serverUrl: gateway.url, onOutput: output.onOutput, readLine: options.readLine };
    const session =
      language === 'lua'
        ? new LuaSession(sessionOptions)
        : new PythonSession({ ...sessionOptions, interpreter: options.python });
    const preluded = session.run(scriptArgumentsPrelude(language, script.path, script.args ?? []), {
      filename: '<motion dry run>',
    });
    // Awaited with the script; until then its failure must not count as unhandled.
    preluded.catch(() => undefined);
    let ended: Promise<unknown> | undefined;
    return { gateway, session, preluded, end: () => (ended ??= Promise.all([session.dispose(), gateway.close()])) };
  });
  scriptSide.catch(() => undefined);
  try {
    return await withPrivateServer(
      options.serverScript,
      await snapshotText,
      async (server) => {
        serverStarted(server.url);
        output.release();
        // Read back as the server holds it, so that both sides of the diff are read the same way. It
        // is read while the script's session starts; the script waits for it before it runs.
        // The file opened, and marked as what the script's sample changes are counted from.
        const opened = options.measurement
          ? new MotionClient({ url: server.url })
              .call('motion.file', 'open', [options.measurement])
              .then(() => askReference(server.url, 'dry-run', ['mark']))
          : Promise.resolve();
        const beforeRead = opened.then(() => readPrivateState(server));
        beforeRead.catch(() => undefined);
        const { gateway, session, preluded, end } = await scriptSide;
        const result = await withDeadline(
          (async () => {
            await preluded;
            await beforeRead;
            return session.run(script.code, { filename: script.path, line: script.line ?? 1 });
          })(),
          options.deadlineMs ?? DRY_RUN_DEADLINE_MS,
          options.signal,
        ).finally(end);
        // Read once the session is gone: nothing of the script changes the state after.
        const { state: before, reading } = await beforeRead;
        const { state: after } = await readPrivateState(server, reading);
        const report = await readDryRunReport(server);
        return {
          result,
          before,
          after,
          changes: withCallers(withMeasurementChanges(diffStates(before, after), report, before), gateway.made),
          notSent: gateway.notSent,
          reads: gateway.reads,
          answered: gateway.answered.list(),
        };
      },
      { dryRun: true },
    );
  } catch (error) {
    if (error instanceof SnapshotRefused || error instanceof DocumentationNotReady)
      throw new DryRunError(error.message);
    throw error;
  } finally {
    // A private server that never started (the snapshot refused): the calls waiting for it fail,
    // and the script's side ends however far it got.
    serverGone(new Error('the private server is not running'));
    await scriptSide.then(({ end }) => end()).catch(() => undefined);
  }
}

/** Whether the file holds the code as given: a tool is loaded from its file, as the application loads it. */
async function savedAsIs(script: { path: string; code: string }): Promise<boolean> {
  try {
    return (await readUserText(script.path)) === script.code;
  } catch {
    return false; // no such file (code given on its own): dry-run over HTTP, its functions listed as not sent
  }
}

/**
 * The session's output, held until the private server serves the snapshot. A snapshot it refuses
 * ends the dry run before the script's turn: the session started meanwhile is ended, and what it
 * said as it ended (that motion is not available) would only blur the refusal's reason.
 */
function heldUntilServed(onOutput: SessionOutput): { onOutput: SessionOutput; release(): void } {
  let held: Parameters<SessionOutput>[] | undefined = [];
  return {
    onOutput: (stream, text) => (held ? void held.push([stream, text]) : onOutput(stream, text)),
    release() {
      const said = held ?? [];
      held = undefined;
      for (const [stream, text] of said) onOutput(stream, text);
    },
  };
}

/** The run, or a DryRunError once the deadline passed or the user cancelled (the caller then ends the session). */
function withDeadline<T>(run: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = (why: string) => reject(new DryRunError(why));
    const timer = setTimeout(
      () =>
        stop(
          `the script did not finish within ${ms / 1000} s, so the dry run stopped it; the application was not touched`,
        ),
      ms,
    );
    const cancelled = () => stop('the dry run was cancelled; the application was not touched');
    if (signal?.aborted) cancelled();
    signal?.addEventListener('abort', cancelled, { once: true });
    run.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancelled);
    });
  });
}

/**
 * A snapshot chosen from a file fits the application only when both are the same version: the
 * interface (and what a script may do with it) can differ between versions.
 */
export function checkSnapshotVersion(
  origin: SnapshotOrigin | undefined,
  application: SnapshotOrigin['application'],
): void {
  if (!origin) return;
  const [taken, now] = [versionText(origin.application), versionText(application)];
  if (taken !== now)
    throw new DryRunError(
      `the snapshot was taken from version ${taken} of the application (${origin.url}, ${origin.taken_at}); the application is version ${now}: take a new snapshot`,
    );
}
