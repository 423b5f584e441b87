import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { explorerItemAt, motionApi, takeScreenshot, testApplication, WORKBENCH } from './motion-extension';
import { connectionState } from './wait';

/** Opens a row's context menu and chooses `entry`, again if the menu ignored a click that came the moment it opened. */
async function contextMenu(row: string, entry: string): Promise<void> {
  await hands.rightClick(`${WORKBENCH.sideBar} .monaco-list-row`, row);
  await hands.click('.context-view .action-label', entry);
  // A menu that took the click closes; clicking again at once, on a loaded machine, ran a command twice.
  const closed = waitFor(
    async () => !(await hands.textOf('.context-view .action-label')).includes(entry),
    'the menu to close',
    3_000,
  ).then(
    () => true,
    () => false,
  );
  if (!(await closed)) await hands.click('.context-view .action-label', entry);
}

/**
 * Reveals the Skeletons view's row at `labels` until it is on screen: VS Code drops a reveal whose
 * item the view is reloading, and a change the hands just made reloads it (CI saw Head never shown).
 */
async function revealRow(api: MotionExtensionApi, ...labels: string[]): Promise<void> {
  const row = labels[labels.length - 1];
  await waitFor(async () => {
    await api.explorerTree.reveal(await explorerItemAt(api, ...labels), { select: true, expand: true });
    return (await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`)).some((t) => t.trim().startsWith(row));
  }, `${row} shown in the Skeletons view`);
}

export function recordingTests(): void {
  describe('Record as Script in a real VS Code', function () {
    this.timeout(120_000);
    let scaleBefore: number;
    let skeletonId: number;

    before(async () => {
      const api = await motionApi();
      await connectionState(api, (s) => s.kind === 'connected', 'connected');
      const application = testApplication();
      skeletonId = (await application.settings.processing.skeleton.find_skeleton('project', 'FullBody'))!;
      scaleBefore = await application.settings.processing.skeleton.get_skeleton_scale('project', skeletonId);
      await application.close();
    });

    after(async () => {
      // The other suites find the application as it was.
      const application = testApplication();
      await application.settings.processing.skeleton.set_skeleton_scale('project', skeletonId, scaleBefore);
      await application.gui.selection.clear_selections(null);
      await application.close();
      if ((await motionApi()).recording.recording) await vscode.commands.executeCommand('motion.stopRecording');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('records what the hands change, from the status bar to the script Stop Recording opens', async function () {
      if (!hasHands) this.skip();
      const api = await motionApi();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // The status bar's Record button, then the language.
      await hands.click('.statusbar-item', 'Record');
      await hands.quickPickOffering('Lua');
      await hands.type('Python');
      await hands.press('Enter');
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes('Recording · 0')),
        'the status bar to say it records',
      );

      // Set Scale from FullBody's context menu.
      await revealRow(api, 'Project settings', 'FullBody');
      await contextMenu('FullBody', 'Set Scale');
      await hands.inputAsking('Scale of FullBody');
      await hands.press('Control+A');
      await hands.type('2.5');
      await hands.press('Enter');
      // Select Markers in the Application from Head's.
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes('Recording · 1')),
        'the scale recorded',
        20_000,
      );
      // The view reloads after the change; a right click during the reload can land on another row.
      await waitFor(
        async () => (await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`)).some((t) => t.includes('scale 2.5')),
        'the Skeletons view showing the new scale',
      );
      await revealRow(api, 'Project settings', 'FullBody', 'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head');
      await contextMenu('Head', 'Select Markers in the Application');
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes('Recording · 2')),
        'two actions recorded',
        20_000,
      );
      // And the scale undone, by the Skeletons view's Undo button.
      await hands.click(`${WORKBENCH.sideBar} .action-item .codicon-undo`);
      await hands.quickPickOffering('Undo');
      await hands.type('Undo');
      await hands.press('Enter');
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes('Recording · 3')),
        'the undo recorded',
        20_000,
      );

      // A click on the status bar stops it and opens the script.
      await hands.click('.statusbar-item', 'Recording');
      await waitFor(
        () => vscode.window.activeTextEditor?.document.languageId === 'python',
        'the recorded script in an editor',
      );
      const text = vscode.window.activeTextEditor!.document.getText();
      const [header, ...rest] = text.split('\n');
      assert.match(
        header,
        /^# Recorded with Motion Scripting on .* UTC, from the application at http:\/\/127\.0\.0\.1:\d+\.$/,
      );
      // The whole script, so that a failure shows every line of it.
      const markers = ['LFHD', 'RFHD', 'LBHD', 'RBHD'];
      assert.equal(
        rest.join('\n'),
        [
          '# Run against the application as it was then, it makes the same changes again.',
          'import motion',
          '',
          'trajectories = motion.data.object.trajectory',
          'selection = motion.gui.selection',
          'skeletons = motion.settings.processing.skeleton',
          '',
          '# Set the scale of "FullBody" from 1 to 2.5',
          'full_body = skeletons.find_skeleton("project", "FullBody")',
          'skeletons.set_skeleton_scale("project", full_body, 2.5)',
          '',
          '# Select Markers in the Application',
          ...markers.map((m) => `${m.toLowerCase()} = trajectories.find_trajectory("${m}")`),
          `selection.set_selections([${markers
            .map((m) => `{"type": "trajectory", "id": ${m.toLowerCase()}, "part_index": None}`)
            .join(', ')}])`,
          '',
          '# Undo: Set the scale of "FullBody" from 1 to 2.5',
          'full_body = skeletons.find_skeleton("project", "FullBody")',
          'skeletons.set_skeleton_scale("project", full_body, 1)',
          '',
        ].join('\n'),
      );
      assert.ok(
        (await hands.textOf('.statusbar-item')).some((t) => t.includes('Record') && !t.includes('Recording')),
        'the status bar offers to record again',
      );
      await takeScreenshot('record-as-script.png', [WORKBENCH.editor], 420);
    });
  });
}
