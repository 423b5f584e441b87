import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import {
  labelText,
  motionApi,
  outputText,
  setting,
  takeScreenshot,
  testApplication,
  WORKBENCH,
} from './motion-extension';
import { connectionState } from './wait';

/** How many skeletons the project settings have, and FullBody's segments, in the application now. */
async function projectSkeletons(): Promise<{ skeletons: number; segments: number }> {
  const application = testApplication();
  try {
    const sk = application.settings.processing.skeleton;
    const body = (await sk.find_skeleton('project', 'FullBody'))!;
    return { skeletons: await sk.get_skeleton_count('project'), segments: await sk.get_segment_count('project', body) };
  } finally {
    await application.close();
  }
}

export function notebookTests(): void {
  describe('Motion notebooks in a real VS Code', function () {
    this.timeout(120_000);
    // Debian's interpreter has matplotlib (scripts/install-debian-packages.sh).
    before(() => setting('python.path', '/usr/bin/python3'));
    after(async () => {
      await setting('python.path', undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('runs a new notebook’s cells in the Motion sessions, shares variables with the terminal both ways, and says where a cell failed', async function () {
      if (!hasHands) this.skip();
      const api = await motionApi();
      await connectionState(api, (s) => s.kind === 'connected', 'connected');
      // What the application has now (the suites before may have changed it): what the cells should show.
      const fullBody = await projectSkeletons();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await hands.palette('Motion: New Notebook');
      await waitFor(
        () => vscode.window.activeNotebookEditor?.notebook.notebookType === 'motion-notebook',
        'the new notebook',
      );
      const notebook = vscode.window.activeNotebookEditor!.notebook;
      assert.deepEqual(
        notebook.getCells().map((c) => c.document.languageId),
        ['markdown', 'python', 'lua'],
      );
      // More cells: one that sets a variable, one that fails on its second line, one that draws.
      const edit = new vscode.WorkspaceEdit();
      edit.set(notebook.uri, [
        vscode.NotebookEdit.insertCells(3, [
          new vscode.NotebookCellData(
            vscode.NotebookCellKind.Code,
            [
              'import matplotlib.pyplot as plt',
              'body = skeletons.find_skeleton("project", "FullBody")',
              'markers = [len(skeletons.get_segment_markers("project", s)) for s in skeletons.get_segment_ids("project", body)]',
              'plt.figure(figsize=(5, 1.6))',
              'plt.bar(range(len(markers)), markers)',
              'plt.title("Markers per segment of FullBody")',
              'plt.show()',
            ].join('\n'),
            'python',
          ),
          new vscode.NotebookCellData(vscode.NotebookCellKind.Code, 'shared = 21 * 2', 'python'),
          new vscode.NotebookCellData(
            vscode.NotebookCellKind.Code,
            'print("before")\nmotion.settings.processing.skeleton.get_skeleton_name("project", 999999)',
            'python',
          ),
        ]),
      ]);
      await vscode.workspace.applyEdit(edit);

      // The notebook's Run All, once its toolbar is drawn.
      const RUN_ALL = '.notebook-toolbar-container .action-item';
      await waitFor(async () => (await hands.textOf(RUN_ALL)).includes('Run All'), 'the notebook toolbar');
      await hands.click(RUN_ALL, 'Run All');
      const cells = notebook.getCells();
      await waitFor(
        () => cells.slice(1).every((c) => c.executionSummary?.success !== undefined),
        'every cell to run',
        60_000,
      );
      // The Python cell's list of records, as a table (and its repr, for where a table cannot be shown).
      const table = cells[1].outputs.flatMap((o) => o.items).find((i) => i.mime === 'text/html');
      assert.match(
        new TextDecoder().decode(table?.data),
        new RegExp(
          `^<table><thead><tr><th>skeleton</th><th>segments</th><th>scale</th></tr></thead><tbody>.*<tr><td>FullBody</td><td>${fullBody.segments}</td><td>[^<]+</td></tr>`,
        ),
      );
      assert.equal(outputText(cells[2]), `${fullBody.skeletons} skeletons in the project settings\n`);
      assert.deepEqual(
        cells.slice(1).map((c) => c.executionSummary?.success),
        [true, true, true, true, false],
      );
      const orders = cells.slice(1).map((c) => c.executionSummary!.executionOrder!);
      assert.deepEqual(
        orders.map((o) => o - orders[0]),
        [0, 1, 2, 3, 4],
        'run in order, each numbered',
      );
      const figure = cells[3].outputs.flatMap((o) => o.items).find((i) => i.mime === 'image/png');
      assert.deepEqual([...(figure?.data.subarray(0, 4) ?? [])], [0x89, 0x50, 0x4e, 0x47], 'the figure, as a PNG');
      const failure = outputText(cells[5]);
      assert.match(failure, /^before\n/);
      assert.match(failure, /Untitled-\d+\.motionbook, cell 6", line 2/, failure);
      assert.match(failure, /not_found/);

      // The cell's variable, in the Motion: Python terminal; the terminal's, in a cell.
      await hands.palette('Motion: Open Python Terminal');
      await waitFor(() => vscode.window.terminals.some((t) => t.name.startsWith('Motion: Python')), 'the terminal');
      const terminal = vscode.window.terminals.find((t) => t.name.startsWith('Motion: Python'))!;
      terminal.sendText('print(shared + 1)');
      await waitFor(() => /\n43\n/.test(api.terminalText('python')), 'the terminal to know the cell’s variable');
      terminal.sendText('from_terminal = "typed at the terminal"');
      await waitFor(() => api.terminalText('python').includes('from_terminal = "typed'), 'the terminal to run it');
      const more = new vscode.WorkspaceEdit();
      more.set(notebook.uri, [
        vscode.NotebookEdit.insertCells(6, [
          new vscode.NotebookCellData(vscode.NotebookCellKind.Code, 'print(from_terminal)', 'python'),
          new vscode.NotebookCellData(
            vscode.NotebookCellKind.Code,
            'import motion_notebook\nmotion_notebook.show_skeleton("project", "FullBody")',
            'python',
          ),
        ]),
      ]);
      await vscode.workspace.applyEdit(more);
      await vscode.window.showNotebookDocument(notebook);
      await hands.click(RUN_ALL, 'Run All');
      const last = notebook.cellAt(6);
      await waitFor(
        () => outputText(last) === 'typed at the terminal\n',
        'the cell to print the terminal’s variable',
        60_000,
      );
      await waitFor(
        () => notebook.getCells().every((c) => c.kind === vscode.NotebookCellKind.Markup || c.executionSummary?.timing),
        'the run to end',
      );
      // The README's picture: the cell that draws, with its figure, then the failed one.
      const editor = await vscode.window.showNotebookDocument(notebook, {
        selections: [new vscode.NotebookRange(5, 6)],
      });
      // Again once the outputs above have their height (a picture is measured when it has loaded).
      for (const wait of [800, 400]) {
        editor.revealRange(new vscode.NotebookRange(3, 4), vscode.NotebookEditorRevealType.AtTop);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      await takeScreenshot('notebook.png', [WORKBENCH.editor], 640);

      // The skeleton a cell asked for, drawn in 3D in its output by the renderer; a click on a
      // segment there finds it in the Skeletons view, as in the 3D view.
      const threeD = notebook.cellAt(7);
      assert.ok(
        threeD.outputs.some((o) => o.items.some((i) => i.mime === 'application/vnd.motion.skeleton+json')),
        outputText(threeD),
      );
      editor.revealRange(new vscode.NotebookRange(7, 8), vscode.NotebookEditorRevealType.AtTop);
      await waitFor(
        () => api.notebooks.heard.some((m) => m.type === 'drawn' && m.segments === fullBody.segments),
        `the renderer to draw FullBody’s ${fullBody.segments} segments`,
        30_000,
      );
      const delivered = await api.notebooks.click('FullBody', 'LeftForeArm');
      await waitFor(
        () =>
          labelText(api.explorerTree.selection[0] && api.explorer.getTreeItem(api.explorerTree.selection[0]).label) ===
          'LeftForeArm',
        'LeftForeArm revealed in the Skeletons view',
      ).catch(async (e: Error) => {
        await takeScreenshot('notebook-failure.png');
        throw new Error(
          `${e.message}: delivered ${String(delivered)}; heard ${JSON.stringify(api.notebooks.heard)}; ${JSON.stringify(await hands.notifications())}`,
        );
      });
      await vscode.commands.executeCommand('workbench.action.closePanel');
      editor.revealRange(new vscode.NotebookRange(7, 8), vscode.NotebookEditorRevealType.AtTop);
      await new Promise((resolve) => setTimeout(resolve, 500)); // the editor, grown and drawn
      await takeScreenshot('notebook-3d.png', [WORKBENCH.sideBar, WORKBENCH.editor], 560);

      // Restart (the notebook's toolbar): the sessions start afresh, their variables gone.
      await hands.click(RUN_ALL, 'Restart');
      await waitFor(() => /Session restarted\./.test(api.terminalText('python')), 'the Python session to restart');
      // The terminal's variable, which a cell printed before, is gone.
      await hands.click(RUN_ALL, 'Run All');
      await waitFor(
        () => /NameError: name 'from_terminal' is not defined/.test(outputText(notebook.cellAt(6))),
        'the cell to find the terminal’s variable gone',
        60_000,
      );
    });

    it('runs a Jupyter notebook’s cells once the Motion kernel is chosen, with the language server’s checks in its cells', async function () {
      if (!hasHands) this.skip();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // Outside the workspace, in the run's own folder: VS Code may save it again after it is
      // deleted, and neither the repository nor the machine's temporary folder keeps it.
      const scratch = process.env.MOTION_TEST_SCRATCH ?? tmpdir();
      mkdirSync(scratch, { recursive: true });
      const file = vscode.Uri.file(join(mkdtempSync(join(scratch, 'motion-ipynb-')), 'explore-motion.ipynb'));
      const cell = (source: string) => ({
        cell_type: 'code',
        metadata: {},
        outputs: [],
        execution_count: null,
        source,
      });
      const ipynb = {
        cells: [
          cell('import motion\nprint(motion.settings.processing.skeleton.get_skeleton_count("project"), "skeletons")'),
          cell('motion.settings.processing.skeleton.get_skeleton_cont("project")'),
        ],
        metadata: { language_info: { name: 'python' } },
        nbformat: 4,
        nbformat_minor: 5,
      };
      await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(ipynb)));
      try {
        const notebook = await vscode.workspace.openNotebookDocument(file);
        await vscode.window.showNotebookDocument(notebook);
        assert.equal(notebook.notebookType, 'jupyter-notebook');
        // The language server checks a cell as it checks a script.
        const misspelt = notebook.cellAt(1).document;
        await waitFor(
          () => vscode.languages.getDiagnostics(misspelt.uri).some((d) => /get_skeleton_cont/.test(d.message)),
          'the misspelt operation underlined in its cell',
          30_000,
        ).catch((e: Error) => {
          throw new Error(`${e.message}: ${JSON.stringify(vscode.languages.getDiagnostics(misspelt.uri))}`);
        });
        // The Motion kernel, chosen as a person chooses one (VS Code may remember it from before).
        const expected = `${(await projectSkeletons()).skeletons} skeletons\n`;
        await hands.palette('Notebook: Select Notebook Kernel');
        await hands.quickPickOffering('Motion');
        await hands.type('Motion');
        await hands.press('Enter');
        const RUN_ALL = '.notebook-toolbar-container .action-item';
        await waitFor(async () => (await hands.textOf(RUN_ALL)).includes('Run All'), 'the notebook toolbar');
        await hands.click(RUN_ALL, 'Run All');
        await waitFor(
          () => outputText(notebook.cellAt(0)) === expected,
          'the first cell to run in the Motion session',
          60_000,
        ).catch(async (e: Error) => {
          await takeScreenshot('notebook-failure.png');
          throw e;
        });
      } finally {
        // Its outputs made it dirty: reverted, so that nothing saves it again once it is deleted.
        const open = vscode.workspace.notebookDocuments.find((n) => n.uri.toString() === file.toString());
        if (open) {
          await vscode.window.showNotebookDocument(open);
          await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        }
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.workspace.fs.delete(vscode.Uri.file(dirname(file.fsPath)), { recursive: true });
      }
    });

    it('opens a .motionbook with its outputs, figures included, and saves it as it was', async () => {
      const folder = vscode.workspace.workspaceFolders![0].uri;
      const file = vscode.Uri.joinPath(folder, 'kept.motionbook');
      const book = {
        motionbook: 1,
        cells: [
          { kind: 'markdown', source: '# Kept' },
          {
            kind: 'code',
            language: 'lua',
            source: 'print(1)',
            outputs: [
              { items: [{ mime: 'application/vnd.code.notebook.stdout', text: '1\n' }] },
              { items: [{ mime: 'image/png', text: 'iVBORw0KGgo=' }] },
            ],
            execution: { order: 4, ok: true },
          },
        ],
      };
      await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(book)));
      try {
        const notebook = await vscode.workspace.openNotebookDocument(file);
        assert.equal(notebook.notebookType, 'motion-notebook');
        const cell = notebook.cellAt(1);
        assert.equal(cell.document.languageId, 'lua');
        assert.equal(cell.executionSummary?.executionOrder, 4);
        const image = cell.outputs[1].items[0];
        assert.deepEqual(
          [image.mime, [...image.data]],
          ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
        );
        // Saved by VS Code through the serializer: the same cells and outputs.
        const edit = new vscode.WorkspaceEdit();
        edit.set(file, [
          vscode.NotebookEdit.insertCells(2, [
            new vscode.NotebookCellData(vscode.NotebookCellKind.Code, 'x = 1', 'python'),
          ]),
        ]);
        await vscode.workspace.applyEdit(edit);
        await notebook.save();
        const saved = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as typeof book;
        assert.deepEqual(saved.cells.slice(0, 2), book.cells);
        assert.deepEqual(saved.cells[2], { kind: 'code', language: 'python', source: 'x = 1' });
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.workspace.fs.delete(file);
      }
    });
  });
}
