import * as vscode from 'vscode';

/** The button that opens VS Code's Workspace Trust editor, where a person trusts the folder. */
const MANAGE_TRUST = 'Manage Workspace Trust';

/**
 * Running and debugging code need a trusted workspace. In Restricted Mode the commands stay
 * visible and answer why they did nothing, with the way out (as the Python and Jupyter extensions
 * do): a silent no-op, or a command hidden from the palette, teaches nothing.
 */
export function trustedToRun(what: string): boolean {
  if (vscode.workspace.isTrusted) return true;
  void vscode.window
    .showWarningMessage(
      `Motion: ${what} runs code, which Restricted Mode does not allow. Trust this folder to run code.`,
      MANAGE_TRUST,
    )
    .then((choice) => {
      if (choice === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  return false;
}
