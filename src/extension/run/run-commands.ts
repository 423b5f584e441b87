import * as vscode from 'vscode';
import { scriptLanguage, type ScriptRunner } from './script-runner';

/** Run Selection, Run File, Restart Session, Interrupt: refused in untrusted workspaces. */
export function registerRunCommands(runner: ScriptRunner): vscode.Disposable[] {
  const trusted = () => {
    if (vscode.workspace.isTrusted) return true;
    void vscode.window.showWarningMessage(
      'Motion: running scripts is disabled in an untrusted workspace. Trust the workspace to run code.',
    );
    return false;
  };
  const activeLanguage = () => {
    const editor = vscode.window.activeTextEditor;
    const language = editor && scriptLanguage(editor.document);
    if (!language) void vscode.window.showWarningMessage('Motion: open a Python or Lua script to run it.');
    return language;
  };
  return [
    vscode.commands.registerCommand('motion.runSelection', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!trusted() || !editor || !activeLanguage()) return undefined;
      return runner.runSelection(editor);
    }),
    vscode.commands.registerCommand('motion.runFile', async (uri?: vscode.Uri) => {
      if (!trusted()) return undefined;
      const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
      if (!document || !scriptLanguage(document))
        return void vscode.window.showWarningMessage('Motion: open a Python or Lua script to run it.');
      return runner.runFile(document);
    }),
    vscode.commands.registerCommand('motion.restartSession', async () => {
      const language = activeLanguage();
      if (language) await runner.restart(language);
    }),
    vscode.commands.registerCommand('motion.interruptSession', () => {
      const language = activeLanguage();
      if (language) runner.interrupt(language);
    }),
  ];
}
