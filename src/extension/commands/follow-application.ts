import { rm } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import * as vscode from 'vscode';
import { installMotionShims, SHIM_VARIABLES } from '../../runner/motion-command-shim';
import { TERMINAL_CONNECTION, writeTerminalConnection } from '../../runner/terminal-connection';
import type { MotionContext } from '../motion-context';
import type { EmbeddedServer } from '../connection/embedded-server';
import { standInQuestion, stoodInNotice, switchQuestion, whatASwitchResets } from '../connection/switch-resets';

const MOVE = 'Move to the Application';
const STAY = 'Stay on the Embedded Server';
const STAND_IN = 'Use the Embedded Server';
const WAIT = 'Wait for the Application';
const ANOTHER_URL = 'Another URL…';

/**
 * The application that starts after VS Code: while the embedded server stands in (`auto`), the
 * connection watches the configured URL; when the application answers there, Motion moves to it at
 * once if nothing holds state, else it asks, naming what the move resets. Once the application is
 * connected the embedded server stops: it runs only while it stands in. Terminals get the
 * connected application's URL as MOTION_URL, so `motion` typed there talks to the same one.
 */
export function followApplication(ctx: MotionContext, embedded: EmbeddedServer): void {
  const { connection, runner, recording, log } = ctx.parts;
  const terminals = ctx.extension.environmentVariableCollection;
  terminals.persistent = false;
  terminals.description =
    'MOTION_URL: the application Motion is connected to (open terminals follow it); motion on PATH';
  void putMotionOnPath(ctx, terminals);
  // This window's file (windows share the global storage, each connected to its own application).
  const connectionFile = join(ctx.extension.globalStorageUri.fsPath, 'connections', `${vscode.env.sessionId}.url`);
  terminals.replace(TERMINAL_CONNECTION.file, connectionFile);
  ctx.own({ dispose: () => void rm(connectionFile, { force: true }) });
  // The Motion debug sessions under way: they run against the application connected when they started.
  const debugging = new Set<vscode.DebugSession>();
  const hostsMissed = new Set<string>();
  ctx.own(
    vscode.debug.onDidStartDebugSession((s) => s.type === 'motion' && debugging.add(s)),
    vscode.debug.onDidTerminateDebugSession((s) => debugging.delete(s)),
    connection.onDidSeeApplication(async ({ url, version }) => {
      const debugSessions = [...debugging];
      const resets = whatASwitchResets({
        sessions: runner.liveSessions(),
        debugSessions: debugSessions.map((s) => s.name),
        recording: recording.recording,
      });
      // Chosen for now, the embedded server gives way only when the person says so.
      if (resets.length > 0 || connection.onEmbeddedByChoice) {
        const question =
          resets.length > 0
            ? switchQuestion(url, version, resets)
            : `The application at ${url} (${version}) answers. Motion uses the embedded server, as you chose: move to the application?`;
        const answer = await vscode.window.showInformationMessage(question, MOVE, STAY);
        if (answer !== MOVE) {
          log.info(`staying on the embedded server; Motion: Connection… → Reconnect moves to ${url}`);
          return;
        }
        for (const session of debugSessions) await vscode.debug.stopDebugging(session);
        if (recording.recording) await vscode.commands.executeCommand('motion.stopRecording');
      }
      const state = await connection.reconnect();
      if (state.kind === 'connected' && !state.embedded)
        void vscode.window.showInformationMessage(
          `Motion moved to the application at ${state.url} (${state.version}): it started after VS Code. The embedded server stopped.`,
        );
    }),
    // The application went away (auto): the embedded server stands in at once when nothing holds
    // state, else only once the user says so, as for the move the other way.
    connection.askBeforeStandingIn(async (url, reason) => {
      const debugSessions = [...debugging];
      const resets = whatASwitchResets({
        sessions: runner.liveSessions(),
        debugSessions: debugSessions.map((s) => s.name),
        recording: recording.recording,
      });
      if (resets.length === 0) return true;
      const answer = await vscode.window.showWarningMessage(standInQuestion(url, reason, resets), STAND_IN, WAIT);
      if (answer !== STAND_IN) {
        log.info(`waiting for the application at ${url}; Motion: Connection… → Use the embedded server stands in`);
        return false;
      }
      for (const session of debugSessions) await vscode.debug.stopDebugging(session);
      if (recording.recording) await vscode.commands.executeCommand('motion.stopRecording');
      return true;
    }),
    // In WSL, the application on the Windows host cannot be reached: said once per address, with
    // how to fix it, since the status bar alone ("embedded") would let scripts change demo data unnoticed.
    connection.onDidMissWindowsHost(async ({ hostUrl, reason }) => {
      if (hostsMissed.has(hostUrl)) return;
      hostsMissed.add(hostUrl);
      const meanwhile =
        ctx.parts.config.embedded === 'auto'
          ? 'Meanwhile Motion uses the embedded reference server, with its demo data.'
          : 'Meanwhile Motion waits for it.';
      log.warn(reason);
      const answer = await vscode.window.showWarningMessage(`${reason}. ${meanwhile}`, ANOTHER_URL);
      if (answer === ANOTHER_URL) await vscode.commands.executeCommand('motion.selectServer', 'other');
    }),
    // Said where the user looks: a notification, and a line in each open Motion terminal.
    connection.onDidStandIn(({ application, reason }) => {
      const notice = stoodInNotice(application, reason);
      void vscode.window.showWarningMessage(notice);
      runner.say(notice);
    }),
    connection.onDidChange((state) => {
      if (state.kind !== 'connected') return;
      // A host reached once is not blamed on WSL's network when it stops: the application stopped.
      if (!state.embedded) hostsMissed.add(state.url);
      // New terminals get it in their environment; those already open read it from the window's
      // connection file while their MOTION_URL is still the one VS Code set (terminal-connection.ts).
      terminals.replace('MOTION_URL', state.url);
      terminals.replace(TERMINAL_CONNECTION.setUrl, state.url);
      void writeTerminalConnection(connectionFile, state.url).catch((error: Error) =>
        log.warn(`the terminals' connection file could not be written: ${error.message}`),
      );
      if (!state.embedded && embedded.running) void embedded.stop();
    }),
  );
}

/**
 * `motion` typed in any VS Code terminal, on every platform: the launchers (motion, motion.cmd) in
 * this extension's storage, first on the terminals' PATH, running the CLI with VS Code's own runtime.
 */
async function putMotionOnPath(
  ctx: MotionContext,
  terminals: vscode.GlobalEnvironmentVariableCollection,
): Promise<void> {
  const bin = join(ctx.extension.globalStorageUri.fsPath, 'bin');
  try {
    await installMotionShims(bin);
  } catch (error) {
    ctx.parts.log.warn(`motion could not be put on the terminals' PATH: ${(error as Error).message}`);
    return;
  }
  terminals.replace(SHIM_VARIABLES.node, process.execPath);
  terminals.replace(SHIM_VARIABLES.cli, join(ctx.extension.extensionPath, 'dist', 'motion.js'));
  terminals.prepend('PATH', `${bin}${delimiter}`);
}
