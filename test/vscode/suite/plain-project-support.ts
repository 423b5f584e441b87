// What the plain-project tests look at and do beside the workbench: the application on 7979, our
// processes and ports, what of Motion is on screen, the extension host's heap.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import { startChildServer } from '../../support/child-server';
import { commandLine, descendants, listeningPorts } from '../../support/processes';
import { waitFor } from '../../support/wait-for';
import { hands } from './hands';

export const APPLICATION_PORT = 7979;
export const APPLICATION_URL = `http://127.0.0.1:${APPLICATION_PORT}`;

/** The extension host's heap after a full collection: what stays, not what awaits collection. */
export function heapAfterCollection(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The processes of ours below the extension host: the reference server and the language server. */
export function motionProcesses(): number[] {
  return descendants(process.pid).filter((pid) => /motion-server\.js|language-server\.js/.test(commandLine(pid)));
}

/** The TCP ports the extension host and everything below it listen on. */
export const hostPorts = () => listeningPorts([process.pid, ...descendants(process.pid)]);

/** Whether 7979 is free on every address (as an application starting now needs it). */
export async function applicationPortFree(): Promise<boolean> {
  for (const host of ['0.0.0.0', '127.0.0.1']) {
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(APPLICATION_PORT, host, () => resolve(true));
    });
    await new Promise((r) => probe.close(r));
    if (!free) return false;
  }
  return true;
}

/** "The application": a reference server started on 7979 after VS Code, as the real one is in the morning. */
export const startApplication = async () =>
  (await startChildServer(['--port', String(APPLICATION_PORT), '--empty', '--log-level', 'warn'])).child;

export async function stopApplication(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** What the workbench shows that would be Motion's, by part: status bar, activity bar, editor title, notifications. */
export async function motionOnScreen(): Promise<string[]> {
  const shown = [
    ...(await hands.textOf('.statusbar-item')).filter((t) => /Motion|Record/.test(t)).map((t) => `status bar: ${t}`),
    ...(await hands.labelsOf('.activitybar .action-item .action-label'))
      .filter((l) => /^Motion/.test(l))
      .map((l) => `activity bar: ${l}`),
    ...(await hands.labelsOf('.editor-actions .action-label'))
      .filter((l) => /Motion|Run File|Dry Run/.test(l))
      .map((l) => `editor title: ${l}`),
    ...(await hands.notifications()).filter((t) => /Motion/.test(t)).map((t) => `notification: ${t}`),
  ];
  return shown;
}

/** Opens a file by Quick Open, as a person does: Ctrl+P, its name, Enter. */
export async function quickOpen(name: string): Promise<void> {
  await hands.press('Control+P');
  await hands.type(name);
  await hands.quickPickOffering(name);
  await hands.press('Enter');
  await waitFor(() => vscode.window.activeTextEditor?.document.fileName.endsWith(name) === true, `${name} open`);
}
