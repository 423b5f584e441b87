import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { until } from './wait';

/** Run in a workspace that is not trusted (the harness leaves Workspace Trust on for this run). */
export function untrustedWorkspaceTests(): void {
  describe('an untrusted workspace, in a real VS Code', () => {
    let api: MotionExtensionApi;
    const script = (name: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, name);
    const open = async (name: string) =>
      vscode.window.showTextDocument(await vscode.workspace.openTextDocument(script(name)));
    /** The notification that says why nothing ran, once it shows. */
    const trustNotice = async () => {
      let shown: string[] = [];
      await waitFor(async () => {
        shown = await hands.notifications();
        return shown.some((text) => /Restricted Mode does not allow/.test(text));
      }, 'the notification that says why');
      return shown.find((text) => /Restricted Mode does not allow/.test(text))!;
    };
    const nothingRan = () => {
      assert.equal(
        vscode.window.terminals.some((t) => t.name.startsWith('Motion:')),
        false,
        'no session terminal was opened',
      );
      assert.equal(api.terminalText('python'), '', 'nothing ran');
    };

    before(async () => {
      assert.equal(vscode.workspace.isTrusted, false, 'the workspace is not trusted');
      api = await vscode.extensions.getExtension<MotionExtensionApi>('motion-scripting.motion-scripting')!.activate();
    });
    beforeEach(() => vscode.commands.executeCommand('notifications.clearAll'));
    afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

    it('refuses to run scripts, and starts no session', async () => {
      await open('run_me.py');
      assert.equal(await vscode.commands.executeCommand('motion.runFile'), undefined);
      assert.equal(await vscode.commands.executeCommand('motion.runSelection'), undefined);
      nothingRan();
    });

    it('an assistant’s dry run is refused too, saying how to allow it; reading the documentation is not', async () => {
      await waitFor(() => vscode.lm.tools.some((t) => t.name === 'motion_dry_run_script'), 'the tools listed', 20_000);
      await assert.rejects(
        async () =>
          vscode.lm.invokeTool('motion_dry_run_script', {
            input: { path: script('run_me.py').fsPath },
            toolInvocationToken: undefined,
          }),
        /runs the user's code, which Restricted Mode does not allow here\. The user can trust this folder/,
      );
      nothingRan();
      const search = await vscode.lm.invokeTool('motion_search_documentation', {
        input: { query: 'selection' },
        toolInvocationToken: undefined,
      });
      assert.match((search.content[0] as vscode.LanguageModelTextPart).value, /motion\.gui\.selection/);
    });

    it('keeps Run File in the palette; run from there, it says why nothing ran, and its button opens Workspace Trust', async function () {
      if (!hasHands) this.skip();
      await open('run_me.py');
      await hands.palette('Motion: Run File');
      const notice = await trustNotice();
      assert.match(
        notice,
        /Motion: Run File runs code, which Restricted Mode does not allow\. Trust this folder to run code\./,
      );
      assert.match(notice, /Manage Workspace Trust/, 'the way out is a button');
      nothingRan();
      const trustEditor = until(
        vscode.window.tabGroups.onDidChangeTabs,
        (e) => e.opened.some((t) => t.label === 'Workspace Trust'),
        'the Workspace Trust editor',
      );
      await hands.clickNotificationButton('Manage Workspace Trust');
      await trustEditor;
      assert.equal(vscode.workspace.isTrusted, false, 'opening it trusts nothing by itself');
    });

    it('Ctrl+Alt+Enter in a script says why nothing ran', async function () {
      if (!hasHands) this.skip();
      await open('run_me.py');
      await hands.press('Control+Alt+Enter');
      assert.match(await trustNotice(), /Motion: Run Selection runs code/);
      nothingRan();
    });

    it('Debug File from the palette says why it does not debug, and starts no session', async function () {
      if (!hasHands) this.skip();
      // (F5 itself is VS Code's: it asks whether to trust the folder before any debugger is asked.)
      await open('debug_me.lua');
      await hands.palette('Motion: Debug File');
      assert.match(await trustNotice(), /Motion: debugging runs code/);
      assert.equal(vscode.debug.activeDebugSession, undefined, 'no debug session');
    });
  });
}
