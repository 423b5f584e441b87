import * as vscode from 'vscode';
import {
  keptItems,
  outputData,
  readMotionbook,
  writeMotionbook,
  type BookCell,
  type BookOutput,
} from './motionbook-format';

/**
 * .motionbook files to and from VS Code's notebook model. Registered when the extension activates,
 * before Motion has started: a notebook opens only once its serializer is there, and opening one
 * is what starts Motion (`opened`).
 */
export function registerMotionbookSerializer(opened: () => void): vscode.Disposable {
  return vscode.workspace.registerNotebookSerializer(
    'motion-notebook',
    {
      deserializeNotebook(content) {
        opened();
        return serializer.deserializeNotebook(content, new vscode.CancellationTokenSource().token);
      },
      serializeNotebook: (data, token) => serializer.serializeNotebook(data, token),
    },
    { transientOutputs: false },
  );
}

/** .motionbook files to and from VS Code's notebook model. */
const serializer: vscode.NotebookSerializer = {
  deserializeNotebook(content) {
    const book = readMotionbook(new TextDecoder().decode(content));
    return new vscode.NotebookData(book.cells.map(toCellData));
  },
  serializeNotebook(data) {
    return new TextEncoder().encode(writeMotionbook({ cells: data.cells.map(toBookCell) }));
  },
};

function toCellData(cell: BookCell): vscode.NotebookCellData {
  const data = new vscode.NotebookCellData(
    cell.kind === 'code' ? vscode.NotebookCellKind.Code : vscode.NotebookCellKind.Markup,
    cell.source,
    cell.kind === 'code' ? cell.language! : 'markdown',
  );
  data.outputs = cell.outputs?.map(
    (o) =>
      new vscode.NotebookCellOutput(outputData(o.items).map((i) => new vscode.NotebookCellOutputItem(i.data, i.mime))),
  );
  if (cell.execution)
    data.executionSummary = { executionOrder: cell.execution.order, success: cell.execution.ok, timing: undefined };
  return data;
}

function toBookCell(cell: vscode.NotebookCellData): BookCell {
  if (cell.kind === vscode.NotebookCellKind.Markup) return { kind: 'markdown', source: cell.value };
  const outputs: BookOutput[] = (cell.outputs ?? [])
    .map((o) => ({ items: keptItems(o.items) }))
    .filter((o) => o.items.length > 0);
  const summary = cell.executionSummary;
  const timing = summary?.timing;
  return {
    kind: 'code',
    language: cell.languageId === 'lua' ? 'lua' : 'python',
    source: cell.value,
    ...(outputs.length ? { outputs } : {}),
    // A cell never run has an empty summary: nothing to keep.
    ...(summary?.executionOrder !== undefined || summary?.success !== undefined
      ? {
          execution: {
            order: summary.executionOrder,
            ok: summary.success,
            ...(timing ? { milliseconds: timing.endTime - timing.startTime } : {}),
          },
        }
      : {}),
  };
}
