/**
 * A notebook cell being debugged runs from a file (the interpreter's debugger binds breakpoints by
 * file path), while VS Code names the cell by its URI (`vscode-notebook-cell:…`). The debug
 * protocol's sources are rewritten both ways: VS Code's breakpoints in the cell land on the file,
 * and a frame in the file is shown in the cell, under the cell's name.
 */
export interface CellSource {
  /** The cell's URI as VS Code writes it (`uri.toString()`): the `path` of its breakpoints' sources. */
  uri: string;
  /** The file the cell's code runs from. */
  file: string;
  /** How the call stack names it: "analysis.motionbook, cell 3". */
  name: string;
}

/** The sources of a message to the debuggee (its `arguments`), as the debuggee knows them: in place. */
export function toDebuggee(value: unknown, cells: readonly CellSource[]): void {
  rewrite(value, (source) => {
    const cell = cells.find((c) => c.uri === source.path);
    if (cell) Object.assign(source, { path: cell.file, name: cell.file.split('/').pop() });
  });
}

/** The sources of a message from the debuggee (a frame, a breakpoint), as VS Code shows them: in place. */
export function toEditor(value: unknown, cells: readonly CellSource[]): void {
  rewrite(value, (source) => {
    const cell = cells.find((c) => c.file === source.path);
    if (cell) Object.assign(source, { path: cell.uri, name: cell.name });
  });
}

/** Every object with a string `path` in a message (its sources: of frames, breakpoints, output). */
function rewrite(value: unknown, change: (source: { path: string }) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) rewrite(item, change);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.path === 'string') change(record as { path: string });
  for (const key of Object.keys(record)) rewrite(record[key], change);
}
