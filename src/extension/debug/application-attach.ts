import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { missingDebugpyMessage } from '../../runner/debug/debugpy-check';
import { debugpyCandidates } from '../../runner/debug/debugpy-search';
import {
  attachLanguage,
  debugListenerScript,
  planApplicationAttach,
  planLuaApplicationAttach,
  type AttachPlan,
} from '../../runner/debug/application-attach';
import { askReference } from '../../api/client/reference-controls';
import { programLanguage } from '../../runner/debug/motion-launch';
import type { MotionContext } from '../motion-context';
import { pythonExtensionInterpreter } from '../run/python-interpreter';
import { trustedToRun } from '../run/workspace-trust';

/** The configuration F5 uses to attach to the application (launch.json, and the command). */
export const ATTACH_TO_APPLICATION = {
  type: 'motion',
  request: 'attach',
  name: 'Motion: Attach to the Application',
  application: true,
} as const;

/**
 * Attach to the Application, resolved: the port debugpy listens on in the application's Python
 * (the reference server's listens when asked; a real application's once Motion's listener script
 * is among its start-up scripts). Otherwise undefined, the person told what to do: install debugpy
 * (the exact command), or add the listener script (written for them) and press F5 there.
 */
export async function resolveApplicationAttach(
  ctx: MotionContext,
  config: vscode.DebugConfiguration,
): Promise<vscode.DebugConfiguration | undefined> {
  if (!trustedToRun('debugging')) return undefined;
  const state = ctx.parts.connection.state;
  if (state.kind !== 'connected') {
    void vscode.window.showErrorMessage('Motion: no application answers, so there is nothing to attach to.');
    return undefined;
  }
  const editing = vscode.window.activeTextEditor?.document;
  const scripts = await askReference<{ scripts: string[] }>(state.url, 'scripts', []).catch(() => undefined);
  const language = attachLanguage(
    config.language,
    editing ? programLanguage(editing.fileName) : undefined,
    scripts?.scripts,
  );
  if (language === 'lua') return resolveLuaAttach(ctx, config, state.url);
  const preferred = await pythonExtensionInterpreter(vscode.workspace.workspaceFolders?.[0]?.uri);
  let plan: AttachPlan;
  try {
    plan = await planApplicationAttach(state.url, debugpyCandidates(preferred), config.port as number | undefined);
  } catch (error) {
    void vscode.window.showErrorMessage(`Motion: cannot attach to the application: ${(error as Error).message}`);
    return undefined;
  }
  const output = ctx.parts.applicationOutput;
  if (plan.kind === 'no-debugpy') {
    const install = 'Install debugpy in a Terminal';
    const chosen = await vscode.window.showErrorMessage(
      `Motion: ${missingDebugpyMessage(plan.status)} (the Python the reference server's start-up scripts run in).`,
      install,
    );
    if (chosen === install) {
      const [command, ...args] = plan.status.installArgs;
      vscode.window.createTerminal({ name: 'Install debugpy', shellPath: command, shellArgs: args }).show();
    }
    return undefined;
  }
  if (plan.kind === 'not-listening') {
    await offerListener(ctx, plan.port);
    return undefined;
  }
  if (plan.movedFrom) {
    output.appendLine(
      `The start-up scripts now run in ${plan.python}, which has debugpy (${plan.movedFrom} has none); they were loaded again.`,
    );
  }
  output.appendLine(`Attaching to the application's Python on ${plan.host}:${plan.port}.`);
  return { ...config, language: 'python', host: plan.host, port: plan.port, cells: [] };
}

/** Attach to the Application in Lua: the reference server's Lua on its debug port; a real application's Lua has none. */
async function resolveLuaAttach(
  ctx: MotionContext,
  config: vscode.DebugConfiguration,
  url: string,
): Promise<vscode.DebugConfiguration | undefined> {
  try {
    const plan = await planLuaApplicationAttach(url);
    if (plan.kind === 'no-lua-debugger') {
      void vscode.window.showErrorMessage(
        "Motion: the application's Lua has no debugger VS Code can attach to. Lua tools are debugged in the reference server " +
          '(motion-server --script FILE, or Load into Application while it is connected), where their start-up scripts run as in the application.',
      );
      return undefined;
    }
    ctx.parts.applicationOutput.appendLine(`Attaching to the application's Lua on ${plan.host}:${plan.port}.`);
    return { ...config, language: 'lua', host: plan.host, port: plan.port, cells: [] };
  } catch (error) {
    void vscode.window.showErrorMessage(`Motion: cannot attach to the application's Lua: ${(error as Error).message}`);
    return undefined;
  }
}

/** A real application that does not listen: Motion's listener script, written, and what to do with it. */
async function offerListener(ctx: MotionContext, port: number): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? ctx.extension.globalStorageUri.fsPath;
  const dir = join(folder, '.vscode');
  const file = join(dir, 'motion_debug_listener.py');
  await mkdir(dir, { recursive: true });
  await writeFile(file, debugListenerScript(port));
  const copy = 'Copy Path';
  const open = 'Open the Script';
  const chosen = await vscode.window.showWarningMessage(
    `Motion: the application is not listening for the debugger on port ${port}. Add ${file} to its start-up scripts once, ` +
      'press F5 there (Reload Scripts), then attach again. If its Python lacks debugpy, the application says so with the command that installs it.',
    copy,
    open,
  );
  if (chosen === copy) await vscode.env.clipboard.writeText(file);
  if (chosen === open) await vscode.window.showTextDocument(vscode.Uri.file(file));
}
