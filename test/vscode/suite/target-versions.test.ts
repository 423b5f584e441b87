import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startMotionServer, type MotionServer } from '../../../server/scripting/motion-server';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { motionApi, setting, takeScreenshot, WORKBENCH } from './motion-extension';
import { connectionState } from './wait';

const SCRIPT = [
  '# motion: targets 2023.3..2026.2',
  'import motion',
  '',
  'motion.data.object.bone.clear_bones()',
  'print(motion.data.object.skeleton.get_skeleton_count())',
  '',
].join('\n');

/**
 * A script shared by capture PCs of several releases, against an application of 2024.1 (the
 * reference server answering as it): the editor warns at the call 2023.3 lacks, Ctrl+. guards it
 * by get_version, and the language status says whether the application is among the targets.
 */
export function targetVersionsTests(): void {
  describe('the releases a script targets, in a real VS Code', function () {
    this.timeout(90_000);
    let api: MotionExtensionApi;
    let application: MotionServer;
    let document: vscode.TextDocument;

    before(async function () {
      if (!hasHands) this.skip();
      api = await motionApi();
      application = await startMotionServer({ port: 0, logLevel: 'silent', asVersion: '2024.1' });
      await setting('server.url', application.url);
      await connectionState(api, (s) => s.kind === 'connected' && s.url === application.url, 'connected to 2024.1');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('notifications.clearAll');
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      await application?.close();
    });

    it('warns at the call one target lacks, naming the releases, and Ctrl+. guards it by get_version', async () => {
      document = await vscode.workspace.openTextDocument({ language: 'python', content: SCRIPT });
      await vscode.window.showTextDocument(document);
      const warned = () => vscode.languages.getDiagnostics(document.uri).filter((d) => d.code === 'target-versions');
      await waitFor(() => warned().length === 1, 'the warning at clear_bones');
      const [warning] = warned();
      assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
      assert.equal(
        warning.message,
        'motion.data.object.bone.clear_bones: added in 2024.1; this script targets 2023.3 to 2026.2',
      );
      // The hover at the call, as a person brings it up from the keyboard: the warning, and what the changelog says.
      await hands.goToLine(4);
      for (const key of ['End', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'Control+k', 'Control+i'])
        await hands.press(key);
      await waitFor(
        async () => (await hands.textOf('.monaco-hover')).some((t) => t.includes('added in 2024.1')),
        'the hover with the warning',
      );
      await takeScreenshot('target-versions.png', [WORKBENCH.editor], 420);
      await hands.press('Escape');
      await hands.goToLine(4);
      await hands.press('Control+.');
      const menu = '.action-widget';
      await waitFor(
        async () => (await hands.textOf(menu)).some((t) => t.includes('Call clear_bones only on 2024.1 and later')),
        'the quick fix in the menu',
      );
      await hands.press('Enter');
      await waitFor(
        () =>
          document
            .getText()
            .includes(
              'if [motion.get_version()[k] for k in ("major", "minor")] >= [2024, 1]:\n    motion.data.object.bone.clear_bones()\n',
            ),
        'the call guarded',
      );
      // Guarded, the call is the script's own business: the warning goes.
      await waitFor(() => warned().length === 0, 'the warning gone once the call is guarded');
    });

    it('the language status names the targets and says when the application is older than them; Run File there says so first', async () => {
      const status = '[id="status.languageStatus"]';
      await hands.click(status);
      const said = async () => (await hands.textOf('.workbench-hover, .monaco-hover')).join('\n');
      let shown = '';
      await waitFor(async () => /Targets: 2023\.3 to 2026\.2/.test((shown = await said())), 'the status').catch(
        (error: Error) => {
          throw new Error(`${error.message}; shown: ${shown}`);
        },
      );
      assert.match(shown, /the connected application \(2024\.1\) is among them/);
      await hands.press('Escape');
      const edit = new vscode.WorkspaceEdit();
      edit.replace(
        document.uri,
        new vscode.Range(0, 0, 0, document.lineAt(0).text.length),
        '# motion: targets >=2025.1',
      );
      await vscode.workspace.applyEdit(edit);
      await new Promise((r) => setTimeout(r, 600));
      await hands.click(status);
      await waitFor(async () => /Targets: 2025\.1 and later/.test((shown = await said())), 'the new targets').catch(
        (error: Error) => {
          throw new Error(`${error.message}; shown: ${shown}`);
        },
      );
      assert.match(shown, /the connected application is 2024\.1, older than this script's targets/);
      await hands.press('Escape');
      // Run all the same (the person asks): it runs, and is told first where it does not aim.
      await vscode.commands.executeCommand('notifications.clearAll');
      await hands.palette('Motion: Run File');
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) =>
            /Untitled-1 targets 2025\.1 and later; the connected application is 2024\.1, older than this script's targets/.test(
              t,
            ),
          ),
        'the warning as it runs',
      );
    });
  });
}
