import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { EXTENSION_ID, setting, tooltipText } from './motion-extension';
import type { ConnectionState } from '../../../src/extension/connection/connection-state';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { connectionState, until } from './wait';
import { hands, hasHands } from './hands';

interface RunOutcome {
  result: { ok: boolean; error?: { type: string } };
  output: string;
}

/** The status bar, the views and the sessions tell the truth about the connection. */
export function connectionTruthTests(): void {
  describe('a connection that tells the truth, in a real VS Code', () => {
    let api: MotionExtensionApi;
    const state = (accept: (s: ConnectionState) => boolean, what: string) => connectionState(api, accept, what);
    const useTestServer = async () => {
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      await setting('server.embedded', 'auto');
      await state((s) => s.kind === 'connected' && s.url === process.env.MOTION_TEST_SERVER_URL, 'the test server');
    };
    const script = async (language: 'python' | 'lua', content: string) => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language, content }));
      return vscode.commands.executeCommand<RunOutcome>('motion.runFile');
    };

    before(async () => {
      api = await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate();
      await useTestServer();
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await useTestServer();
    });

    it('shows which application and version it is connected to', () => {
      const host = process.env.MOTION_TEST_SERVER_URL!.replace('http://', '');
      assert.equal(api.statusBar.text, `$(pulse) Motion: ${host} 0.1.0`);
      assert.match(
        tooltipText(api.statusBar.tooltip),
        /Connected to the motion application 0\.1\.0 at http:\/\/127\.0\.0\.1:\d+/,
      );
    });

    it('offers its actions from the status bar: Use the embedded server switches to it', async () => {
      assert.equal(api.statusBar.command, 'motion.connectionActions', 'clicking the status bar item opens the actions');
      try {
        await setting('server.embedded', 'never');
        await setting('server.url', 'http://127.0.0.1:9');
        await state(
          (s) => s.kind !== 'connected' && s.kind !== 'connecting',
          'nothing at the URL, and no embedded server',
        );
        assert.equal(
          await vscode.commands.executeCommand('motion.connectionActions', { pick: 'embedded' }),
          'embedded',
        );
        const embedded = await state((s) => s.kind === 'connected', 'connected to the embedded server');
        assert.equal(
          vscode.workspace.getConfiguration('motion').get('server.embedded'),
          'never',
          'for now: the setting stays',
        );
        assert.equal(api.connection.onEmbeddedByChoice, true);
        assert.equal(api.connection.watchedUrl, 'http://127.0.0.1:9', 'the application’s URL is still watched');
        assert.equal(
          embedded.kind === 'connected' && embedded.embedded,
          true,
          'the embedded server, not the one at the URL',
        );
        assert.match(api.statusBar.text, /Motion: embedded/);
      } finally {
        await useTestServer();
      }
    });

    it('Use the Embedded Server from the status bar keeps its promise: Motion offers to move back when the application answers, and Reconnect moves back', async function () {
      if (!hasHands) this.skip();
      const chooseFromStatusBar = async (action: string) => {
        await hands.click('.statusbar-item', 'Motion:');
        await hands.quickPickOffering(action);
        await hands.type(action);
        await hands.press('Enter');
      };
      try {
        await chooseFromStatusBar('Use the embedded server');
        await state((s) => s.kind === 'connected' && s.embedded, 'the embedded server');
        await waitFor(
          async () =>
            (await hands.notifications()).some((n) => n.includes('offers to move back when the application answers')),
          'the notice that says what Motion will do',
        );
        // The application answers at its URL all along: Motion offers to move back, and moves when told.
        await waitFor(
          async () =>
            (await hands.notifications()).some((n) =>
              n.includes('Motion uses the embedded server, as you chose: move to the application?'),
            ),
          'the offer to move back to the application',
          30_000,
        );
        await hands.clickNotificationButton('Move to the Application');
        const back = await state((s) => s.kind === 'connected' && !s.embedded, 'the application');
        assert.equal(back.url, process.env.MOTION_TEST_SERVER_URL);
        await vscode.commands.executeCommand('notifications.clearAll');
        // Chosen again, then Reconnect from the same menu: back to the application at once.
        await chooseFromStatusBar('Use the embedded server');
        await state((s) => s.kind === 'connected' && s.embedded, 'the embedded server again');
        await chooseFromStatusBar('Reconnect');
        const again = await state((s) => s.kind === 'connected' && !s.embedded, 'the application after Reconnect');
        assert.equal(again.url, process.env.MOTION_TEST_SERVER_URL);
        assert.equal(api.connection.onEmbeddedByChoice, false);
      } finally {
        await vscode.commands.executeCommand('notifications.clearAll');
        await useTestServer();
      }
    });

    it('reports an HTTP server that is not a motion application as such, and does not use it', async () => {
      const web = createServer((_req, res) =>
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not found</html>'),
      );
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      try {
        await setting('server.url', `http://127.0.0.1:${(web.address() as { port: number }).port}`);
        const foreign = await state((s) => s.kind === 'foreign', 'the foreign server noticed');
        assert.match(foreign.kind === 'foreign' ? foreign.reason : '', /answered HTTP 404/);
        assert.equal(api.statusBar.text, '$(warning) Motion: not a motion application');
        assert.deepEqual(await api.explorer.getChildren(), [], 'the view shows its welcome, not "no skeletons"');
      } finally {
        web.close();
        await useTestServer();
      }
    });

    it('notices at once that the embedded server died, restarts it, and the views reload by themselves', async () => {
      await setting('server.embedded', 'always');
      await state((s) => s.kind === 'connected' && s.embedded, 'the embedded server');
      assert.match(api.statusBar.text, /^\$\(pulse\) Motion: embedded 0\.1\.0$/);
      assert.ok((await api.explorer.getChildren()).length > 0);
      const pid = api.embeddedServerPid()!;
      const refreshed = until(
        api.explorer.onDidChangeTreeData,
        () => api.connection.state.kind === 'connected',
        'the view reloading after the reconnection',
      );
      const noticed = state((s) => s.kind === 'offline', 'the exit noticed');
      process.kill(pid, 'SIGKILL');
      const offline = await noticed;
      assert.match(
        offline.kind === 'offline' ? offline.reason : '',
        /the embedded server stopped \(killed by SIGKILL\)/,
      );
      await state((s) => s.kind === 'connected' && s.embedded, 'the embedded server restarted');
      await refreshed;
      assert.notEqual(api.embeddedServerPid(), pid, 'a new process');
      assert.ok((await api.explorer.getChildren()).length > 0, 'the view shows the skeletons again');
      await useTestServer();
    });

    it('moves the embedded server off the configured URL’s port, names it as embedded, and its menu offers no switch to it', async function () {
      if (!hasHands) this.skip();
      await setting('server.embedded', 'always');
      const embedded = await state((s) => s.kind === 'connected' && s.embedded, 'the embedded server');
      try {
        // The user points the URL at the embedded server's address: that port is the application's
        // now, so the embedded server moves to another one, and is still named for what it is.
        await setting('server.url', embedded.url);
        const moved = await state(
          (s) => s.kind === 'connected' && s.embedded && s.url !== embedded.url,
          'the embedded server on another port',
        );
        assert.notEqual(new URL(moved.url).port, new URL(embedded.url).port);
        await setting('server.embedded', 'auto');
        const there = await state((s) => s.kind === 'connected', 'connected again');
        assert.equal(there.kind === 'connected' && there.embedded, true, 'named for what it is');
        assert.equal(there.url, moved.url, 'nothing answers at the URL: the embedded server stands in, where it is');
        assert.equal(api.connection.watchedUrl, embedded.url, 'and the URL is watched for the application');
        // A change of any other setting, then Reconnect from the status bar's menu: still embedded.
        await setting('run.clearBeforeRun', true);
        await hands.click('.statusbar-item', 'Motion: embedded');
        const rows = await hands.quickPickOffering('Reconnect');
        assert.ok(
          rows.some((r) => r.includes('Reconnect')),
          rows.join(' | '),
        );
        assert.equal(
          rows.some((r) => r.includes('Use the embedded server')),
          false,
          rows.join(' | '),
        );
        const reconnected = until(api.connection.onDidChange, (s) => s.kind === 'connected', 'the reconnection');
        await hands.type('Reconnect');
        await hands.press('Enter');
        const again = await reconnected;
        assert.equal(again.kind === 'connected' && again.embedded, true, JSON.stringify(again));
        // The status bar is drawn a moment after the connection changed: wait for what it shows.
        let shown: string[] = [];
        await waitFor(
          async () => (shown = await hands.textOf('.statusbar-item')).some((t) => /Motion: embedded 0\.1\.0/.test(t)),
          'the status bar naming the embedded server',
        ).catch((error: Error) => {
          throw new Error(`${error.message}: ${shown.join(' | ')}`);
        });
        assert.equal(
          shown.some((t) => /Motion: 127\.0\.0\.1/.test(t)),
          false,
          'never the address as if another application',
        );
      } finally {
        await setting('run.clearBeforeRun', undefined);
        await useTestServer();
      }
    });

    it('says in the terminal when a session is reset, and why', async () => {
      const set = await script('python', 'remembered = 41\n');
      assert.equal(set.result.ok, true, JSON.stringify(set));
      await setting('server.embedded', 'always');
      await state((s) => s.kind === 'connected' && s.embedded, 'the embedded server');
      // The sessions were dropped when the connection changed: the next run starts a new one.
      const after = await script('python', 'remembered\n');
      assert.equal(after.result.error?.type, 'NameError', 'the variables are gone');
      assert.match(
        api.terminalText('python'),
        /Session reset: the application changed from http:\/\/127\.0\.0\.1:\d+ to http:\/\/127\.0\.0\.1:\d+\. Its variables were cleared/,
      );
      await useTestServer();
    });

    it('brings the right terminal forward, and Run File shows one line naming the file, not its source', async () => {
      const lua = await script('lua', 'print("from lua")\n');
      assert.match(lua.output, /from lua/);
      const document = await vscode.workspace.openTextDocument(
        vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'run_me.py'),
      );
      await vscode.window.showTextDocument(document);
      const shown = vscode.window.activeTerminal?.name.startsWith('Motion: Python')
        ? Promise.resolve()
        : until(
            vscode.window.onDidChangeActiveTerminal,
            (t) => !!t?.name.startsWith('Motion: Python'),
            'the Python terminal in front',
            10_000,
          );
      const python = await vscode.commands.executeCommand<RunOutcome>('motion.runFile');
      await shown;
      assert.match(python.output, /^>>> # Run File run_me\.py\n/);
      assert.equal(python.output.includes(document.lineAt(0).text), false, 'the source is not echoed');
    });

    it('shows documentation in read-only documents that never ask to be saved', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const previewed = until(
        vscode.window.tabGroups.onDidChangeTabs,
        (e) => e.opened.some((t) => t.label.includes('motion.gui.selection')),
        'the preview tab',
      );
      await vscode.commands.executeCommand('motion.showDocumentation', 'motion.gui.selection');
      await previewed;
      const source = await vscode.workspace.openTextDocument(
        vscode.Uri.from({ scheme: 'motion-docs', path: '/motion.gui.selection.md' }),
      );
      assert.match(source.getText(), /^### motion\.gui\.selection/, 'a read-only document of its own scheme');
      assert.equal(
        vscode.workspace.textDocuments.some((d) => d.isUntitled && d.languageId === 'markdown'),
        false,
        'no untitled Markdown documents',
      );
      assert.equal(
        vscode.workspace.textDocuments.some((d) => d.isDirty),
        false,
        'nothing asks to be saved',
      );
    });
  });
}
