import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import * as vscode from 'vscode';
import {
  EXTENSION_ID,
  explorerItemAt,
  labelText,
  screenshotFolder,
  takeScreenshot,
  WORKBENCH,
} from './motion-extension';
import { connectionState, until } from './wait';
import { waitFor } from '../../support/wait-for';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import type { ExplorerItem } from '../../../src/extension/skeletons-view/explorer-data';
import type { SkeletonPanel } from '../../../src/extension/skeletons-in-3d/skeleton-views';
import type { SceneReport } from '../../../src/protocol/skeleton-view';

type Matrix = number[][];
const multiply = (a: Matrix, b: Matrix): Matrix =>
  a.map((row) => b[0].map((_, j) => row.reduce((sum, v, k) => sum + v * b[k][j], 0)));

/** The 3D view in a real VS Code: its scene read back from the webview, clicks, highlights, live edits, bad data. */
export function skeletonViewTests(): void {
  describe('the 3D skeleton view in a real VS Code', () => {
    let api: MotionExtensionApi;
    let panel: SkeletonPanel;
    const label = (item: ExplorerItem) => labelText(api.explorer.getTreeItem(item).label);
    const at = (...labels: string[]) => explorerItemAt(api, ...labels);
    const skeletons = () => api.connection.client().settings.processing.skeleton;
    const ids = async (skeleton: string, segment: string) => {
      const skeletonId = (await skeletons().find_skeleton('project', skeleton))!;
      return { skeletonId, segmentId: (await skeletons().find_segment('project', skeletonId, segment))! };
    };
    /** A segment's world origin, chained by hand from the application's transforms (row-major, mm). */
    const worldOrigin = async (segmentId: number, pose: 'calibrated' | 'default' = 'calibrated') => {
      let world: Matrix = [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 1],
      ];
      for (let id: number | null = segmentId; id !== null; id = await skeletons().get_segment_parent_id('project', id))
        world = multiply(
          await (pose === 'calibrated'
            ? skeletons().get_segment_transform('project', id)
            : skeletons().get_segment_default_transform('project', id)),
          world,
        );
      return [world[0][3], world[1][3], world[2][3]];
    };
    /** The view's report once it passes `accept` (the view draws what it is sent a moment later). */
    const reportWhen = async (accept: (r: SceneReport) => boolean, what: string) => {
      let last: SceneReport | undefined;
      await waitFor(async () => accept((last = await panel.report())), what, 15_000);
      return last!;
    };
    const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) < 1e-3);

    before(async () => {
      api = await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate();
      await connectionState(api, (s) => s.kind === 'connected', 'the first connection');
      // The view with the room a person gives it (no terminal below from earlier tests): its picture is the README's.
      await vscode.commands.executeCommand('workbench.action.closePanel');
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('draws the demo skeleton: every segment and marker, at the world positions the transforms give', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('motion.showSkeleton3D', await at('Project settings', 'FullBody'));
      panel = api.skeletonViews.last!;
      assert.ok(panel, 'the view opened');
      const { skeletonId } = await ids('FullBody', 'Head');
      const segmentIds = await skeletons().get_segment_ids('project', skeletonId);
      const markerCount = (
        await Promise.all(segmentIds.map((id) => skeletons().get_segment_markers('project', id)))
      ).flat().length;
      const report = await reportWhen((r) => r.complete, 'the scene');
      assert.equal(report.skeletons, 1);
      assert.equal(report.segments, segmentIds.length);
      assert.equal(report.markers, markerCount);
      assert.equal(report.warnings, 0, 'the demo skeleton has nothing wrong');
      assert.equal(report.pose, 'calibrated');
      for (const name of ['Head', 'LeftHand', 'RightFoot']) {
        const { segmentId } = await ids('FullBody', name);
        const expected = await worldOrigin(segmentId);
        assert.ok(close(report.origins[`FullBody/${name}`], expected), `${name} drawn at ${String(expected)}`);
      }
      assert.equal(report.origins['FullBody/Head'][2], 1570, 'the head stands at 1.57 m');

      // The picture: the skeleton's markers are drawn (green), all within the scene's extent on the canvas.
      const image = PNG.sync.read(Buffer.from(report.image.replace(/^data:image\/png;base64,/, ''), 'base64'));
      const box = report.extentOnCanvas;
      assert.ok(
        box.left >= 0 && box.top >= 0 && box.right <= image.width && box.bottom <= image.height,
        `all in view: ${JSON.stringify(box)} on ${image.width}×${image.height}`,
      );
      assert.ok(box.bottom - box.top > image.height / 3, 'the skeleton fills the view');
      let inside = 0;
      let outside = 0;
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++) {
          const i = (y * image.width + x) * 4;
          const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
          if (!(g > r + 30 && g > b + 30)) continue;
          const margin = 12; // a marker's radius on screen, and antialiasing
          const within =
            x >= box.left - margin && x <= box.right + margin && y >= box.top - margin && y <= box.bottom + margin;
          if (within) inside++;
          else outside++;
        }
      assert.ok(inside > 200, `markers drawn inside the extent (${inside} green pixels)`);
      assert.equal(outside, 0, 'nothing of the skeleton drawn outside its extent');
    });

    it('toggles to the default pose, read after the calibrated one, and back', async () => {
      // The demo stands in its default pose: give the head a default of its own, 300 mm higher.
      const head = await ids('FullBody', 'Head');
      const before = await skeletons().get_segment_default_transform('project', head.segmentId);
      const raised = before.map((row, i) => (i === 2 ? [row[0], row[1], row[2], row[3] + 300] : row));
      await skeletons().set_segment_default_transform('project', head.segmentId, raised);
      try {
        await vscode.commands.executeCommand('motion.refreshExplorer');
        panel.showPose('default');
        const expected = await worldOrigin(head.segmentId, 'default');
        const standing = await reportWhen(
          (r) => r.pose === 'default' && close(r.origins['FullBody/Head'] ?? [], expected),
          'the head in the default pose',
        );
        const hand = await ids('FullBody', 'LeftHand');
        assert.ok(close(standing.origins['FullBody/LeftHand'], await worldOrigin(hand.segmentId, 'default')));
      } finally {
        panel.showPose('calibrated');
        await skeletons().set_segment_default_transform('project', head.segmentId, before);
        await vscode.commands.executeCommand('motion.refreshExplorer');
      }
      await reportWhen((r) => r.pose === 'calibrated' && r.origins['FullBody/Head']?.[2] === 1570, 'calibrated again');
    });

    it('a click on a segment reveals it in the Skeletons view; selecting in the tree highlights in 3D', async () => {
      await vscode.commands.executeCommand('motion.explorer.focus');
      const revealed = until(panel.onDidReveal, () => true, 'the reveal');
      panel.click('FullBody', 'LeftForeArm');
      const item = await revealed;
      assert.equal(label(item), 'LeftForeArm');
      // The tree's selection reaches the extension a moment after the reveal (a loaded machine saw it late).
      // A reload of the tree after the reveal can drop it (issue 40): a person clicks again, and so does this.
      const selected = () => !!api.explorerTree.selection[0] && label(api.explorerTree.selection[0]) === 'LeftForeArm';
      await waitFor(selected, 'LeftForeArm selected in the Skeletons view').catch(async () => {
        panel.click('FullBody', 'LeftForeArm');
        await waitFor(selected, 'LeftForeArm selected in the Skeletons view after a second click');
      });
      const leftForeArm = await ids('FullBody', 'LeftForeArm');
      assert.deepEqual((await panel.report()).highlighted, leftForeArm);

      // The README's picture: the tree and the view, a segment chosen in both.
      await takeScreenshot('skeleton-3d.png', [WORKBENCH.sideBar, WORKBENCH.editor]);
      assert.ok(readFileSync(join(screenshotFolder(), 'skeleton-3d.png')).length > 10_000);

      const spine = await at('Project settings', 'FullBody', 'Hips', 'Spine');
      await api.explorerTree.reveal(spine, { select: true });
      const spineIds = await ids('FullBody', 'Spine');
      await reportWhen((r) => JSON.stringify(r.highlighted) === JSON.stringify(spineIds), 'Spine highlighted');
    });

    it('a click while the Skeletons view reloads still selects the segment there', async () => {
      // VS Code drops a reveal whose item the view is reloading: a refresh 0–12 ms after the click
      // lands while the reveal is under way (it failed so without the check). A refresh after the
      // reveal has ended can drop the tree's selection too; that is not this test's (see issue 40).
      const segments = ['LeftForeArm', 'RightFoot', 'Head', 'LeftHand', 'Spine'];
      for (let n = 0; n < 15; n++) {
        const segment = segments[n % segments.length];
        const revealed = until(panel.onDidReveal, () => true, 'the reveal');
        panel.click('FullBody', segment);
        const after = (n % 5) * 3;
        setTimeout(() => void vscode.commands.executeCommand('motion.refreshExplorer'), after);
        assert.equal(label(await revealed), segment);
        await waitFor(
          () => api.explorerTree.selection.length === 1 && label(api.explorerTree.selection[0]) === segment,
          `${segment} selected in the Skeletons view (a refresh ${after} ms after the click; selected: ` +
            `${api.explorerTree.selection.map(label).join(', ') || 'nothing'})`,
          3000,
        );
      }
    });

    it("the application's selected markers are highlighted", async () => {
      const head = await at('Project settings', 'FullBody', 'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head');
      await vscode.commands.executeCommand('motion.selectMarkers', head);
      const { segmentId } = await ids('FullBody', 'Head');
      const names = (await skeletons().get_segment_markers('project', segmentId)).map((m) => m.name);
      await reportWhen((r) => r.selectedMarkers.length > 0, 'the selection');
      assert.deepEqual((await panel.report()).selectedMarkers.sort(), [...names].sort());
      await vscode.commands.executeCommand('motion.clearSelection');
      await reportWhen((r) => r.selectedMarkers.length === 0, 'the selection cleared');
    });

    it('follows an edit made with a command (and its undo), keeping the camera', async () => {
      const { segmentId } = await ids('FullBody', 'Head');
      const before = await panel.report();
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        'motion.editSegment',
        await at('Project settings', 'FullBody', 'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head'),
      );
      const doc = JSON.parse(editor.document.getText());
      doc.transform[2][3] += 100;
      const edit = new vscode.WorkspaceEdit();
      edit.replace(
        editor.document.uri,
        new vscode.Range(0, 0, editor.document.lineCount, 0),
        JSON.stringify(doc, null, 2),
      );
      await vscode.workspace.applyEdit(edit);
      const applied = await vscode.commands.executeCommand<{ changed: boolean }>(
        'motion.applySegment',
        editor.document.uri,
        { confirm: true },
      );
      assert.equal(applied.changed, true);
      await vscode.commands.executeCommand('motion.discardSegmentDraft', editor.document.uri, { confirm: true });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      // The segment editor opened over the view: a hidden webview is made again when shown, from its saved camera.
      panel.reveal();
      const moved = await reportWhen((r) => r.origins['FullBody/Head'][2] === 1670, 'Head moved up 100 mm');
      assert.deepEqual(moved.origins['FullBody/Head'], await worldOrigin(segmentId));
      // Within rounding: a refit to the same box from the same direction may differ in the last digit.
      assert.ok(
        close(moved.camera.position, before.camera.position) && close(moved.camera.target, before.camera.target),
        `the camera stayed where it was: ${JSON.stringify(before.camera)} → ${JSON.stringify(moved.camera)}`,
      );

      await vscode.commands.executeCommand('motion.undoLastChange', { confirm: true });
      await reportWhen((r) => r.origins['FullBody/Head'][2] === 1570, 'Head back after undo');
    });

    it('fits again when it is made narrower or wider, while the camera is where the view put it', async () => {
      const before = await panel.report();
      assert.equal(before.camera.placed, true, 'the view placed the camera (a click on a segment moved nothing)');
      // Three columns (and no panel below) make the view taller than wide: the fit now depends on its width.
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await vscode.commands.executeCommand('workbench.action.editorLayoutThreeColumns');
      try {
        const narrow = await reportWhen(
          (r) => !close(r.camera.position, before.camera.position),
          'the view fitted again when narrower',
        );
        const [from, to] = [before, narrow].map((r) =>
          Math.hypot(...r.camera.position.map((v, i) => v - r.camera.target[i])),
        );
        assert.ok(to > from, `further away to show the same scene in less width: ${from} → ${to}`);
        assert.ok(close(narrow.camera.target, before.camera.target), 'looking at the same place');
      } finally {
        await vscode.commands.executeCommand('workbench.action.editorLayoutSingle');
      }
      await reportWhen((r) => close(r.camera.position, before.camera.position), 'the first fit again when wide');
    });

    it('shows every skeleton of a source together, each arriving as it is read', async () => {
      await vscode.commands.executeCommand('motion.showSkeleton3D', await at('Project settings'));
      panel = api.skeletonViews.last!;
      const report = await reportWhen((r) => r.complete && r.skeletons > 0, 'every skeleton');
      const count = await skeletons().get_skeleton_count('project');
      assert.equal(report.skeletons, count);
      assert.ok(report.origins['FullBody/Head'] && report.origins['Wand/Tip'], 'both demo skeletons drawn');
    });

    it('shows the open measurement’s markers over the current data: the slider moves through its frames, a marker in a gap is not drawn', async () => {
      await vscode.commands.executeCommand('motion.showSkeleton3D', await at('Data (read-only)'));
      panel = api.skeletonViews.last!;
      const trajectories = await api.connection.client().data.object.trajectory.get_trajectory_count();
      const first = await reportWhen((r) => r.complete && r.measurement !== undefined, 'the measurement');
      assert.deepEqual(
        first.measurement,
        { frame: 0, shown: trajectories - 3, inGaps: 3 },
        'the three stray reflections come later',
      );
      // The left heel marker is hidden from frame 973 to 1012 in the demo's walk.
      panel.showFrame(990);
      const inGap = await reportWhen((r) => r.measurement?.frame === 990, 'frame 990');
      assert.equal(inGap.measurement!.inGaps, 8, 'five markers hidden then, and the stray reflections');
      assert.equal(inGap.measurement!.shown + inGap.measurement!.inGaps, trajectories);
      const image = PNG.sync.read(Buffer.from(inGap.image.replace(/^data:image\/png;base64,/, ''), 'base64'));
      let green = 0;
      for (let i = 0; i < image.data.length; i += 4)
        if (image.data[i + 1] > image.data[i] + 30 && image.data[i + 1] > image.data[i + 2] + 30) green++;
      assert.ok(green > 200, `markers drawn (${green} green pixels)`);
      await takeScreenshot('measurement-3d.png');
    });

    it('draws bad data in the warning colour and says why, never failing', async () => {
      const { skeletonId, segmentId } = await ids('Wand', 'Tip');
      const original = await skeletons().get_segment_transform('project', segmentId);
      await vscode.commands.executeCommand('motion.showSkeleton3D', await at('Project settings', 'Wand'));
      const wandPanel = api.skeletonViews.last!;
      assert.notEqual(wandPanel, panel, 'one view per skeleton');
      panel = wandPanel;
      await reportWhen((r) => r.complete, 'the Wand');
      try {
        // A scaling transform (not rigid), set outside VS Code; Refresh shows it.
        await skeletons().set_segment_transform('project', segmentId, [
          [2, 0, 0, 0],
          [0, 2, 0, 0],
          [0, 0, 2, 100],
          [0, 0, 0, 1],
        ]);
        await vscode.commands.executeCommand('motion.refreshExplorer');
        const report = await reportWhen((r) => r.warnings > 0, 'the warning');
        assert.ok(report.warnings >= 1, 'the scaled segment is warned of');
        assert.ok(report.segments >= 2 && report.skeletons === 1 && skeletonId > 0);
      } finally {
        await skeletons().set_segment_transform('project', segmentId, original);
        await vscode.commands.executeCommand('motion.refreshExplorer');
      }
      await reportWhen((r) => r.warnings === 0, 'the warning gone after the fix');
    });
  });
}
