import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { motionApi, testApplication } from './motion-extension';
import { runInNewTerminal } from './run-in-terminal';
import { connectionState } from './wait';

/**
 * VS Code connected over SSH to the capture PC (scripts/ssh-simulation.ts): Motion runs there,
 * beside the workspace and the application, whose 127.0.0.1:7979 is the application itself. With
 * no setting at all, Motion connects to it, runs scripts with the capture PC's Python against it,
 * and `motion` in a terminal reaches it; nothing speaks of WSL or the embedded server.
 */
export function sshTests(): void {
  describe('VS Code connected over SSH to the capture PC, with the application on it', function () {
    this.timeout(120_000);
    const applicationUrl = process.env.MOTION_TEST_SERVER_URL!;
    let api: MotionExtensionApi;
    // Made when the tests run, not when they are declared: a run that leaves them out (a grep, another
    // run) makes none, and so leaves none.
    let folder = '';
    before(async function () {
      if (!hasHands) this.skip();
      assert.ok(process.env.SSH_CONNECTION, 'this run is over SSH: its extension host has the session’s environment');
      assert.equal(process.env.WSL_DISTRO_NAME, undefined);
      folder = mkdtempSync(join(tmpdir(), 'motion-ssh-'));
      api = await motionApi();
    });
    after(() => folder && rmSync(folder, { recursive: true, force: true }));

    it('connects to the application at the capture PC’s own 127.0.0.1:7979 with no setting, and names it', async () => {
      const state = await connectionState(api, (s) => s.kind === 'connected', 'a connection');
      assert.deepEqual(
        state.kind === 'connected' && { url: state.url, embedded: state.embedded },
        { url: applicationUrl, embedded: false },
        'the application on the capture PC, not the embedded server',
      );
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes('Motion: 127.0.0.1:7979')),
        'the status bar naming 127.0.0.1:7979',
      );
      const said = await hands.notifications();
      assert.ok(
        !said.some((t) => /WSL|embedded/.test(t)),
        `nothing about WSL or the embedded server: ${said.join(' | ')}`,
      );
    });

    it('Run File from the palette runs the script with the capture PC’s Python, against its application', async () => {
      const app = testApplication();
      const count = await app.settings.processing.skeleton.get_skeleton_count('project');
      await app.close();
      const script = join(folder, 'check_rig.py');
      writeFileSync(
        script,
        [
          'import os',
          'from motion.settings.processing import skeleton',
          'print("over SSH:", bool(os.environ.get("SSH_CONNECTION")))',
          'print("skeletons on the rig:", skeleton.get_skeleton_count("project"))',
          '',
        ].join('\n'),
      );
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(script));
      const from = api.terminalText('python').length;
      await hands.palette('Motion: Run File');
      const shown = () => api.terminalText('python').slice(from);
      // The whole line, its end included: the terminal may show the number before the line's end.
      await waitFor(() => /skeletons on the rig: \d+\n/.test(shown()), 'the script’s output', 60_000);
      assert.match(shown(), /over SSH: True\n/);
      assert.match(shown(), new RegExp(`skeletons on the rig: ${count}\\n`));
      assert.doesNotMatch(shown(), /Traceback|Error/);
    });

    it('`motion` typed in a terminal of VS Code, on the capture PC, reaches the same application', async () => {
      const { status, motionUrl, output } = await runInNewTerminal(
        folder,
        'on the capture PC',
        'motion tree --source project',
      );
      assert.deepEqual([status, motionUrl], ['0', applicationUrl], output);
      assert.match(output, /FullBody/);
    });
  });
}
