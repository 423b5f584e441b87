import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionState } from '../../../src/extension/connection/connection-state';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { startChildServer } from '../../support/child-server';
import { freePort } from '../../support/free-port';
import { EXTENSION_ID, setting } from './motion-extension';
import { connectionState } from './wait';

/** An application started on `port`, with nothing in it yet. */
const startServer = async (port: number) => (await startChildServer(['--port', String(port), '--empty'])).child;

/** Going offline, coming back, switching applications: the views and scripts follow. */
export function connectionSwitchingTests(): void {
  describe('switching applications in a real VS Code', () => {
    let api: MotionExtensionApi;
    const children = (item?: Parameters<MotionExtensionApi['explorer']['getChildren']>[0]) =>
      api.explorer.getChildren(item);
    const labels = async (item?: Parameters<MotionExtensionApi['explorer']['getChildren']>[0]) =>
      (await children(item)).map((i) => api.explorer.getTreeItem(i).label);

    before(async () => {
      api = await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate();
      await connectionState(api, (s) => s.kind === 'connected', 'the first connection');
    });

    after(async () => {
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      await setting('server.embedded', undefined);
    });

    it('goes offline when nothing answers, and connects when the application starts', async () => {
      const port = await freePort();
      await setting('server.embedded', 'never');
      await setting('server.url', `http://127.0.0.1:${port}`);
      const offline = await connectionState(api, (s) => s.kind === 'offline' && s.url.endsWith(`:${port}`), 'offline');
      assert.match(offline.kind === 'offline' ? offline.reason : '', /nothing is listening/);
      const server = await startServer(port);
      try {
        const up = await connectionState(
          api,
          (s) => s.kind === 'connected' && s.url.endsWith(`:${port}`),
          'reconnection with backoff',
        );
        assert.equal(up.kind === 'connected' && up.embedded, false);
        assert.deepEqual(
          await children(),
          [],
          'the view follows the connection: an empty application shows its welcome',
        );
        const added = await vscode.commands.executeCommand<{ changed: boolean }>('motion.addSkeleton', undefined, {
          inputs: ['Welcome'],
        });
        assert.equal(added.changed, true, 'the welcome’s action adds to the project settings');
        assert.deepEqual(await labels((await children())[0]), ['Welcome']);
        const script = await vscode.workspace.openTextDocument({
          language: 'python',
          content: 'from motion.settings.processing import skeleton\nskeleton.get_skeleton_count("project")\n',
        });
        await vscode.window.showTextDocument(script);
        const run = await vscode.commands.executeCommand<{ output: string }>('motion.runFile');
        assert.match(run.output, /\n1\n$/, 'scripts follow the connection to the new application');
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        server.kill('SIGKILL');
        await new Promise((r) => server.once('exit', r));
        await api.connection.check();
        await connectionState(api, (s) => s.kind === 'offline', 'offline after the application stopped');
        const restarted = await startServer(port);
        await connectionState(api, (s) => s.kind === 'connected', 'connected after a restart');
        restarted.kill('SIGKILL');
      } finally {
        server.kill('SIGKILL');
      }
    });

    it('switches servers with Select Server, remembering recent ones', async () => {
      const state = await vscode.commands.executeCommand<ConnectionState>(
        'motion.selectServer',
        process.env.MOTION_TEST_SERVER_URL,
      );
      assert.equal(state.kind, 'connected');
      assert.equal(state.url, process.env.MOTION_TEST_SERVER_URL);
      // The one error contract of the extension's commands: the failure is shown, and returned.
      const refused = await vscode.commands.executeCommand<{ changed: boolean; error: string }>(
        'motion.selectServer',
        'ftp://nowhere',
      );
      assert.equal(refused.changed, false);
      assert.match(refused.error, /not an http:\/\/ URL/);
      assert.equal(api.connection.state.url, process.env.MOTION_TEST_SERVER_URL, 'still the same application');
    });

    it('falls back to the embedded server when nothing answers (auto)', async () => {
      await setting('server.url', `http://127.0.0.1:${await freePort()}`);
      await setting('server.embedded', 'auto');
      const state = await connectionState(api, (s) => s.kind === 'connected' && s.embedded, 'the embedded server');
      assert.match(state.kind === 'connected' ? state.version : '', /^\d+\.\d+\.\d+$/, 'get_version’s numbers, read');
      const skeletons = await children((await children())[2]);
      assert.deepEqual(
        skeletons.map((s) => api.explorer.getTreeItem(s).label),
        ['Actor1'],
        'the embedded server holds the demo data',
      );
    });
  });
}
