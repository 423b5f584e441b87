import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { explorerItemAt, motionApi } from './motion-extension';
import { connectionState } from './wait';

/** A segment document open while the application renames its skeleton or itself: what the workbench shows, and Apply says. */
export function segmentRenameTests(): void {
  describe('renames made in the application while a segment document is open, in a real VS Code', () => {
    let api: MotionExtensionApi;
    const at = (...labels: string[]) => explorerItemAt(api, ...labels);
    const skeletons = () => api.connection.client().settings.processing.skeleton;
    const segmentId = async (skeleton: string, segment: string) =>
      (await skeletons().find_segment('project', (await skeletons().find_skeleton('project', skeleton))!, segment))!;
    const replaceAll = async (document: vscode.TextDocument, text: string) => {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), text);
      await vscode.workspace.applyEdit(edit);
    };

    before(async () => {
      api = await motionApi();
      await connectionState(api, (s) => s.kind === 'connected', 'the first connection');
      // Whatever the tests before left open (panels, split groups, a view in front) is closed: one editor group.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.editorLayoutSingle');
      await vscode.commands.executeCommand('workbench.action.closePanel');
    });
    after(async () => {
      for (const document of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'motion'))
        await vscode.commands.executeCommand('motion.discardSegmentDraft', document.uri, { confirm: true });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('a skeleton and a segment renamed in the application while their document is open: Refresh, and the tab and the breadcrumb follow; Apply says so', async function () {
      if (!hasHands) this.skip();
      const wandId = (await skeletons().find_skeleton('project', 'Wand'))!;
      const tipId = await segmentId('Wand', 'Tip');
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        'motion.editSegment',
        await at('Project settings', 'Wand', 'Handle', 'Tip'),
      );
      const doc = JSON.parse(editor.document.getText());
      doc.endpoint = [0, 0, 33];
      await replaceAll(editor.document, JSON.stringify(doc, null, 2));
      try {
        // Renamed in the application, by someone at the capture PC.
        await skeletons().set_skeleton_name('project', wandId, 'Wand Renamed');
        await skeletons().set_segment_name('project', tipId, 'Point/2');
        await hands.palette('Motion: Refresh');
        await waitFor(
          async () =>
            (await hands.textOf('.part.editor .tabs-container .tab.active')).some((t) => t.includes('Point∕2.json')),
          'the tab named after the segment’s new name (its slash shown as one, not parting the path)',
        ).catch((error: Error) => {
          // What the workbench showed instead, for whoever reads the log of a failed run.
          const tabs = vscode.window.tabGroups.all.flatMap((g) =>
            g.tabs.map((t) => `${g.viewColumn}:${t.label}${t.isActive ? '*' : ''}`),
          );
          throw new Error(
            `${error.message}; tabs ${tabs.join(', ')}; active ${vscode.window.activeTextEditor?.document.uri.toString()}`,
          );
        });
        await waitFor(
          async () => (await hands.textOf('.part.editor .breadcrumbs-control')).join(' ').includes('Wand Renamed'),
          'the breadcrumb naming the skeleton’s new name',
        );
        // Names as a person reads them: never percent-encoded, in the breadcrumb or the tab's hover.
        assert.doesNotMatch((await hands.textOf('.part.editor .breadcrumbs-control')).join(' '), /%[0-9A-F]{2}/i);
        const active = vscode.window.activeTextEditor!.document;
        assert.equal(active.uri.path, '/project/Wand Renamed/Point∕2.json');
        assert.deepEqual(JSON.parse(active.getText()).endpoint, [0, 0, 33], 'the edit came along');
        assert.equal(JSON.parse(active.getText()).name, 'Point/2', 'the draft takes the new name, not a rename back');
        assert.equal(
          vscode.window.tabGroups.all
            .flatMap((g) => g.tabs)
            .some((t) => t.input instanceof vscode.TabInputText && t.input.uri.path.endsWith('/Tip.json')),
          false,
          'no tab under the old name',
        );
        const declined = await vscode.commands.executeCommand<{ changed: boolean; shown: string[]; renamed: string[] }>(
          'motion.applySegment',
          active.uri,
          { confirm: false },
        );
        assert.deepEqual(declined.renamed, [
          'the skeleton “Wand” is now “Wand Renamed”',
          'the segment “Tip” is now “Point/2”',
        ]);
        assert.deepEqual(
          declined.shown.map((line) => line.split(':')[0]),
          ['endpoint'],
          'only the edit, no rename back',
        );
      } finally {
        await skeletons().set_segment_name('project', tipId, 'Tip');
        await skeletons().set_skeleton_name('project', wandId, 'Wand');
      }
    });
  });
}
