import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { startOtherVersion } from '../../support/other-version';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { EXTENSION_ID, setting } from './motion-extension';
import { runInTerminal } from './run-in-terminal';
import { connectionState } from './wait';
import type { MotionExtensionApi } from '../../../src/extension/extension';

/** `motion` typed in a terminal of VS Code's own, as a person types it after installing the extension. */
export function terminalCommandTests(): void {
  describe('the motion command in a VS Code terminal', () => {
    let api: MotionExtensionApi;
    // Made when the tests run, not when they are declared: a run that leaves them out (a grep, another
    // run) makes none, and so leaves none.
    let folder = '';
    before(async () => {
      folder = mkdtempSync(join(tmpdir(), 'motion-terminal-'));
      api = await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate();
    });
    after(() => folder && rmSync(folder, { recursive: true, force: true }));

    it('is found on PATH, runs with VS Code’s own runtime and talks to the application Motion is connected to', async () => {
      const terminal = vscode.window.createTerminal({ name: 'motion on PATH', cwd: folder });
      try {
        // Sent, not typed: this one runs without hands too.
        const { status, motionUrl, output } = await runInTerminal(
          terminal,
          folder,
          'motion tree --source project',
          'sent',
        );
        assert.equal(status, '0', output);
        const state = api.connection.state;
        assert.equal(
          motionUrl,
          state.kind === 'connected' ? state.url : undefined,
          'the application Motion is connected to',
        );
        assert.match(output, /FullBody/, 'its skeletons');
      } finally {
        terminal.dispose();
      }
    });

    it("Install 'motion' Command from the palette: a shell VS Code did not start finds motion and reaches the application; Uninstall takes it away", async function () {
      if (!hasHands) this.skip();
      const bin = process.env.XDG_BIN_HOME!;
      const launcher = join(bin, 'motion');
      await vscode.commands.executeCommand('notifications.clearAll');
      await hands.palette("Motion: Install 'motion' Command");
      await waitFor(() => existsSync(launcher), 'the launcher in the user’s bin folder');
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) => t.includes(`installed the motion command as ${launcher}`)),
        'the notification naming it',
      );
      // A shell of the person's own: only the system's PATH with their bin folder, nothing of VS Code's.
      const { stdout } = await promisify(execFile)('/bin/sh', ['-c', 'motion tree --source project'], {
        env: { PATH: `${bin}:/usr/bin:/bin`, HOME: folder, MOTION_URL: process.env.MOTION_TEST_SERVER_URL },
        encoding: 'utf8',
      });
      assert.match(stdout, /FullBody/);
      await hands.palette("Motion: Uninstall 'motion' Command");
      await waitFor(() => !existsSync(launcher), 'the launcher removed');
    });

    it('a terminal opened before Motion moved to another application follows it: motion typed there talks to that one', async function () {
      if (!hasHands) this.skip();
      const terminal = vscode.window.createTerminal({ name: 'opened before the move', cwd: folder });
      const other = await startOtherVersion(process.env.MOTION_TEST_SERVER_URL!, []);
      try {
        terminal.show();
        await waitFor(async () => (await terminal.processId) !== undefined, 'the terminal’s shell');
        await setting('server.url', other.url);
        await connectionState(api, (s) => s.kind === 'connected' && s.url === other.url, 'the move');
        // Typed by a person, in the terminal opened before the move.
        const { status, output } = await runInTerminal(terminal, folder, 'motion tree --source project');
        assert.equal(status, '0', output);
        assert.match(output, /FullBody/);
        assert.ok(
          other.requests.some((path) => path.includes('/settings/processing/skeleton/')),
          'the tree was read from the application Motion moved to',
        );
      } finally {
        terminal.dispose();
        await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
        await other.close();
      }
    });
  });
}
