import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { EXTENSION_ID } from './motion-extension';
import { runInNewTerminal } from './run-in-terminal';
import { connectionState } from './wait';

/** The application on the "Windows host" (the harness's, across the namespace's cable), started and stopped as a person does on the host. */
async function onTheHost(what: 'start' | 'stop'): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'motion-host-'));
  const reply = join(folder, 'done');
  console.log(`MOTION_HOST ${JSON.stringify({ do: what, reply })}`);
  try {
    await waitFor(() => existsSync(reply), `the application on the host to ${what}`, 30_000);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * `motion tree` typed in a terminal as in WSL's own shell, without what VS Code's terminals are
 * given (MOTION_URL follows the window there): what it printed, and its exit status.
 */
function motionInWslShell(folder: string, name: string) {
  return runInNewTerminal(folder, name, 'env -u MOTION_URL -u MOTION_CONNECTION_FILE motion tree');
}

/**
 * VS Code connected to WSL, the application on the Windows host (scripts/wsl-simulation.ts): Motion
 * runs beside the workspace, where 127.0.0.1:7979 is WSL's own loopback with nothing on it. It
 * finds the application at WSL's default gateway, and says why and how to fix it when it cannot.
 */
export function wslTests(): void {
  describe('VS Code connected to WSL, with the application on the Windows host', function () {
    this.timeout(120_000);
    const hostUrl = process.env.MOTION_TEST_SERVER_URL!;
    const hostAddress = new URL(hostUrl).host;
    let api: MotionExtensionApi;
    // Made when the tests run, not when they are declared: a run that leaves them out (a grep, another
    // run) makes none, and so leaves none.
    let folder = '';
    before(async function () {
      if (!hasHands) this.skip();
      assert.ok(process.env.WSL_DISTRO_NAME, 'this run is "in WSL"');
      folder = mkdtempSync(join(tmpdir(), 'motion-wsl-'));
      api = await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate();
    });
    after(() => folder && rmSync(folder, { recursive: true, force: true }));

    it('a host it cannot reach: Motion says so, with how to fix it, and the embedded server stands in meanwhile', async () => {
      // The window opened with nothing on the host yet.
      await connectionState(api, (s) => s.kind === 'connected' && s.embedded, 'the embedded server standing in');
      let advice: string | undefined;
      await waitFor(
        async () =>
          (advice = (await hands.notifications()).find((t) => t.includes('VS Code runs in WSL'))) !== undefined,
        'the advice about WSL’s network',
      );
      assert.match(advice!, /127\.0\.0\.1:7979 is WSL's own loopback/);
      assert.match(advice!, new RegExp(`does not answer at ${hostAddress.replace(/\./g, '\\.')} either`));
      assert.match(advice!, /networkingMode=mirrored/);
      assert.match(advice!, /Meanwhile Motion uses the embedded reference server, with its demo data/);
    });

    it('`motion` in WSL’s own shell, with nothing on the host: says why, and how to fix it', async () => {
      const { status, output } = await motionInWslShell(folder, 'shell-no-host');
      assert.equal(status, '3', output);
      assert.match(output, /^motion: nothing is listening on 127\.0\.0\.1:7979/);
      assert.match(output, /motion runs in WSL, where 127\.0\.0\.1:7979 is WSL's own loopback/);
      assert.match(output, new RegExp(`does not answer at ${hostAddress.replace(/\./g, '\\.')} either`));
      assert.match(output, new RegExp(`run motion with --url ${hostUrl.replace(/\./g, '\\.')}\\n$`));
    });

    it('an application that starts on the host later: Motion moves to it across WSL’s network', async () => {
      await vscode.commands.executeCommand('notifications.clearAll');
      await onTheHost('start');
      await connectionState(
        api,
        (s) => s.kind === 'connected' && !s.embedded && s.url === hostUrl,
        'the move to the application on the host',
        60_000,
      );
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes(`Motion: ${hostAddress}`)),
        `the status bar naming ${hostAddress}`,
      );
    });

    it('finds the application on the host at WSL’s default gateway, names it, and `motion` in a terminal talks to it', async () => {
      const state = await connectionState(api, (s) => s.kind === 'connected', 'a connection');
      assert.deepEqual(
        state.kind === 'connected' && { url: state.url, embedded: state.embedded },
        { url: hostUrl, embedded: false },
        'the application on the host, not the embedded server',
      );
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes(`Motion: ${hostAddress}`)),
        `the status bar naming ${hostAddress}`,
      );
      const roots = await api.explorer.getChildren();
      assert.ok(roots.length > 0, 'the Skeletons view shows the application’s sources');
      // What a person types in a terminal of VS Code (in WSL): it reaches the same application.
      const { status, motionUrl, output } = await runInNewTerminal(folder, 'in WSL', 'motion tree --source project');
      assert.deepEqual([status, motionUrl], ['0', hostUrl], output);
      assert.match(output, /FullBody/);
    });

    it('`motion` in WSL’s own shell, with the application on the host: names the URL to use', async () => {
      const { status, output } = await motionInWslShell(folder, 'shell-host');
      assert.equal(status, '3', output);
      assert.match(
        output,
        new RegExp(`the application on the Windows host answers at ${hostUrl.replace(/\./g, '\\.')}`),
      );
      assert.match(output, new RegExp(`export MOTION_URL=${hostUrl.replace(/\./g, '\\.')}\\n$`));
    });

    it('an application that stops on the host: the embedded server stands in, and it is said, without blaming WSL’s network', async () => {
      await vscode.commands.executeCommand('notifications.clearAll');
      await onTheHost('stop');
      await api.connection.check();
      await connectionState(api, (s) => s.kind === 'connected' && s.embedded, 'the embedded server standing in');
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) => t.includes(`The application at ${hostUrl} stopped answering`)),
        'the notice that the embedded server stands in',
      );
      const said = await hands.notifications();
      assert.ok(
        !said.some((t) => t.includes('VS Code runs in WSL')),
        `no WSL advice for a host reached before: ${said.join(' | ')}`,
      );
    });
  });
}
