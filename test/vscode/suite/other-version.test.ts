import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import type { FakeApplication } from '../../support/fake-application';
import { startOtherVersion } from '../../support/other-version';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { labelText, motionApi, setting } from './motion-extension';
import { connectionState } from './wait';

/**
 * An application of another version, whose interface has no selection module: the Selection view
 * says which operation it lacks, once, in the view; a command that needs it is refused before it
 * starts; completion goes on from the application's own documentation.
 */
export function otherVersionTests(): void {
  describe('an application without a module of ours, in a real VS Code', function () {
    this.timeout(90_000);
    let api: MotionExtensionApi;
    let older: FakeApplication;

    before(async function () {
      if (!hasHands) this.skip();
      api = await motionApi();
      older = await startOtherVersion(process.env.MOTION_TEST_SERVER_URL!, ['motion.gui.selection']);
      await setting('server.url', older.url);
      await connectionState(api, (s) => s.kind === 'connected' && s.url === older.url, 'connected to the older one');
      await vscode.commands.executeCommand('notifications.clearAll');
    });
    after(async () => {
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      await older?.close();
    });

    it('the Selection view says which operation the application lacks, once, without an error at each refresh', async () => {
      await vscode.commands.executeCommand('workbench.view.extension.motion');
      await vscode.commands.executeCommand('motion.selection.focus');
      const lacking = /has no \w+ \(of motion\.gui\.selection\), which the Selection view reads/;
      let sidebar = '';
      await waitFor(
        async () => lacking.test((sidebar = (await hands.textOf('.part.sidebar .pane')).join('\n'))),
        'the view’s message',
      ).catch((error: Error) => {
        throw new Error(`${error.message}; the side bar shows: ${sidebar}`);
      });
      for (let i = 0; i < 2; i++) {
        await hands.palette('Motion: Refresh Selection');
        await new Promise((r) => setTimeout(r, 300)); // the refresh's requests and answers
      }
      const shown = await hands.notifications();
      assert.deepEqual(
        shown.filter((t) => /could not load|selection/i.test(t)),
        [],
        'no error message at any refresh',
      );
      assert.match((await hands.textOf('.part.sidebar .pane')).join('\n'), lacking, 'still said in the view');
      assert.ok((await api.explorer.getChildren()).length > 0, 'the Skeletons view, whose operations it has, loads');
    });

    it('a command that needs a missing operation is refused before it starts, naming it; nothing is changed', async () => {
      const before = older.requests.length;
      await hands.palette('Motion: Clear Selection');
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) =>
            /Clear Selection needs motion\.gui\.selection\.\w+.*which the application at http:\/\/127\.0\.0\.1:\d+ \(.+\) does not have: nothing was changed/.test(
              t,
            ),
          ),
        'the refusal',
      );
      const calls = older.requests.slice(before).filter((path) => path.includes('/gui/selection/'));
      assert.deepEqual(calls, [], 'no call to the missing module was made');
    });

    it('the application updated and restarted in place, on its port: Motion reads its new version and documentation', async () => {
      await waitFor(() => api.documentation()?.source === 'live', 'the older one’s documentation');
      const before = api.documentation()!;
      assert.equal(before.serverUrl, older.url);
      // Within one heartbeat: stopped, and the new version started on the same port.
      const { port } = older;
      await older.close();
      older = await startOtherVersion(process.env.MOTION_TEST_SERVER_URL!, [], {
        port,
        version: { major: 9, minor: 1, build: 0 },
      });
      await connectionState(api, (s) => s.kind === 'connected' && s.version === '9.1.0', 'the new version', 20_000);
      await waitFor(
        () => api.documentation()?.version === '9.1.0' && api.documentation()?.modules === before.modules + 1,
        `the new version’s documentation, with the module the older one lacked (${JSON.stringify(api.documentation())})`,
        20_000,
      );
      // The Selection view reads the module it now has.
      await waitFor(
        async () => !/of motion\.gui\.selection\)/.test((await hands.textOf('.part.sidebar .pane')).join('\n')),
        'the Selection view without its message',
      );
      // Completion offers it again.
      const document = await vscode.workspace.openTextDocument({
        language: 'python',
        content: 'import motion\nmotion.gui.',
      });
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        new vscode.Position(1, 'motion.gui.'.length),
      );
      assert.ok(
        list.items.some((item) => (typeof item.label === 'string' ? item.label : item.label.label) === 'selection'),
        'motion.gui.selection is completed again',
      );
    });
  });

  describe('an application without the skeleton operations, that leaves out part_index, in a real VS Code', function () {
    this.timeout(90_000);
    let api: MotionExtensionApi;
    let smaller: FakeApplication;

    before(async function () {
      if (!hasHands) this.skip();
      api = await motionApi();
      // part_index is optional in an answer: this application leaves it out for a whole trajectory.
      const withoutPartIndex = (path: string, value: unknown) =>
        path.endsWith('/gui/selection/get_selections/') && Array.isArray(value)
          ? value.map(({ part_index, ...item }: { part_index: number | null }) =>
              part_index === null ? item : { ...item, part_index },
            )
          : value;
      smaller = await startOtherVersion(process.env.MOTION_TEST_SERVER_URL!, ['motion.settings.processing.skeleton'], {
        answer: withoutPartIndex,
      });
      await setting('server.url', smaller.url);
      await connectionState(
        api,
        (s) => s.kind === 'connected' && s.url === smaller.url,
        'connected to the smaller one',
      );
      await vscode.commands.executeCommand('notifications.clearAll');
    });
    after(async () => {
      await api.connection.client().gui.selection.clear_selections();
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      await smaller?.close();
    });

    it('the Skeletons view shows whole what it lacks; the Selection view reads a whole trajectory without part_index', async () => {
      const client = api.connection.client();
      const rasi = (await client.data.object.trajectory.find_trajectory('RASI'))!;
      await client.gui.selection.set_selections([{ type: 'trajectory', id: rasi, part_index: null }]);
      await vscode.commands.executeCommand('workbench.view.extension.motion');
      await hands.palette('Motion: Refresh');
      await hands.palette('Motion: Refresh Selection');
      // What the Selection view's row shows: its label and its description, as VS Code draws them.
      let shown: string[] = [];
      await waitFor(async () => {
        shown = (await api.selection.getChildren()).map((row) => {
          const item = api.selection.getTreeItem(row);
          return `${labelText(item.label)} ${String(item.description)}`;
        });
        return shown.some((row) => row.startsWith('RASI '));
      }, 'RASI in the Selection view');
      assert.doesNotMatch(shown.join('\n'), /undefined/);
      assert.match(shown.join('\n'), /^RASI trajectory · id \d+ · whole trajectory$/m);
      // The Skeletons view's message names what it lacks, whole, within the side bar.
      const messages = '.part.sidebar .tree-explorer-viewlet-tree-view .message';
      await vscode.commands.executeCommand('motion.explorer.focus'); // open, whatever earlier tests left
      await waitFor(async () => {
        if ((await hands.textOf(messages)).join('\n').includes('has no get_skeleton_count')) return true;
        await hands.palette('Motion: Refresh'); // as a person does when the view has not caught up yet
        return false;
      }, 'the Skeletons view saying what it lacks');
      assert.match(
        (await hands.textOf(messages)).join('\n'),
        /has no get_skeleton_count \(of motion\.settings\.processing\.skeleton\), which the Skeletons view reads/,
      );
      assert.deepEqual(await hands.cutText(messages), [], 'no message cut at the side bar’s edge');
    });

    it('a dry run of a script that never touches skeletons is made, and shows what it would change', async () => {
      const script = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'select_rasi.py');
      await vscode.workspace.fs.writeFile(
        script,
        new TextEncoder().encode(
          'from motion.data.object import trajectory\nfrom motion.gui import selection\n\nlasi = trajectory.find_trajectory("LASI")\nselection.select([{"type": "trajectory", "id": lasi, "part_index": None}])\n',
        ),
      );
      try {
        await vscode.window.showTextDocument(script);
        await hands.palette('Motion: Dry Run File');
        // With snapshot files in the workspace, the dry run asks where to start: the application now.
        await waitFor(
          async () => {
            if (api.dryRun.report?.script === 'select_rasi.py') return true;
            const rows = await hands.quickPickRows().catch(() => [] as string[]);
            if (rows.some((r) => r.includes('The application now'))) await hands.press('Enter');
            return false;
          },
          'the dry run’s result in its view',
          30_000,
        );
        const report = api.dryRun.report!;
        assert.equal(report.result.ok, true, JSON.stringify(report.result.error));
        assert.deepEqual(
          report.changes.map((c) => c.text),
          ['1 → 2 selected: added LASI'],
          'RASI was selected already (by the test before)',
        );
      } finally {
        await vscode.commands.executeCommand('motion.clearDryRun');
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.workspace.fs.delete(script);
      }
    });
  });
}
