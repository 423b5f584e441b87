import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startChildServer, type ChildServer } from '../../support/child-server';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { motionApi, setting, takeScreenshot, WORKBENCH } from './motion-extension';
import { connectionState } from './wait';

const FILES = 8;
// Slow enough to be cancelled half way by a person's click.
const SCRIPT = `import time
import motion
traj = motion.data.object.trajectory
first = traj.get_trajectory_ids()[0]
traj.set_label(first, traj.get_label(first) + "_checked")
time.sleep(0.7)
`;

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * Run Script on Measurements, by hand: the trials folder right-clicked in the Explorer, a dry run
 * first, then for real to a folder, cancelled half way and resumed; against an application of its
 * own (a batch opens its files in the application's place).
 */
export function batchTests(): void {
  describe('Run Script on Measurements in a real VS Code: a dry run first, then for real, cancelled and resumed', function () {
    this.timeout(180_000);
    let server: ChildServer | undefined;
    let stateDir: string;
    const workspace = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
    const trials = () => join(workspace(), 'batch_trials');
    const results = () => join(workspace(), 'batch_trials-results');
    const script = () => vscode.Uri.file(join(workspace(), 'batch_relabel.py'));
    const saved = () => (existsSync(results()) ? readdirSync(results()).filter((n) => n.endsWith('.c3d')) : []);

    before(async function () {
      if (!hasHands) this.skip();
      mkdirSync(trials(), { recursive: true });
      for (let i = 1; i <= FILES; i++)
        copyFileSync(join(process.env.MOTION_TEST_FIXTURES!, 'c3d', 'Qualisys.c3d'), join(trials(), `trial${i}.c3d`));
      writeFileSync(script().fsPath, SCRIPT);
      stateDir = mkdtempSync(join(tmpdir(), 'motion-test-batch-app-'));
      server = await startChildServer(['--state', join(stateDir, 'state.motion.json'), '--log-level', 'warn']);
      await setting('server.url', server.url);
      await connectionState(
        await motionApi(),
        (s) => s.kind === 'connected' && s.url === server!.url,
        'the application',
      );
    });
    after(async () => {
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      server?.child.kill();
      await server?.exited;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      for (const path of [trials(), results(), script().fsPath, stateDir])
        rmSync(path, { recursive: true, force: true });
    });

    it('right-click a folder of trials, dry-run, run to a folder, cancel half way, resume: every result whole, the originals kept', async () => {
      const api = await motionApi();
      const originals = readdirSync(trials()).map((n) => digest(join(trials(), n)));
      await vscode.window.showTextDocument(script());
      await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(trials()));
      await hands.rightClick(`${WORKBENCH.sideBar} .monaco-list-row`, 'batch_trials');
      await hands.click('.context-view .action-label', 'Run Script on Measurements…');
      // A menu ignores a click that comes the moment it opened: still open, it is clicked again, as a person would.
      await new Promise((settle) => setTimeout(settle, 500));
      if ((await hands.textOf('.context-view .action-label')).includes('Run Script on Measurements…'))
        await hands.click('.context-view .action-label', 'Run Script on Measurements…');
      await hands.quickPickOffering('Dry Run First');
      await hands.press('Enter'); // the first choice: Dry Run First

      await waitFor(() => api.batches.shown?.state === 'done', 'the dry run to end', 60_000);
      const dry = api.batches.shown!;
      assert.equal(dry.dry, true);
      assert.deepEqual(
        [...dry.entries.values()].map((e) => [e.status, e.changes]),
        Array.from({ length: FILES }, () => ['changed', ['Trajectories › L_IAS: label: "L_IAS" → "L_IAS_checked"']]),
      );
      assert.deepEqual(saved(), [], 'a dry run writes nothing');
      await waitFor(
        async () =>
          (await hands.textOf(`${WORKBENCH.panel} .monaco-list-row`)).some((r) =>
            r.includes(`${FILES} measurements: ${FILES} changed, 0 unchanged, 0 failed`),
          ),
        'Batch Results to show how the dry run ended',
      );
      await waitFor(
        async () => (await hands.notifications()).some((n) => n.includes('Run, Saving to a Folder…')),
        'the offer to run for real',
      );
      await takeScreenshot('batch-dry-run.png', undefined, undefined, { withNotifications: true });

      await hands.clickNotificationButton('Run, Saving to a Folder…');
      await hands.inputAsking('Outside the folders the batch reads');
      await hands.press('Enter'); // the folder offered: batch_trials-results
      await waitFor(() => saved().length >= 2, 'two results saved', 60_000);
      await hands.clickNotificationButton('Cancel');
      await waitFor(() => api.batches.shown?.state === 'cancelled', 'the batch to stop once its file is done', 30_000);
      const kept = saved();
      assert.ok(kept.length < FILES, `cancelled before the end: ${kept.length} saved`);
      await takeScreenshot('batch-cancelled.png', undefined, undefined, { withNotifications: true });

      await hands.clickNotificationButton('Resume');
      await waitFor(
        () => api.batches.shown?.state === 'done' && !api.batches.shown.dry,
        'the resumed batch to end',
        60_000,
      );
      const statuses = [...api.batches.shown!.entries.values()].map((e) => e.status);
      assert.equal(statuses.length, FILES);
      assert.ok(
        statuses.filter((s) => s === 'skipped').length >= kept.length - 1,
        `files done before are skipped: ${statuses.join()}`,
      );
      assert.ok(
        statuses.every((s) => s === 'skipped' || s === 'changed'),
        statuses.join(),
      );
      assert.deepEqual(saved().sort(), Array.from({ length: FILES }, (_, i) => `trial${i + 1}.c3d`).sort());
      assert.deepEqual(
        readdirSync(results()).filter((n) => n.startsWith('.')),
        [],
        'no partial file, no journal left',
      );
      assert.deepEqual(
        readdirSync(trials()).map((n) => digest(join(trials(), n))),
        originals,
        'the originals are kept',
      );
      await waitFor(
        async () => (await hands.textOf(`${WORKBENCH.panel} .monaco-list-row`)).some((r) => r.includes('done before')),
        'Batch Results to show the files done before',
      );
      await takeScreenshot('batch-results.png');
    });
  });
}
