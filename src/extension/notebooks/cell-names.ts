import type * as vscode from 'vscode';

/** A cell's name in tracebacks and call stacks: the notebook's file and the cell's number. */
export function cellName(cell: vscode.NotebookCell): string {
  return `${cell.notebook.uri.path.split('/').pop() ?? 'notebook'}, cell ${cell.index + 1}`;
}
