import { askReference } from '../../api/client/reference-controls';
import { MotionClient } from '../../api/client/motion-client';
import { MotionError } from '../../api/client/motion-error';
import { changeStartupScripts, raisedAt, saidSince } from '../../api/gui/reference-host';
import { diffStates } from '../../api/state/state-diff';
import type { MotionState } from '../../api/state/motion-state';
import type { StateChange } from '../../api/state/state-diff';
import type { RunResult, SessionOutput } from '../script-session';
import { withMeasurementChanges } from './measurement-changes';
import { readDryRunReport, withPrivateServer } from './private-server';
import { readPrivateState } from './private-state';
import { guiChanges, type GuiReport } from './tool-changes';

/**
 * A dry run of a tool (a script that gives motion.gui functions): it cannot run over HTTP, so the
 * private server loads it as a start-up script, in its own interpreter, as the application would;
 * with `command`, that command is then sent as a click would. What it changed is shown: the
 * commands, menu buttons and draw function it added, and the model's changes, as any dry run's.
 * Its dialogs are answered as Cancel (nobody is at a private server); what it said is output.
 */
export async function dryRunTool(options: {
  serverScript: string;
  snapshot: string | Promise<string> | undefined;
  script: { path: string };
  /**
   * The start-up scripts to load, in order (the application's list, for Dry Run Command: a tool
   * may use what another added); default: the script alone.
   */
  scripts?: readonly string[];
  onOutput: SessionOutput;
  command?: string;
  /**
   * Someone at the private server while the command runs, to answer its dialogs (VS Code's
   * person); otherwise they are answered as Cancel.
   */
  attend?: (url: string) => Promise<{ dispose(): void }>;
}): Promise<{
  result: RunResult;
  before: MotionState;
  after: MotionState;
  changes: StateChange[];
  notSent: [];
  reads: [];
  answered: [];
}> {
  const { script } = options;
  return withPrivateServer(
    options.serverScript,
    await options.snapshot,
    async (server) => {
      const gui = async () => (await askReference<GuiReport>(server.url, 'gui', []))!;
      const load = async (): Promise<RunResult> => {
        let loaded: Awaited<ReturnType<typeof changeStartupScripts>>;
        for (const file of options.scripts ?? [script.path])
          loaded = await changeStartupScripts(server.url, 'add', file);
        const failed = loaded?.loaded.find((load) => !load.ok);
        if (!failed?.error) return { ok: true };
        // Where it raised, when that is not the script the dry run is of: a helper, another start-up script.
        const file = failed.error.file ?? failed.file;
        return {
          ok: false,
          error: {
            type: failed.error.type,
            message: failed.error.message,
            ...(failed.error.line ? { line: failed.error.line } : {}),
            ...(file !== script.path ? { file } : {}),
          },
        };
      };
      // A command's changes are its own: counted from the scripts loaded, as the application had them before the click.
      const loadedFirst = options.command ? await load() : undefined;
      const { state: before, reading } = await readPrivateState(server);
      const guiBefore = await gui();
      let result = loadedFirst ?? (await load());
      if (result.ok && options.command) {
        const attending = await options.attend?.(server.url);
        try {
          result = await sent(server.url, options.command);
        } finally {
          attending?.dispose();
        }
      }
      const guiAfter = await gui();
      for (const line of saidSince(guiBefore, guiAfter)) options.onOutput('stdout', `${line}\n`);
      const { state: after } = await readPrivateState(server, reading);
      const report = await readDryRunReport(server);
      const changes = [
        ...guiChanges(guiBefore, guiAfter),
        ...withMeasurementChanges(diffStates(before, after), report, before),
      ];
      return { result, before, after, changes, notSent: [], reads: [], answered: [] };
    },
    { dryRun: true },
  );
}

/** A command sent to the private server as a click sends it: how it ended. */
async function sent(url: string, command: string): Promise<RunResult> {
  const client = new MotionClient({ url, timeoutMs: 60_000 });
  try {
    await client.call('motion.gui', 'send_command', [command]);
    return { ok: true };
  } catch (error) {
    const e = error as Error;
    const at = raisedAt(e.message);
    return {
      ok: false,
      error: {
        type: error instanceof MotionError ? 'MotionError' : e.name,
        message: e.message.split('\n')[0],
        ...(error instanceof MotionError ? { code: error.code } : {}),
        ...(at ?? {}),
      },
    };
  } finally {
    await client.close();
  }
}
