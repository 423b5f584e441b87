import * as vscode from 'vscode';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';
import { scriptLanguage } from '../run/script-runner';
import { trustedToRun } from '../run/workspace-trust';
import { scriptTargetsStatus } from './targets-status';
import { refusedAsTool } from './application-menu-commands';

function activeLanguage() {
  const editor = vscode.window.activeTextEditor;
  const language = editor && scriptLanguage(editor.document);
  if (!language) void vscode.window.showWarningMessage('Motion: open a Python or Lua script to run it.');
  return language;
}

/** Run Selection, Run File, the terminals, Restart Session, Interrupt: refused in untrusted workspaces. */
export const runCommands: CommandTable = {
  'motion.runSelection': (ctx) => async () => {
    const editor = vscode.window.activeTextEditor;
    if (!trustedToRun('Run Selection') || !editor || !activeLanguage()) return undefined;
    return ctx.parts.runner.runSelection(editor);
  },
  'motion.runFile': (ctx) => async (uri?: vscode.Uri) => {
    if (!trustedToRun('Run File')) return undefined;
    const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!document || !scriptLanguage(document))
      return void vscode.window.showWarningMessage('Motion: open a Python or Lua script to run it.');
    // A tool gives the application functions, which cannot travel over HTTP: nothing is sent.
    if (await refusedAsTool(ctx, document)) return { ran: false, tool: true };
    // Run where the script does not aim: it runs (the person asked), and is told before it fails.
    const targets = scriptTargetsStatus(ctx, document);
    if (targets?.severity === 'warning')
      void vscode.window.showWarningMessage(
        `Motion: ${document.uri.path.split('/').pop()} ${targets.text.replace(/^Targets: /, 'targets ')}; ${targets.detail}.`,
      );
    return ctx.parts.runner.runFile(document);
  },
  'motion.restartSession': (ctx) => async () => {
    const language = activeLanguage();
    if (language) await ctx.parts.runner.restart(language);
  },
  'motion.openPythonTerminal': (ctx) => async () => {
    if (trustedToRun('the Python terminal')) await ctx.parts.runner.openTerminal('python');
  },
  'motion.openLuaTerminal': (ctx) => async () => {
    if (trustedToRun('the Lua terminal')) await ctx.parts.runner.openTerminal('lua');
  },
  'motion.reloadWorkspaceModules': (ctx) => async () => {
    if (!trustedToRun('Reload Workspace Modules')) return undefined;
    const outcome = await ctx.parts.runner.reloadWorkspaceModules();
    if (!outcome)
      void vscode.window.showInformationMessage('Motion: no Python session is running, so no module is imported yet.');
    return outcome;
  },
  'motion.interruptSession': (ctx) => () => {
    const language = activeLanguage();
    if (language) ctx.parts.runner.interrupt(language);
  },
};

/** motion.run.reloadOnSave: a Python file of the workspace, saved, is reloaded in the session that imported it. */
export function reloadOnSave(ctx: MotionContext): void {
  ctx.own(
    vscode.workspace.onDidSaveTextDocument((document) => {
      const ours = document.languageId === 'python' && vscode.workspace.getWorkspaceFolder(document.uri);
      if (ours && ctx.parts.config.reloadOnSave && vscode.workspace.isTrusted)
        void ctx.parts.runner.reloadWorkspaceModules([document.uri.fsPath]);
    }),
  );
}
