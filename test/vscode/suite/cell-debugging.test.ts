import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { watchStops } from './debug-stops';
import { hands, hasHands } from './hands';
import { outputText, setting, takeScreenshot, WORKBENCH } from './motion-extension';

/**
 * A new notebook of two cells in `language`: the first, which sets `base`, run; the second, `code`,
 * with a breakpoint set at `line` as a person sets one (Enter into the cell's editor, down to the
 * line, F9).
 */
async function cellWithBreakpoint(
  language: 'python' | 'lua',
  first: string,
  code: string,
  line: number,
): Promise<{ notebook: vscode.NotebookDocument; cell: vscode.NotebookCell }> {
  const notebook = await vscode.workspace.openNotebookDocument(
    'motion-notebook',
    new vscode.NotebookData([
      new vscode.NotebookCellData(vscode.NotebookCellKind.Code, first, language),
      new vscode.NotebookCellData(vscode.NotebookCellKind.Code, code, language),
    ]),
  );
  await vscode.window.showNotebookDocument(notebook);
  // The first cell sets a variable in the session, as cells before the debugged one do.
  await vscode.commands.executeCommand('notebook.cell.execute', {
    ranges: [{ start: 0, end: 1 }],
    document: notebook.uri,
  });
  await waitFor(() => notebook.cellAt(0).executionSummary?.success === true, 'the first cell to run', 60_000);
  const cell = notebook.cellAt(1);
  await vscode.window.showNotebookDocument(notebook, { selections: [new vscode.NotebookRange(1, 2)] });
  await hands.press('Enter');
  await waitFor(
    () => vscode.window.activeTextEditor?.document.uri.toString() === cell.document.uri.toString(),
    'the cell’s editor focused',
  );
  await hands.press('Control+Home');
  for (let at = 1; at < line; at++) await hands.press('ArrowDown');
  await hands.press('F9');
  await waitFor(
    () =>
      vscode.debug.breakpoints.some(
        (b) =>
          b instanceof vscode.SourceBreakpoint &&
          b.location.uri.toString() === cell.document.uri.toString() &&
          b.location.range.start.line === line - 1,
      ),
    'F9 to set a breakpoint in the cell',
  );
  return { notebook, cell };
}

/**
 * The debugger stopped at a breakpoint in the cell, at `line`, where the first cell's `base` is 40
 * (the session is the notebook's), and the workbench shows the paused frame.
 */
async function stoppedInCell(
  stopped: Promise<{ session: vscode.DebugSession; reason: string }>,
  cell: vscode.NotebookCell,
  line: number,
): Promise<void> {
  const { session, reason } = await stopped;
  assert.equal(reason, 'breakpoint');
  const threads = await session.customRequest('threads');
  const stack = await session.customRequest('stackTrace', { threadId: threads.threads[0].id });
  const top = stack.stackFrames[0];
  assert.deepEqual(
    { path: top.source.path, line: top.line },
    { path: cell.document.uri.toString(), line },
    'stopped in the cell, at its line',
  );
  const base = await session.customRequest('evaluate', { expression: 'base', frameId: top.id, context: 'watch' });
  assert.equal(base.result, '40', 'the first cell’s variable: the session is the notebook’s');
  await waitFor(() => vscode.debug.activeStackItem instanceof vscode.DebugStackFrame, 'the paused frame shown');
}

/** No breakpoints, no debug session, and the notebook closed unsaved. */
async function closeDebugged(notebook: vscode.NotebookDocument): Promise<void> {
  vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
  await vscode.debug.stopDebugging();
  await vscode.window.showNotebookDocument(notebook);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

export function cellDebuggingTests(): void {
  describe('Debug Cell in a real VS Code: a notebook cell debugged in the session it runs in', function () {
    this.timeout(120_000);
    // Debian's interpreter has debugpy (scripts/install-debian-packages.sh); the sessions start afresh with it.
    before(() => setting('python.path', '/usr/bin/python3'));
    after(async () => {
      await setting('python.path', undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('Debug Cell from the palette stops at a breakpoint F9 set in a Python cell, with the session’s variables, and F5 runs the cell to its end', async function () {
      if (!hasHands) this.skip();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const code = [
        'def doubled(n):',
        '    return n * 2',
        'count = motion.settings.processing.skeleton.get_skeleton_count("project")',
        'answer = base + doubled(count)',
        'print("answer", answer)',
      ].join('\n');
      const { notebook, cell } = await cellWithBreakpoint('python', 'base = 40', code, 4);
      const stops = watchStops();
      try {
        const stopped = stops.next();
        await hands.palette('Motion: Debug Cell');
        await stoppedInCell(stopped, cell, 4);
        // VS Code shows the stop in the cell: the README's picture.
        await new Promise((resolve) => setTimeout(resolve, 800)); // the Variables view, filled
        await takeScreenshot('debug-cell.png', [WORKBENCH.sideBar, WORKBENCH.editor], 560);
        // F5 continues; the cell ends with its output, and so does the debug session.
        await hands.press('F5');
        await waitFor(() => cell.executionSummary?.success === true, 'the cell to run to its end', 60_000);
        assert.match(outputText(cell), /^answer \d+\n$/);
        await waitFor(() => vscode.debug.activeDebugSession === undefined, 'the debug session to end with the cell');
      } finally {
        stops.dispose();
        await closeDebugged(notebook);
      }
    });

    it('Debug Cell from a Lua cell’s run menu stops at a breakpoint F9 set there, with the session’s locals, and Stop ends the run but not the session', async function () {
      if (!hasHands) this.skip();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const code = [
        'local count = motion.settings.processing.skeleton.get_skeleton_count("project")',
        'local answer = base + count',
        'print("answer " .. answer)',
      ].join('\n');
      const { notebook, cell } = await cellWithBreakpoint('lua', 'local base = 40', code, 2);
      const stops = watchStops();
      try {
        // The cell's run button's menu (beside it), and Debug Cell there.
        const stopped = stops.next();
        await hands.click('.notebook-editor .monaco-list-row.focused .run-button-container .dropdown-action-container');
        // Then Debug Cell in it, once it has opened as a person sees it: a menu ignores a click
        // that comes at once after the one that opened it (taken for the same press).
        await waitFor(
          async () =>
            (await hands.textOf('.context-view .monaco-menu .action-item')).some((t) => t.includes('Debug Cell')),
          'the cell’s run menu offering Debug Cell',
        );
        await new Promise((resolve) => setTimeout(resolve, 400));
        await hands.click('.context-view .monaco-menu .action-item', 'Debug Cell');
        await stoppedInCell(stopped, cell, 2);
        // Stop (the debug toolbar's, by its key): the run ends interrupted, the session goes on.
        await hands.press('Shift+F5');
        await waitFor(() => cell.executionSummary?.success === false, 'the cell to end, interrupted', 60_000);
        await waitFor(() => vscode.debug.activeDebugSession === undefined, 'the debug session to end');
        await vscode.commands.executeCommand('notebook.cell.execute', {
          ranges: [{ start: 1, end: 2 }],
          document: notebook.uri,
        });
        await waitFor(() => cell.executionSummary?.success === true, 'the cell to run again', 60_000);
        assert.match(outputText(cell), /^answer \d+\n$/);
      } catch (error) {
        await takeScreenshot('debug-cell-failure.png');
        throw error;
      } finally {
        stops.dispose();
        await closeDebugged(notebook);
      }
    });
  });
}
