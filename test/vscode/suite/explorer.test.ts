import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, labelText, setting, takeScreenshot, WORKBENCH, testApplication } from './motion-extension';
import { connectionState } from './wait';
import { waitFor } from '../../support/wait-for';
import type { MotionExtensionApi } from '../../../src/extension/extension';

export function explorerTests(): void {
  describe('the Skeletons view in a real VS Code', () => {
    let api: MotionExtensionApi;
    const children = (item?: Parameters<MotionExtensionApi['explorer']['getChildren']>[0]) =>
      api.explorer.getChildren(item);
    const labels = async (item?: Parameters<MotionExtensionApi['explorer']['getChildren']>[0]) =>
      (await children(item)).map((i) => api.explorer.getTreeItem(i).label);
    /** Child segments only (a segment's children are its segments, then its markers). */
    const segmentsOf = async (item: Parameters<MotionExtensionApi['explorer']['getChildren']>[0]) =>
      (await children(item)).filter((i) => i.kind === 'segment');

    before(async () => {
      api = await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate();
      await connectionState(api, (s) => s.kind === 'connected', 'the first connection');
    });

    after(async () => {
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      await setting('server.embedded', undefined);
    });

    it('is connected to the configured server, shown in the status bar', () => {
      const state = api.connection.state;
      assert.equal(state.kind, 'connected');
      assert.equal(state.url, process.env.MOTION_TEST_SERVER_URL);
      assert.equal(
        api.statusBar.text,
        `$(pulse) Motion: ${process.env.MOTION_TEST_SERVER_URL!.replace('http://', '')} 0.1.0`,
        'the status bar names the application and its version',
      );
    });

    it('browses the demo data: sources, skeletons with scale, segments with solver and markers', async () => {
      assert.deepEqual(await labels(), ['Project settings', 'Measurement settings', 'Data (read-only)']);
      const [project] = await children();
      const skeletons = await children(project);
      assert.deepEqual(
        skeletons.map((s) => api.explorer.getTreeItem(s).label).slice(0, 2),
        ['FullBody', 'Wand'],
        'the demo skeletons first (scripts may have added more)',
      );
      const [hips] = await children(skeletons[0]);
      const item = api.explorer.getTreeItem(hips);
      assert.deepEqual(
        [item.label, item.description, item.contextValue],
        ['Hips', 'global_optimization · 4 markers', 'segment.editable.root.branch'],
      );
      assert.deepEqual(
        await labels(hips),
        ['Spine', 'LeftUpLeg', 'RightUpLeg', 'LASI', 'RASI', 'LPSI', 'RPSI'],
        'segments, then markers',
      );
    });

    /** The labels under the Wand skeleton's root in the view (loading, and so keeping, its tree). */
    const wandRootChildren = async () => {
      const wand = (await children((await children())[0])).find((s) => api.explorer.getTreeItem(s).label === 'Wand')!;
      return (await children((await children(wand))[0])).map((c) => api.explorer.getTreeItem(c).label);
    };
    /** Adds a segment under Wand's root outside VS Code (the interface has no change events), runs `check`, removes it. */
    const withSegmentAddedOutside = async (name: string, check: () => Promise<void>) => {
      const app = testApplication();
      const skeleton = app.settings.processing.skeleton;
      const id = await skeleton.add_segment(
        'project',
        await skeleton.get_skeleton_root_id('project', (await skeleton.find_skeleton('project', 'Wand'))!),
        name,
      );
      try {
        await check();
      } finally {
        await skeleton.delete_segment('project', id);
        await app.close();
        await vscode.commands.executeCommand('motion.refreshExplorer');
      }
    };

    it('shows a change made outside VS Code once refreshed', async () => {
      assert.ok(!(await wandRootChildren()).includes('OutsideVSCode'), 'the tree is loaded (and kept) first');
      await withSegmentAddedOutside('OutsideVSCode', async () => {
        await vscode.commands.executeCommand('motion.refreshExplorer');
        assert.ok((await wandRootChildren()).includes('OutsideVSCode'), 'the refreshed view shows the new segment');
      });
    });

    it('refreshes by itself every motion.explorer.autoRefreshSeconds', async function () {
      this.timeout(30_000);
      assert.ok(!(await wandRootChildren()).includes('AutoRefreshed'), 'the tree is loaded (and kept) first');
      await withSegmentAddedOutside('AutoRefreshed', async () => {
        try {
          await setting('explorer.autoRefreshSeconds', 5);
          await waitFor(
            async () => (await wandRootChildren()).includes('AutoRefreshed'),
            'the view to show it within one period (and a margin), with no Refresh',
            15_000,
          );
        } finally {
          await setting('explorer.autoRefreshSeconds', undefined);
        }
      });
    });

    it('edits through the view’s commands, and refuses bad input naming what was wrong', async () => {
      const [project] = await children();
      const added = await vscode.commands.executeCommand<{ changed: boolean }>('motion.addSkeleton', project, {
        inputs: ['FromCommand'],
      });
      assert.equal(added.changed, true);
      const skeleton = (await children(project)).find((s) => api.explorer.getTreeItem(s).label === 'FromCommand')!;
      assert.ok(skeleton, 'the view shows the new skeleton');
      const refused = await vscode.commands.executeCommand<{ changed: boolean; error?: string }>(
        'motion.setSkeletonScale',
        skeleton,
        { inputs: ['500'] },
      );
      assert.deepEqual([refused.changed, refused.error], [false, 'Motion: The scale must be within 0.01 and 100.']);
      await vscode.commands.executeCommand('motion.setSkeletonScale', skeleton, { inputs: ['2.5'] });
      const rescaled = (await children(project)).find((s) => api.explorer.getTreeItem(s).label === 'FromCommand')!;
      assert.equal(api.explorer.getTreeItem(rescaled).description, 'scale 2.5');
      const [root] = await children(rescaled);
      await vscode.commands.executeCommand('motion.addSegment', root, { inputs: ['Child'] });
      const rootAgain = (
        await children((await children(project)).find((s) => api.explorer.getTreeItem(s).label === 'FromCommand'))
      )[0];
      assert.deepEqual(
        (await children(rootAgain)).map((c) => api.explorer.getTreeItem(c).label),
        ['Child'],
      );
      const rootRefusal = await vscode.commands.executeCommand<{ error?: string }>('motion.deleteSegment', rootAgain, {
        confirm: true,
      });
      assert.match(rootRefusal.error ?? '', /root segment: delete the skeleton instead/);
      const declined = await vscode.commands.executeCommand<{ changed: boolean }>('motion.deleteSkeleton', rescaled, {
        confirm: false,
      });
      assert.equal(declined.changed, false);
      await vscode.commands.executeCommand('motion.deleteSkeleton', rescaled, { confirm: true });
      assert.ok(!(await children(project)).some((s) => api.explorer.getTreeItem(s).label === 'FromCommand'));
      const readOnly = await vscode.commands.executeCommand<{ error?: string }>(
        'motion.addSkeleton',
        (await children())[2],
        { inputs: ['X'] },
      );
      assert.match(readOnly.error ?? '', /read-only/);
    });

    it('selects a segment’s markers in the application and shows them in the Selection view', async () => {
      await vscode.commands.executeCommand('motion.clearSelection');
      let item = (await children())[2];
      for (const name of ['Actor1', 'Hips', 'LeftUpLeg', 'LeftLeg'])
        item = (await children(item)).find((c) => api.explorer.getTreeItem(c).label === name)!;
      const outcome = await vscode.commands.executeCommand<{ selected: number }>('motion.selectMarkers', item);
      assert.equal(outcome.selected, 2);
      const marker = (await children(item)).find((c) => c.kind === 'marker')!;
      assert.equal(api.explorer.getTreeItem(marker).label, 'LTIB');
      const rows = await api.selection.getChildren();
      assert.deepEqual(
        rows.map((r) => api.selection.getTreeItem(r).label),
        ['LTIB', 'LANK'],
      );
      // The README's picture: the tree down to the segment, its markers selected in the application.
      await api.explorerTree.reveal(item, { select: true, focus: true, expand: true });
      await takeScreenshot('skeletons.png', [WORKBENCH.sideBar]);
      await vscode.commands.executeCommand('motion.deselect', rows[0]);
      assert.deepEqual(
        (await api.selection.getChildren()).map((r) => api.selection.getTreeItem(r).label),
        ['LANK'],
      );
      await vscode.commands.executeCommand('motion.clearSelection');
      assert.deepEqual(await api.selection.getChildren(), []);
      const refused = await vscode.commands.executeCommand<{ error?: string }>(
        'motion.selectMarkers',
        (await children())[0],
      );
      assert.match(refused.error ?? '', /select a skeleton or a segment/);
    });

    it('edits a segment definition as JSON: applying changes it, an invalid document is refused and changes nothing', async () => {
      let item = (await children())[0];
      for (const name of ['Wand', 'Handle', 'Tip'])
        item = (await children(item)).find((c) => api.explorer.getTreeItem(c).label === name)!;
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>('motion.editSegment', item);
      const document = editor.document;
      assert.equal(document.uri.scheme, 'motion');
      const definition = JSON.parse(document.getText());
      assert.deepEqual([definition.name, definition.endpoint], ['Tip', [0, 0, 50]]);
      const replaceAll = async (text: string) => {
        const edit = new vscode.WorkspaceEdit();
        edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), text);
        await vscode.workspace.applyEdit(edit);
      };
      definition.endpoint = [0, 0, 75];
      await replaceAll(JSON.stringify(definition, null, 2));
      assert.equal(await document.save(), true, 'saving keeps a draft');
      const applied = await vscode.commands.executeCommand<{ fields: string[] }>('motion.applySegment', document.uri, {
        confirm: true,
      });
      assert.deepEqual(applied.fields, ['endpoint']);
      const tip = await segmentsOf(
        (
          await children(
            (await children((await children())[0])).find((s) => api.explorer.getTreeItem(s).label === 'Wand'),
          )
        )[0],
      );
      assert.match(
        (api.explorer.getTreeItem(tip[0]).tooltip as vscode.MarkdownString).value,
        /Endpoint \[0, 0, 75\] mm/,
      );
      definition.transform = [[1, 0, 0]];
      await replaceAll(JSON.stringify(definition, null, 2));
      const refused = await vscode.commands.executeCommand<{ error?: string }>('motion.applySegment', document.uri, {
        confirm: true,
      });
      assert.match(refused.error ?? '', /transform: expected a mat4x4f/);
      await vscode.commands.executeCommand('motion.undoLastChange', { confirm: true });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    it('renames, sets solver and endpoint, and adds a marker to the selection', async () => {
      const [project] = await children();
      await vscode.commands.executeCommand('motion.addSkeleton', project, { inputs: ['Temp'] });
      const find = async () =>
        (await children(project)).find((s) =>
          ['Temp', 'Renamed'].includes(labelText(api.explorer.getTreeItem(s).label)),
        )!;
      await vscode.commands.executeCommand('motion.renameSkeleton', await find(), { inputs: ['Renamed'] });
      assert.equal(api.explorer.getTreeItem(await find()).label, 'Renamed');
      let [root] = await children(await find());
      await vscode.commands.executeCommand('motion.addSegment', root, { inputs: ['Leaf'] });
      [root] = await children(await find());
      let [leaf] = await segmentsOf(root);
      await vscode.commands.executeCommand('motion.renameSegment', leaf, { inputs: ['Tip'] });
      [leaf] = await segmentsOf((await children(await find()))[0]);
      await vscode.commands.executeCommand('motion.setSegmentSolver', leaf, { pick: 'none' });
      const badEndpoint = await vscode.commands.executeCommand<{ error?: string }>('motion.setSegmentEndpoint', leaf, {
        inputs: ['1, 2'],
      });
      assert.match(badEndpoint.error ?? '', /Type three numbers/);
      await vscode.commands.executeCommand('motion.setSegmentEndpoint', leaf, { inputs: ['0, 0, 99'] });
      [leaf] = await segmentsOf((await children(await find()))[0]);
      const shown = api.explorer.getTreeItem(leaf);
      assert.deepEqual([shown.label, shown.description], ['Tip', 'none · 0 markers']);
      assert.match((shown.tooltip as vscode.MarkdownString).value, /Endpoint \[0, 0, 99\] mm/);
      const rootRefusal = await vscode.commands.executeCommand<{ error?: string }>(
        'motion.setSegmentEndpoint',
        (await children(await find()))[0],
        { inputs: ['1, 2, 3'] },
      );
      assert.match(rootRefusal.error ?? '', /has children/);
      await vscode.commands.executeCommand('motion.deleteSkeleton', await find(), { confirm: true });

      await vscode.commands.executeCommand('motion.clearSelection');
      const hips = (await children((await children((await children())[2]))[0]))[0];
      const [lasi, rasi] = (await children(hips)).filter((c) => c.kind === 'marker');
      await vscode.commands.executeCommand('motion.selectMarkers', lasi);
      await vscode.commands.executeCommand('motion.addMarkersToSelection', rasi);
      assert.deepEqual(
        (await api.selection.getChildren()).map((r) => api.selection.getTreeItem(r).label),
        ['LASI', 'RASI'],
      );
      await vscode.commands.executeCommand('motion.clearSelection');
    });

    it('copies a skeleton to the other settings, exports it to a file and imports it back', async () => {
      const [project, measurement] = await children();
      const actor = (await children(measurement)).find((s) => api.explorer.getTreeItem(s).label === 'Actor1')!;
      const copied = await vscode.commands.executeCommand<{ target: string }>('motion.copySkeleton', actor, {
        target: 'project',
      });
      assert.equal(copied.target, 'project');
      const inProject = (await children(project)).find((s) => api.explorer.getTreeItem(s).label === 'Actor1')!;
      assert.equal(api.explorer.getTreeItem(inProject).description, 'scale 1.05');
      const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.actor1.skeleton.json');
      await vscode.commands.executeCommand('motion.exportSkeleton', inProject, { uri: file });
      const text = Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8');
      const doc = JSON.parse(text);
      assert.equal(doc.format, 'motion-skeleton');
      doc.name = 'ActorImported';
      await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(doc)));
      await vscode.commands.executeCommand('motion.importSkeleton', project, { uri: file });
      assert.ok((await children(project)).some((s) => api.explorer.getTreeItem(s).label === 'ActorImported'));
      doc.root.markers = 'none';
      await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(doc)));
      const refused = await vscode.commands.executeCommand<{ error?: string }>('motion.importSkeleton', project, {
        uri: file,
      });
      assert.match(refused.error ?? '', /cannot be imported: skeleton\.root\.markers: expected an array/);
      await vscode.workspace.fs.delete(file);
    });

    it('shows the rendered documentation of a method, a module and the package', async () => {
      const method = await vscode.commands.executeCommand<string>(
        'motion.showDocumentation',
        'motion.gui.selection.select',
      );
      assert.match(method, /^```\nmotion\.gui\.selection\.select\(selections:/);
      const module = await vscode.commands.executeCommand<string>(
        'motion.showDocumentation',
        'motion.data.object.bone',
      );
      assert.match(module, /^### motion\.data\.object\.bone/);
      assert.match(
        await vscode.commands.executeCommand<string>('motion.showDocumentation', 'motion'),
        /^## Package `motion`/,
      );
    });
  });
}
