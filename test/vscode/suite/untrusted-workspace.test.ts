import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MotionExtensionApi } from '../../../src/extension/extension';

/** Run in a workspace that is not trusted (the harness leaves Workspace Trust on for this run). */
export function untrustedWorkspaceTests(): void {
  describe('an untrusted workspace, in a real VS Code', () => {
    it('refuses to run scripts, and starts no session', async () => {
      assert.equal(vscode.workspace.isTrusted, false, 'the workspace is not trusted');
      const api = await vscode.extensions
        .getExtension<MotionExtensionApi>('motion-scripting.motion-scripting')!
        .activate();
      const document = await vscode.workspace.openTextDocument(
        vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'run_me.py'),
      );
      await vscode.window.showTextDocument(document);
      assert.equal(await vscode.commands.executeCommand('motion.runFile'), undefined);
      assert.equal(await vscode.commands.executeCommand('motion.runSelection'), undefined);
      assert.equal(
        vscode.window.terminals.some((t) => t.name.startsWith('Motion:')),
        false,
        'no session terminal was opened',
      );
      assert.equal(api.terminalText('python'), '', 'nothing ran');
    });
  });
}
