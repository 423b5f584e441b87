import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { MotionClient } from '../../../src/api/client/motion-client';
import { readSnapshot } from '../../../src/api/state/read-snapshot';
import { encodeSnapshot } from '../../../src/api/state/state-document';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import type { FakeApplication } from '../../support/fake-application';
import { waitFor } from '../../support/wait-for';
import { changesAsked, startWholeInterface } from '../../support/whole-interface-application';
import { hands, hasHands } from './hands';
import { labelText, motionApi, setting, takeScreenshot, WORKBENCH } from './motion-extension';
import { connectionState } from './wait';

const SCRIPT = `import motion
from message_helpers import menu_tools
motion.gui.message.add_message("Filled 2 gaps", "", "info")
frames = motion.gui.timeline.get_measured_range()
motion.gui.terminal.write("done")
menu_tools.announce("Ready")
`;

/** The helper module beside the script, as people write them: one of the calls is made there. */
const HELPER = `import motion


def announce(text):
    motion.gui.message.add_message(text, "", "info")
`;

/** A dry run of a script that calls operations the reference server does not model, as a person makes it. */
export function dryRunWholeInterfaceTests(): void {
  describe('a dry run of a script that uses the whole interface, in a real VS Code', function () {
    this.timeout(90_000);
    let api: MotionExtensionApi;
    let application: FakeApplication;
    const script = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'message_tool.py');
    const helpers = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'message_helpers');
    const helper = () => vscode.Uri.joinPath(helpers(), 'menu_tools.py');

    before(async function () {
      if (!hasHands) this.skip();
      api = await motionApi();
      application = await startWholeInterface(process.env.MOTION_TEST_SERVER_URL!);
      await setting('server.url', application.url);
      await connectionState(api, (s) => s.kind === 'connected' && s.url === application.url, 'the application');
      await vscode.workspace.fs.writeFile(script(), new TextEncoder().encode(SCRIPT));
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(helpers(), '__init__.py'), new Uint8Array());
      await vscode.workspace.fs.writeFile(helper(), new TextEncoder().encode(HELPER));
    });
    after(async () => {
      // The next tests start from an empty Dry Run view, not this one scrolled to a chosen row.
      await vscode.commands.executeCommand('motion.clearDryRun');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      await application?.close();
      await vscode.workspace.fs.delete(script()).then(undefined, () => undefined);
      await vscode.workspace.fs.delete(helpers(), { recursive: true }).then(undefined, () => undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('Dry Run File lists the calls it did not send under their own node, each with its file and line; choosing one opens that file there', async () => {
      await vscode.window.showTextDocument(script());
      application.requests.length = 0;
      await hands.palette('Motion: Dry Run File');
      // With snapshot files in the workspace, the dry run asks where to start: the application now.
      const started = Date.now();
      while (!api.dryRun.report?.script.startsWith('message_tool.py') && Date.now() - started < 30_000) {
        const rows = await hands.quickPickRows().catch(() => [] as string[]);
        if (rows.some((r) => r.includes('The application now'))) {
          await hands.press('Enter');
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      await waitFor(() => api.dryRun.report?.script === 'message_tool.py', 'the dry run', 30_000);
      const rows = api.dryRun.getChildren();
      const notSent = rows.find((row) => row.label === 'Not sent');
      assert.ok(notSent, rows.map((r) => r.label).join(' | '));
      assert.deepEqual(
        notSent.children.map((c) => [c.label, c.description]),
        [
          ['would call motion.gui.message.add_message("Filled 2 gaps", "", "info")', 'line 3'],
          ['would call motion.gui.terminal.write("done")', 'line 5'],
          ['would call motion.gui.message.add_message("Ready", "", "info")', 'message_helpers/menu_tools.py:5'],
        ],
      );

      assert.deepEqual(changesAsked(application.requests), [], 'the application was asked only to read');

      await vscode.commands.executeCommand('motion.dryRun.focus');
      await takeScreenshot('dry-run-not-sent.png', [WORKBENCH.panel], 240);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('motion.dryRun.focus');
      await hands.click('.monaco-list-row', 'would call motion.gui.terminal.write');
      await waitFor(
        () => vscode.window.activeTextEditor?.document.uri.toString() === script().toString(),
        'the script opened',
      );
      assert.equal(vscode.window.activeTextEditor!.selection.active.line, 4, 'at the call’s line');
      // A call made in the helper module opens the helper, at its line there.
      await vscode.commands.executeCommand('motion.dryRun.focus');
      await hands.click('.monaco-list-row', 'would call motion.gui.message.add_message("Ready"');
      await waitFor(
        () => vscode.window.activeTextEditor?.document.uri.toString() === helper().toString(),
        'the helper opened',
      );
      assert.equal(vscode.window.activeTextEditor!.selection.active.line, 4, 'at the call’s line in the helper');
      assert.equal(labelText(api.dryRun.getTreeItem(notSent).label), 'Not sent');
    });
    it('a dry run that cannot be made says why in the view, in full, with what to do, and shows no earlier result', async () => {
      const reference = new MotionClient({ url: process.env.MOTION_TEST_SERVER_URL! });
      const { state, origin } = await readSnapshot(reference);
      await reference.close();
      const older = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'older.motion.json');
      await vscode.workspace.fs.writeFile(
        older,
        new TextEncoder().encode(encodeSnapshot(state, { ...origin, application: { major: 9, minor: 1, build: 0 } })),
      );
      try {
        await vscode.window.showTextDocument(script());
        await hands.palette('Motion: Dry Run File');
        await hands.quickPickOffering('older.motion.json');
        await hands.type('older.motion.json');
        await hands.press('Enter');
        const said =
          /could not be made: the snapshot was taken from version 9\.1\.0 of the application .*: take a new snapshot\./;
        let panel = '';
        await waitFor(
          async () => said.test((panel = (await hands.textOf('.part.panel')).join('\n'))),
          'the reason in the Dry Run view',
        ).catch((error: Error) => {
          throw new Error(`${error.message}; the panel shows: ${panel}`);
        });
        assert.equal(api.dryRun.report, undefined, 'the earlier result is no longer shown');
        assert.deepEqual(api.dryRun.getChildren(), []);
      } finally {
        await vscode.workspace.fs.delete(older);
      }
    });
  });
}
