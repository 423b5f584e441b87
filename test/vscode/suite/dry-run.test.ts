import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { MotionError } from '../../../src/api/client/motion-error';
import { readSnapshot } from '../../../src/api/state/read-snapshot';
import type { DryRunOutcome } from '../../../src/extension/commands/dry-run-commands';
import type { SkeletonPanel } from '../../../src/extension/skeletons-in-3d/skeleton-views';
import type { SceneReport, SegmentRef } from '../../../src/protocol/skeleton-view';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { motionApi, takeScreenshot, testApplication, WORKBENCH } from './motion-extension';

const PROBE = [
  'import motion',
  'sk = motion.settings.processing.skeleton',
  'body = sk.find_skeleton("project", "FullBody")',
  'sk.set_skeleton_scale("project", body, 2.5)',
  'sk.add_segment("project", sk.find_segment("project", body, "Head"), "Hat")',
  'print("probe ran")',
  '',
].join('\n');

/** A gap filler as people write it: the first gap of LWRA (the left wrist) in the demo walk, filled linearly. */
const FILL_ONE_GAP = [
  'import motion',
  'from motion.data.object import trajectory',
  'from motion.data.series import _3d',
  'wrist = trajectory.find_trajectory("LWRA")',
  'gap = _3d.get_gap_ranges(wrist)[0]',
  'trajectory.fill_trajectory(wrist, "linear", gap, None)',
  'print("filled", gap)',
  '',
].join('\n');

/** A script that changes segments in every way the 3D view colours. */
const RESHAPE = [
  'import motion',
  'sk = motion.settings.processing.skeleton',
  'body = sk.find_skeleton("project", "FullBody")',
  'segment = lambda name: sk.find_segment("project", body, name)',
  'sk.add_segment("project", segment("Head"), "Hat")',
  'sk.set_segment_transform("project", segment("Neck"), [[1, 0, 0, 0], [0, 1, 0, 60], [0, 0, 1, 160], [0, 0, 0, 1]])',
  'markers = sk.get_segment_markers("project", segment("Spine"))',
  'sk.set_segment_markers("project", segment("Spine"), markers[1:])',
  'sk.delete_segment("project", segment("LeftArm"))',
  '',
].join('\n');

/** The application's whole state as text: what must not change. */
async function applicationState(): Promise<string> {
  const app = testApplication();
  try {
    return JSON.stringify((await readSnapshot(app)).state);
  } finally {
    await app.close();
  }
}

/**
 * The state once a read of it finds it still: while a script or its undo is running, a segment listed can be gone
 * before its fields are read (the interface reads one value at a time), and such a read is no state at all.
 */
async function settledState(): Promise<string | undefined> {
  return applicationState().catch((error: unknown) => {
    if (error instanceof MotionError) return undefined;
    throw error;
  });
}

/** The rows the panel (where the Dry Run view is) shows, once one of them shows `text`. */
async function panelRowsOnce(text: string): Promise<string[]> {
  let rows: string[] = [];
  await waitFor(
    async () => (rows = await hands.textOf(`${WORKBENCH.panel} .monaco-list-row`)).some((r) => r.includes(text)),
    `a row of the panel showing "${text}"`,
    60_000,
  );
  return rows;
}

export function dryRunTests(): void {
  describe('dry runs in a real VS Code', function () {
    this.timeout(120_000);
    const folder = () => vscode.workspace.workspaceFolders![0].uri;
    const probe = () => vscode.Uri.joinPath(folder(), 'dry_run_probe.py');
    const stage = () => vscode.Uri.joinPath(folder(), 'stage.motion.json');
    const reshape = () => vscode.Uri.joinPath(folder(), 'reshape.py');
    before(() => vscode.workspace.fs.writeFile(probe(), new TextEncoder().encode(PROBE)));
    after(async () => {
      for (const file of [probe(), stage(), reshape()])
        await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    });

    it('Dry Run File from the palette shows what the script would change, and the application stays as it was', async function () {
      if (!hasHands) this.skip();
      const before = await applicationState();
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(probe()));
      await hands.palette('Motion: Dry Run File');
      const rows = await panelRowsOnce('1 → 2.5');
      for (const shown of [
        'dry_run_probe.py',
        '3 changes',
        'Project settings',
        'FullBody',
        'added segment Hat (child of Head)',
      ])
        assert.ok(
          rows.some((r) => r.includes(shown)),
          `the Dry Run view shows "${shown}": ${JSON.stringify(rows)}`,
        );
      assert.equal(await applicationState(), before, 'the application is as it was');
      await takeScreenshot('dry-run.png', [WORKBENCH.panel], 360);
    });

    it('Apply for Real (the view’s button) runs it against the application as one change, and Undo takes it back', async function () {
      if (!hasHands) this.skip();
      const before = await applicationState();
      // The dry run of the first test is still shown: its button runs the same file for real.
      await hands.click(`${WORKBENCH.panel} .action-item .codicon-check-all`);
      const offered = await hands.quickPickOffering('Apply for Real');
      assert.ok(offered[0].includes('Cancel'), 'Cancel first: Enter and Escape change nothing');
      await hands.type('Apply for Real');
      await hands.press('Enter');
      await waitFor(
        async () => ![before, undefined].includes(await settledState()),
        'the script to run against the application',
        30_000,
      );
      const app = testApplication();
      try {
        const sk = app.settings.processing.skeleton;
        const body = (await sk.find_skeleton('project', 'FullBody'))!;
        assert.equal(await sk.get_skeleton_scale('project', body), 2.5);
        assert.notEqual(await sk.find_segment('project', body, 'Hat'), null);
      } finally {
        await app.close();
      }
      await waitFor(
        async () => (await hands.notifications()).some((n) => n.includes('dry_run_probe.py made 3 changes')),
        'the notification that it was applied',
      );
      await hands.clickNotificationButton('Undo');
      await hands.quickPickOffering('Undo');
      await hands.type('Undo');
      await hands.press('Enter');
      await waitFor(async () => (await settledState()) === before, 'the undo to restore the state before', 30_000);
    });

    it('Take Snapshot writes a file that a Dry Run Selection starts from, chosen in the quick pick', async function () {
      if (!hasHands) this.skip();
      const saved = await vscode.commands.executeCommand<vscode.Uri>('motion.takeSnapshot', stage());
      assert.equal(saved?.toString(), stage().toString());
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(stage()));
      assert.deepEqual(JSON.parse(text).snapshot.application, { major: 0, minor: 1, build: 0 });

      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(probe()));
      editor.selection = new vscode.Selection(0, 0, 3, 100); // up to the scale, not the new segment
      await hands.palette('Motion: Dry Run Selection or Statement');
      const offered = await hands.quickPickOffering('stage.motion.json');
      assert.ok(
        offered.some((r) => r.includes('The application now')),
        JSON.stringify(offered),
      );
      await hands.type('stage.motion.json');
      await hands.press('Enter');
      const rows = await panelRowsOnce('dry_run_probe.py (lines 1–4)');
      assert.ok(
        rows.some((r) => r.includes('1 change · from stage.motion.json')),
        JSON.stringify(rows),
      );
      assert.ok(!rows.some((r) => r.includes('Hat')), 'only the selected lines ran');
    });

    it('returns what it found to a caller, and says no changes for a script that only reads', async () => {
      const reader = await vscode.workspace.openTextDocument({
        language: 'python',
        content: 'import motion\nprint(motion.settings.processing.skeleton.get_skeleton_count("project"))\n',
      });
      await vscode.window.showTextDocument(reader);
      await vscode.workspace.fs.delete(stage());
      const outcome = await vscode.commands.executeCommand<DryRunOutcome>('motion.dryRunFile');
      assert.deepEqual(outcome.changes, []);
      assert.equal(outcome.ok, true);
      assert.match(outcome.output, /^\d+\n$/);
    });

    it('Show Dry Run in 3D (the view’s button) draws what the script added, moved, changed and removed, and follows the dry run', async function () {
      if (!hasHands) this.skip();
      await vscode.workspace.fs.writeFile(reshape(), new TextEncoder().encode(RESHAPE));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(reshape()));
      await hands.palette('Motion: Dry Run File');
      await panelRowsOnce('reshape.py');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors'); // the view takes the editor's room
      const api = await motionApi();
      const shown = new Promise<SkeletonPanel>((resolve) => api.skeletonViews.onDidShow(resolve));
      await hands.click(`${WORKBENCH.panel} .action-item .codicon-eye`);
      const panel = await shown;
      let report: SceneReport | undefined;
      await waitFor(
        async () => (report = await panel.report()).complete && report.changes.added > 0,
        'the 3D view to draw the dry run',
        30_000,
      );
      // Neck moved, and Head with it; Spine lost a marker; LeftArm, LeftForeArm and LeftHand drawn where they were.
      assert.deepEqual(report!.changes, { added: 1, moved: 2, changed: 1, removed: 3 });
      assert.ok(
        report!.origins['FullBody/Hat'] && report!.origins['FullBody/LeftArm'],
        'the added and the removed drawn',
      );
      const application = testApplication();
      try {
        const sk = application.settings.processing.skeleton;
        const body = (await sk.find_skeleton('project', 'FullBody'))!;
        assert.equal(await sk.find_segment('project', body, 'Hat'), null, 'the application is as it was');
        // A change chosen in the Dry Run view is highlighted in 3D (Hat: a segment only the dry run has).
        await hands.click(`${WORKBENCH.panel} .monaco-list-row`, 'added segment Hat');
        let hat: SegmentRef | null = null;
        await waitFor(async () => (hat = (await panel.report()).highlighted) !== null, 'the change highlighted in 3D');
        assert.equal(hat!.skeletonId, body);
        assert.ok(!(await sk.get_segment_ids('project', body)).includes(hat!.segmentId), 'the dry run’s own segment');
        // The click opened the line that added it too: beside the 3D view, which stays in sight.
        await waitFor(
          () =>
            vscode.window.visibleTextEditors.some(
              (e) => e.document.uri.fsPath === reshape().fsPath && e.selection.active.line === 4,
            ),
          'the line that added Hat, beside the 3D view',
        );
        assert.ok((await panel.report()).complete, 'the 3D view still shown');
      } finally {
        await application.close();
      }
      await takeScreenshot('dry-run-3d.png', [WORKBENCH.editor, WORKBENCH.panel]);

      // Clearing the dry run closes its view: what it showed is no longer anywhere.
      await hands.click(`${WORKBENCH.panel} .action-item .codicon-clear-all`);
      await waitFor(async () => api.skeletonViews.isOpen('dry-run') === undefined, 'the dry run’s 3D view to close');
    });

    it('a script that raised: its traceback’s lines in the Dry Run view open the file at the line when clicked, the helper’s too', async function () {
      if (!hasHands) this.skip();
      const helper = vscode.Uri.joinPath(folder(), 'trial_checks.py');
      const script = vscode.Uri.joinPath(folder(), 'check_trial.py');
      await vscode.workspace.fs.writeFile(
        helper,
        new TextEncoder().encode(
          'def require_markers(count):\n    if count < 100:\n        raise ValueError(f"only {count} markers")\n',
        ),
      );
      await vscode.workspace.fs.writeFile(
        script,
        new TextEncoder().encode('import motion\nfrom trial_checks import require_markers\n\nrequire_markers(3)\n'),
      );
      try {
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(script));
        await hands.palette('Motion: Dry Run File');
        await panelRowsOnce('ValueError');
        // The outcome row opens to what the script printed: its traceback, each frame a row.
        await hands.click(`${WORKBENCH.panel} .monaco-list-row`, 'check_trial.py');
        const rows = await panelRowsOnce('trial_checks.py", line 3');
        assert.ok(
          rows.some((r) => r.includes('check_trial.py", line 4')),
          JSON.stringify(rows),
        );
        await hands.click(`${WORKBENCH.panel} .monaco-list-row`, 'trial_checks.py", line 3');
        await waitFor(
          () =>
            vscode.window.activeTextEditor?.document.uri.fsPath === helper.fsPath &&
            vscode.window.activeTextEditor.selection.active.line === 2,
          'the helper opened at the line that raised',
        );
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        for (const file of [helper, script]) await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
        await vscode.commands.executeCommand('motion.clearDryRun');
      }
    });

    it('each change in the Dry Run view names the line that made it, and a click opens it there, in a helper module too', async function () {
      if (!hasHands) this.skip();
      const helper = vscode.Uri.joinPath(folder(), 'body_tools.py');
      const script = vscode.Uri.joinPath(folder(), 'grow_body.py');
      await vscode.workspace.fs.writeFile(
        helper,
        new TextEncoder().encode(
          'import motion\nsk = motion.settings.processing.skeleton\n\ndef grow(name, by):\n    sk.set_skeleton_scale("project", sk.find_skeleton("project", name), by)\n',
        ),
      );
      await vscode.workspace.fs.writeFile(
        script,
        new TextEncoder().encode(
          'import motion\nfrom body_tools import grow\nsk = motion.settings.processing.skeleton\ngrow("FullBody", 2)\nsk.set_skeleton_name("project", sk.find_skeleton("project", "Wand"), "Stick")\n',
        ),
      );
      const opened = (file: vscode.Uri, line: number) => () =>
        vscode.window.activeTextEditor?.document.uri.fsPath === file.fsPath &&
        vscode.window.activeTextEditor.selection.active.line === line;
      try {
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(script));
        await hands.palette('Motion: Dry Run File');
        const rows = await panelRowsOnce('body_tools.py:5');
        assert.ok(
          rows.some((r) => r.startsWith('scale1 → 2 · body_tools.py:5')),
          JSON.stringify(rows),
        );
        assert.ok(
          rows.some((r) => r.includes('"Stick" · line 5')),
          JSON.stringify(rows),
        );
        await hands.click(`${WORKBENCH.panel} .monaco-list-row`, 'body_tools.py:5');
        await waitFor(opened(helper, 4), 'the helper opened at the line that set the scale');
        await hands.click(`${WORKBENCH.panel} .monaco-list-row`, '"Stick" · line 5');
        await waitFor(opened(script, 4), 'the script opened at the line that renamed Wand');
        await takeScreenshot('dry-run-change-lines.png', [WORKBENCH.editor, WORKBENCH.panel]);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        for (const file of [helper, script]) await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
        await vscode.commands.executeCommand('motion.clearDryRun');
      }
    });

    it('Dry Run File of a gap filler shows the gap it fills, and, opened by a click, each frame gap → position', async function () {
      if (!hasHands) this.skip();
      const before = await applicationState();
      const filler = vscode.Uri.joinPath(folder(), 'fill_one_gap.py');
      await vscode.workspace.fs.writeFile(filler, new TextEncoder().encode(FILL_ONE_GAP));
      try {
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(filler));
        await hands.palette('Motion: Dry Run File');
        const rows = await panelRowsOnce('filled frames');
        const filled = rows.find((r) => r.includes('filled frames'))!;
        const [, start, end] = /filled frames (\d+)–(\d+)/.exec(filled)!;
        assert.match(filled, /gap → \(-?[\d.]+, -?[\d.]+, -?[\d.]+\) … \(/);
        assert.ok(
          rows.some((r) => r.includes('LWRA')),
          `the trajectory's row: ${JSON.stringify(rows)}`,
        );
        // Collapsed until a person opens it: a click shows its frames, each gap → its new position.
        await hands.click(`${WORKBENCH.panel} .monaco-list-row`, `filled frames ${start}–${end}`);
        const opened = await panelRowsOnce(`frame ${start}`);
        // The list shows what fits the panel: the gap's first frames, each filled.
        for (const frame of [Number(start), Number(start) + 1])
          assert.ok(
            opened.some((r) => r.startsWith(`frame ${frame}gap → (`)),
            `frame ${frame} of the gap, filled: ${JSON.stringify(opened)}`,
          );
        assert.ok(Number(end) > Number(start));
        assert.equal(await applicationState(), before, 'the application is as it was');
        await takeScreenshot('dry-run-filled-gaps.png', [WORKBENCH.panel], 420);
      } finally {
        await vscode.workspace.fs.delete(filler).then(undefined, () => undefined);
        // The tests after start from an empty Dry Run view, as they found it.
        await vscode.commands.executeCommand('motion.clearDryRun');
      }
    });
  });
}
