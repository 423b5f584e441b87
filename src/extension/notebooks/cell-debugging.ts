import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import * as vscode from 'vscode';
import type { LuaSessionRun } from '../../runner/debug/lua-session-run';
import type { MotionAttachConfiguration } from '../../runner/debug/motion-launch';
import type { LuaDebugLink } from '../../api/runtime/lua/lua-debug-messages';
import type { CommandTable } from '../commands/command-table';
import { describeFailure } from '../failure-text';
import type { MotionContext } from '../motion-context';
import { trustedToRun } from '../run/workspace-trust';
import { cellName } from './cell-names';

/**
 * Runs a cell as Run does (its outputs, its execution order), from `file`, a Lua cell under the
 * debugger at `link`'s other end; says whether it succeeded.
 */
type RunFromFile = (cell: vscode.NotebookCell, file: string, link?: LuaDebugLink) => Promise<boolean>;

/** The adapter's ends of the Lua runs being debugged, by the file their cell runs from. */
const luaRuns = new Map<string, LuaSessionRun>();

/** The Lua run a Debug Cell session attaches to (the adapter is made with it). */
export function luaRunToAttach(config: MotionAttachConfiguration): LuaSessionRun | undefined {
  return luaRuns.get(config.cells[0]?.file ?? '');
}

/** What Debug Cell did: whether a debug session started, and how the cell's run ended. */
interface CellDebugOutcome {
  started: boolean;
  ok?: boolean;
  error?: string;
}

/** Debug Cell: from the cell's run menu, its toolbar, or the palette (the selected cell). */
export function cellDebugCommands(run: RunFromFile): CommandTable {
  return {
    'motion.debugCell': (ctx) => (given?: unknown) => debugCell(ctx, run, chosenCell(given)),
  };
}

/** The cell a menu gave, or else the one selected in the notebook in front. */
function chosenCell(given: unknown): vscode.NotebookCell | undefined {
  if (given && typeof given === 'object' && 'notebook' in given && 'document' in given)
    return given as vscode.NotebookCell;
  const editor = vscode.window.activeNotebookEditor;
  const selected = editor?.selections[0];
  return editor && selected && !selected.isEmpty ? editor.notebook.cellAt(selected.start) : undefined;
}

/**
 * Debugs a cell in the session it runs in (the terminals' and the other cells': their variables
 * are there): VS Code attaches to debugpy in the Python session, or to the cell's run in the Lua
 * session's VM, and the cell runs from a file the debugger binds the cell's breakpoints to. The
 * debug session ends with the run; stopping it interrupts the run.
 */
async function debugCell(
  ctx: MotionContext,
  run: RunFromFile,
  cell: vscode.NotebookCell | undefined,
): Promise<CellDebugOutcome> {
  const refuse = (error: string): CellDebugOutcome => {
    void vscode.window.showWarningMessage(`Motion: ${error}`);
    return { started: false, error };
  };
  if (!cell || cell.kind !== vscode.NotebookCellKind.Code)
    return refuse('select a code cell of a notebook to debug it.');
  const language = cell.document.languageId;
  if (language !== 'python' && language !== 'lua')
    return refuse(`Debug Cell debugs Python and Lua cells, not ${language}.`);
  if (!trustedToRun('debugging')) return { started: false, error: 'Restricted Mode does not run code' };
  let port: number | undefined;
  try {
    if (language === 'python') port = await ctx.parts.runner.listenForDebugger();
  } catch (error) {
    const message = describeFailure(error);
    void vscode.window.showErrorMessage(`Motion: ${message}`);
    return { started: false, error: message };
  }
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'motion-cell-')));
  const name = cellName(cell);
  // Short: Lua cuts a long chunk name in its messages, and the cell's output names the cell where they name the file.
  const file = join(dir, `cell-${cell.index + 1}.${language === 'python' ? 'py' : 'lua'}`);
  await writeFile(file, cell.document.getText());
  const config: MotionAttachConfiguration = {
    type: 'motion',
    request: 'attach',
    name: `Debug ${name}`,
    language,
    port,
    cells: [{ uri: cell.document.uri.toString(), file, name }],
  };
  // Lua: the run and the adapter each get an end of a channel.
  let link: LuaDebugLink | undefined;
  if (language === 'lua') {
    const { port1, port2 } = new MessageChannel();
    link = { commands: port2, signal: new SharedArrayBuffer(8) };
    luaRuns.set(file, { commands: port1, signal: new Int32Array(link.signal), cells: config.cells });
  }
  let session: vscode.DebugSession | undefined;
  const starting = vscode.debug.onDidStartDebugSession((s) => {
    if ((s.configuration as MotionAttachConfiguration).cells?.[0]?.file === file) session = s;
  });
  try {
    // Both debuggers answer the attach only after configurationDone: once started, the cell's breakpoints are set.
    const started = await vscode.debug.startDebugging(vscode.workspace.getWorkspaceFolder(cell.notebook.uri), config, {
      suppressSaveBeforeStart: true,
    });
    if (!started || !session) return { started: false, error: 'the debug session did not start' };
    const debugging = session;
    let running = true;
    const stopped = vscode.debug.onDidTerminateDebugSession((s) => {
      if (s === debugging && running) ctx.parts.runner.interrupt(language);
    });
    try {
      return { started: true, ok: await run(cell, file, link) };
    } finally {
      running = false;
      stopped.dispose();
      await vscode.debug.stopDebugging(debugging);
    }
  } finally {
    starting.dispose();
    luaRuns.delete(file);
    await rm(dir, { recursive: true, force: true });
  }
}
