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
  onOutput: SessionOutput;
  command?: string;
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
      const { state: before, reading } = await readPrivateState(server);
      const guiBefore = await gui();
      const loaded = await changeStartupScripts(server.url, 'add', script.path);
      const failed = loaded?.loaded.find((load) => !load.ok);
      let result: RunResult = failed?.error
        ? {
            ok: false,
            error: {
              type: failed.error.type,
              message: failed.error.message,
              ...(failed.error.line ? { line: failed.error.line } : {}),
              ...(failed.error.file && failed.error.file !== script.path ? { file: failed.error.file } : {}),
            },
          }
        : { ok: true };
      if (result.ok && options.command) result = await sent(server.url, options.command);
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
