import * as vscode from 'vscode';

/**
 * The workspace folder of the file in the active editor (a script, a notebook), else the first
 * folder: where a file the user is about to save is proposed, in a multi-root workspace too.
 */
export function activeFolder(): vscode.Uri | undefined {
  const active = vscode.window.activeTextEditor?.document.uri ?? vscode.window.activeNotebookEditor?.notebook.uri;
  return (active && vscode.workspace.getWorkspaceFolder(active)?.uri) ?? vscode.workspace.workspaceFolders?.[0]?.uri;
}
