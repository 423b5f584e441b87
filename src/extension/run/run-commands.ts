import * as vscode from 'vscode';
import type { CommandTable } from '../commands/command-table';
import { scriptLanguage } from './script-runner';

/** Running code needs a trusted workspace; says so and refuses otherwise. */
function trusted(): boolean {
  if (vscode.workspace.isTrusted) return true;
  void vscode.window.showWarningMessage(
    'Motion: running scripts is disabled in an untrusted workspace. Trust the workspace to run code.',
  );
  return false;
}

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
    if (!trusted() || !editor || !activeLanguage()) return undefined;
    return ctx.parts.runner.runSelection(editor);
  },
  'motion.runFile': (ctx) => async (uri?: vscode.Uri) => {
    if (!trusted()) return undefined;
    const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!document || !scriptLanguage(document))
      return void vscode.window.showWarningMessage('Motion: open a Python or Lua script to run it.');
    return ctx.parts.runner.runFile(document);
  },
  'motion.restartSession': (ctx) => async () => {
    const language = activeLanguage();
    if (language) await ctx.parts.runner.restart(language);
  },
  'motion.openPythonTerminal': (ctx) => async () => {
    if (trusted()) await ctx.parts.runner.openTerminal('python');
  },
  'motion.openLuaTerminal': (ctx) => async () => {
    if (trusted()) await ctx.parts.runner.openTerminal('lua');
  },
  'motion.interruptSession': (ctx) => () => {
    const language = activeLanguage();
    if (language) ctx.parts.runner.interrupt(language);
  },
};
