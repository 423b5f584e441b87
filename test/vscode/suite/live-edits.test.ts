import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, explorerItemAt, labelText } from './motion-extension';
import { hands, hasHands } from './hands';
import { waitFor } from '../../support/wait-for';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import type { ExplorerItem } from '../../../src/extension/skeletons-view/explorer-data';
import { connectionState, until } from './wait';

/** Trustworthy live edits in a real VS Code: drafts under auto-save, apply with a preview, undo and history, import clashes. */
export function liveEditTests(): void {
  describe('live edits in a real VS Code', () => {
    let api: MotionExtensionApi;
    const label = (item: ExplorerItem) => labelText(api.explorer.getTreeItem(item).label);
    const at = (...labels: string[]) => explorerItemAt(api, ...labels);
    const skeletons = () => api.connection.client().settings.processing.skeleton;
    const segmentId = async (skeleton: string, segment: string) =>
      (await skeletons().find_segment('project', (await skeletons().find_skeleton('project', skeleton))!, segment))!;
    const definition = async (id: number) => ({
      name: await skeletons().get_segment_name('project', id),
      endpoint: await skeletons().get_segment_endpoint('project', id),
      markers: await skeletons().get_segment_markers('project', id),
      solver: await skeletons().get_segment_solver('project', id),
      transform: await skeletons().get_segment_transform('project', id),
    });
    const replaceAll = async (document: vscode.TextDocument, text: string) => {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), text);
      await vscode.workspace.applyEdit(edit);
    };

    before(async () => {
      api = await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate();
      await connectionState(api, (s) => s.kind === 'connected', 'the first connection');
      await vscode.workspace
        .getConfiguration('files')
        .update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
      await vscode.workspace.getConfiguration('files').update('autoSaveDelay', 300, vscode.ConfigurationTarget.Global);
    });
    afterEach(async () => {
      // Each test starts from the application's definitions: no drafts, no open segment documents.
      for (const document of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'motion'))
        await vscode.commands.executeCommand('motion.discardSegmentDraft', document.uri, { confirm: true });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
    after(async () => {
      await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace
        .getConfiguration('files')
        .update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('offers only what the application accepts: no Delete on a root, no Set Endpoint on a segment with children', async () => {
      const hips = await at('Project settings', 'FullBody', 'Hips');
      assert.equal(api.explorer.getTreeItem(hips).contextValue, 'segment.editable.root.branch');
      const head = await at('Project settings', 'FullBody', 'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head');
      assert.equal(api.explorer.getTreeItem(head).contextValue, 'segment.editable.child.leaf');
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
      const menu = manifest.contributes.menus['view/item/context'] as {
        command: string;
        when: string;
        group: string;
      }[];
      const offered = (command: string, contextValue: string) =>
        menu
          .filter((m) => m.command === command && m.group !== 'inline')
          .some((m) => new RegExp(/viewItem =~ \/(.*)\/$/.exec(m.when)?.[1] ?? '^$').test(contextValue));
      assert.equal(offered('motion.deleteSegment', 'segment.editable.root.branch'), false);
      assert.equal(offered('motion.deleteSegment', 'segment.editable.child.leaf'), true);
      assert.equal(offered('motion.setSegmentEndpoint', 'segment.editable.child.branch'), false);
      assert.equal(offered('motion.setSegmentEndpoint', 'segment.editable.child.leaf'), true);
      const groups = menu
        .filter((m) => m.group !== 'inline' && m.when.startsWith('view == motion.explorer'))
        .map((m) => m.group)
        .sort();
      assert.equal(groups.at(-1)!.startsWith('9_delete'), true, 'Delete is in the last group of the menu');
    });

    it('typing in a segment document with auto-save on changes nothing in the application', async () => {
      const tipId = await segmentId('Wand', 'Tip');
      const before = await definition(tipId);
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        'motion.editSegment',
        await at('Project settings', 'Wand', 'Handle', 'Tip'),
      );
      const document = editor.document;
      const saved = until(
        vscode.workspace.onDidSaveTextDocument,
        (d) => d.uri.toString() === document.uri.toString(),
        'the auto-save',
      );
      const doc = JSON.parse(document.getText());
      doc.endpoint = [0, 0, 12];
      await replaceAll(document, JSON.stringify(doc, null, 2));
      await saved;
      assert.equal(document.isDirty, false, 'auto-save saved the document');
      assert.deepEqual(await definition(tipId), before, 'the application is unchanged');
      await vscode.commands.executeCommand('motion.discardSegmentDraft', document.uri, { confirm: true });
    });

    it('applies through a preview that shows exactly the fields that change, and Undo sets them back', async () => {
      const tipId = await segmentId('Wand', 'Tip');
      const before = await definition(tipId);
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        'motion.editSegment',
        await at('Project settings', 'Wand', 'Handle', 'Tip'),
      );
      const doc = JSON.parse(editor.document.getText());
      doc.endpoint = [0, 0, 80];
      doc.markers[0].weight = 0.25;
      await replaceAll(editor.document, JSON.stringify(doc, null, 2));
      const diffs: vscode.TabInputTextDiff[] = [];
      const watch = vscode.window.tabGroups.onDidChangeTabs((e) =>
        diffs.push(
          ...e.opened
            .map((t) => t.input)
            .filter((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff),
        ),
      );
      const declined = await vscode.commands.executeCommand<{ changed: boolean; shown: string[] }>(
        'motion.applySegment',
        editor.document.uri,
        { confirm: false },
      );
      assert.equal(declined.changed, false);
      assert.deepEqual(await definition(tipId), before, 'declining the preview changes nothing');
      const applied = await vscode.commands.executeCommand<{ changed: boolean; fields: string[]; shown: string[] }>(
        'motion.applySegment',
        editor.document.uri,
        { confirm: true },
      );
      watch.dispose();
      assert.equal(diffs.length, 2, 'each apply opened the diff of the application against the edit');
      assert.equal(diffs[0].original.scheme, 'motion-preview');
      assert.deepEqual(applied.fields, ['markers', 'endpoint']);
      assert.deepEqual(applied.shown, ['markers: WAND_C weight 1 → 0.25', 'endpoint: [0, 0, 50] → [0, 0, 80]']);
      // The document keeps its layout after the apply: a vec3f on one line, a matrix a row a line.
      // VS Code reads the document again a moment after the apply has written it: wait for what it shows.
      await waitFor(
        () => /\n {2}"endpoint": \[0, 0, 80\]\n/.test(editor.document.getText()),
        'the document shown again in its layout after the apply',
      );
      assert.match(editor.document.getText(), /\n {2}"transform": \[\n {4}\[1, 0, 0, 0\],\n/);
      const after = await definition(tipId);
      assert.deepEqual(
        after,
        { ...before, endpoint: [0, 0, 80], markers: [{ ...before.markers[0], weight: 0.25 }] },
        'exactly the shown fields changed',
      );
      assert.equal(
        vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputTextDiff),
        false,
        'the preview was closed',
      );
      const undone = await vscode.commands.executeCommand<{ changed: boolean; undone: string[] }>(
        'motion.undoLastChange',
        { confirm: true },
      );
      assert.deepEqual(undone.undone, ['Edit segment "Tip" (markers, endpoint)']);
      assert.deepEqual(await definition(tipId), before, 'undo restored them');
    });

    it('says so when the application changed the segment since the document was opened, and the tab follows a rename', async () => {
      const tipId = await segmentId('Wand', 'Tip');
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        'motion.editSegment',
        await at('Project settings', 'Wand', 'Handle', 'Tip'),
      );
      await skeletons().set_segment_solver('project', tipId, 'none');
      const doc = JSON.parse(editor.document.getText());
      doc.name = 'Point';
      await replaceAll(editor.document, JSON.stringify(doc, null, 2));
      const refused = await vscode.commands.executeCommand<{ changed: boolean; changedSince: string[] }>(
        'motion.applySegment',
        editor.document.uri,
        { confirm: false },
      );
      assert.deepEqual([refused.changed, refused.changedSince], [false, ['solver']]);
      assert.equal(await skeletons().get_segment_name('project', tipId), 'Tip');
      const applied = await vscode.commands.executeCommand<{ fields: string[] }>(
        'motion.applySegment',
        editor.document.uri,
        { decisions: ['Review and Overwrite…', 'Apply'] },
      );
      assert.deepEqual(
        applied.fields,
        ['name', 'solver'],
        `the application’s solver was overwritten, as confirmed: ${JSON.stringify(applied)}`,
      );
      const active = vscode.window.activeTextEditor!.document;
      assert.match(active.uri.path, /\/project\/Wand\/Point\.json$/, 'the tab follows the rename');
      assert.equal(
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .some((t) => t.input instanceof vscode.TabInputText && t.input.uri.path.endsWith('/Tip.json')),
        false,
      );
      assert.equal(JSON.parse(active.getText()).name, 'Point');
      await vscode.commands.executeCommand('motion.undoLastChange', { confirm: true });
      assert.deepEqual(
        [await skeletons().get_segment_name('project', tipId), await skeletons().get_segment_solver('project', tipId)],
        ['Tip', 'none'],
      );
      await skeletons().set_segment_solver('project', tipId, null);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('undoes three changes back to a chosen one from the history', async () => {
      const wandId = (await skeletons().find_skeleton('project', 'Wand'))!;
      await vscode.commands.executeCommand('motion.setSkeletonScale', await at('Project settings', 'Wand'), {
        inputs: ['2'],
      });
      await vscode.commands.executeCommand('motion.renameSkeleton', await at('Project settings', 'Wand'), {
        inputs: ['Stick'],
      });
      await vscode.commands.executeCommand(
        'motion.setSegmentSolver',
        await at('Project settings', 'Stick', 'Handle', 'Tip'),
        { pick: 'none' },
      );
      assert.deepEqual(
        [
          await skeletons().get_skeleton_name('project', wandId),
          await skeletons().get_skeleton_scale('project', wandId),
        ],
        ['Stick', 2],
      );
      const result = await vscode.commands.executeCommand<{ undone: string[] }>('motion.showChangeHistory', {
        backTo: 2,
        confirm: true,
      });
      assert.deepEqual(result.undone, [
        'Set the solver of "Tip" to none',
        'Rename skeleton "Wand" to "Stick"',
        'Set the scale of "Wand" from 1 to 2',
      ]);
      assert.deepEqual(
        [
          await skeletons().get_skeleton_name('project', wandId),
          await skeletons().get_skeleton_scale('project', wandId),
        ],
        ['Wand', 1],
      );
      assert.equal(await skeletons().get_segment_solver('project', await segmentId('Wand', 'Tip')), null);
      assert.ok(
        (await api.explorer.getChildren(await at('Project settings'))).some((s) => label(s) === 'Wand'),
        'the view shows the undone state',
      );
    });

    it('asks before an import replaces a skeleton of the same name, and offers another name', async () => {
      const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.wand.skeleton.json');
      await vscode.commands.executeCommand('motion.exportSkeleton', await at('Project settings', 'Wand'), {
        uri: file,
      });
      const before = await skeletons().get_skeleton_ids('project');
      const declined = await vscode.commands.executeCommand('motion.importSkeleton', await at('Project settings'), {
        uri: file,
        confirm: false,
      });
      assert.equal(declined, undefined);
      assert.deepEqual(await skeletons().get_skeleton_ids('project'), before, 'nothing was replaced or added');
      // Earlier messages are not this one's: the toasts show only the newest few. And VS Code shows no
      // toast for a fourth notification within 800 ms of the first (its spam protection; the earlier
      // tests' changes came in such a burst), so the import comes a moment later, as a person's would.
      await vscode.commands.executeCommand('notifications.clearAll');
      await new Promise((r) => setTimeout(r, 1_000));
      const renamed = await vscode.commands.executeCommand<{ name: string }>(
        'motion.importSkeleton',
        await at('Project settings'),
        { uri: file, decisions: ['Use Another Name…'], inputs: ['Wand Copy'] },
      );
      assert.equal(renamed.name, 'Wand Copy');
      assert.deepEqual(
        await skeletons().get_skeleton_ids('project'),
        [...before, (await skeletons().find_skeleton('project', 'Wand Copy'))!],
        'the existing Wand is untouched',
      );
      if (hasHands) {
        // It says it is done, with Undo at hand: the button asks first, as Undo Last Change does.
        let shown: string[] = [];
        await waitFor(
          async () => (shown = await hands.notifications()).some((n) => n.includes('imported "Wand Copy"')),
          'the notification that the import is done',
        );
        assert.ok(
          shown.some(
            (n) => n.includes('Motion: imported "Wand Copy" into the project settings.') && /\bUndo\b/.test(n),
          ),
          shown.join(' | '),
        );
        await hands.clickNotificationButton('Undo');
        await hands.quickPickOffering('Undo');
        await hands.type('Undo');
        await hands.press('Enter');
        await waitFor(
          async () => (await skeletons().find_skeleton('project', 'Wand Copy')) === null,
          'the undo to remove the import',
        );
      } else await vscode.commands.executeCommand('motion.undoLastChange', { confirm: true });
      assert.equal(await skeletons().find_skeleton('project', 'Wand Copy'), null, 'undo removed the import');
      await vscode.workspace.fs.delete(file);
    });

    it('exports all skeletons of a source as the application’s XML, and imports them back all at once, undone as one', async () => {
      const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.project-skeletons.xml');
      const exported = await vscode.commands.executeCommand<{ names: string[] }>(
        'motion.exportSkeletons',
        await at('Project settings'),
        { uri: file },
      );
      const text = Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8');
      assert.match(text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<QTM_Settings>/);
      assert.ok(exported.names.includes('Wand'));
      // A quaternion off unit length: a warning the user confirms before anything changes.
      const edited = text
        .replace(/<Skeleton Name="([^"]+)">/g, '<Skeleton Name="$1 XML">')
        .replace('W="1.000000"', 'W="2.000000"');
      await vscode.workspace.fs.writeFile(file, Buffer.from(edited));
      const before = await skeletons().get_skeleton_ids('measurement');
      const declined = await vscode.commands.executeCommand('motion.importSkeleton', await at('Measurement settings'), {
        uri: file,
        decisions: ['Cancel'],
      });
      assert.equal(declined, undefined);
      assert.deepEqual(await skeletons().get_skeleton_ids('measurement'), before, 'declined: nothing changed');
      const imported = await vscode.commands.executeCommand<{ ids: number[] }>(
        'motion.importSkeleton',
        await at('Measurement settings'),
        { uri: file, decisions: ['Import'] },
      );
      assert.equal(imported.ids.length, exported.names.length);
      for (const name of exported.names)
        assert.notEqual(await skeletons().find_skeleton('measurement', `${name} XML`), null, name);
      await vscode.commands.executeCommand('motion.undoLastChange', { confirm: true });
      assert.deepEqual(await skeletons().get_skeleton_ids('measurement'), before, 'one undo removes them all');
      await vscode.workspace.fs.writeFile(file, Buffer.from(edited.replace('<Segment Name="Hips">', '<Segment>')));
      const refused = await vscode.commands.executeCommand<{ error?: string }>(
        'motion.importSkeleton',
        await at('Measurement settings'),
        { uri: file },
      );
      assert.match(
        refused.error ?? '',
        /cannot be imported: QTM_Settings\/Skeletons\/Skeleton\[@Name="FullBody XML"\]\/Segments\/Segment: it has no Name/,
      );
      await vscode.workspace.fs.delete(file);
    });
  });
}
