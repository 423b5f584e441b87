import * as vscode from 'vscode';
import type { CommandTable } from '../commands/command-table';
import { MOTIONBOOK } from './motion-notebooks';

const INTRODUCTION = [
  '# Exploring the application',
  '',
  'Cells run in the Motion sessions, the ones **Run Selection** uses: a variable set here is there in the',
  '**Motion: Python** and **Motion: Lua** terminals, and back. Shift+Enter runs a cell; a list of',
  'records shows as a table, and matplotlib figures as pictures.',
].join('\n');

// A list of records as the cell's last line: shown as a table.
const PYTHON = [
  'import motion',
  '',
  'skeletons = motion.settings.processing.skeleton',
  '[',
  '    {',
  '        "skeleton": skeletons.get_skeleton_name("project", s),',
  '        "segments": skeletons.get_segment_count("project", s),',
  '        "scale": skeletons.get_skeleton_scale("project", s),',
  '    }',
  '    for s in skeletons.get_skeleton_ids("project")',
  ']',
].join('\n');

const LUA = [
  'local sk = motion.settings.processing.skeleton',
  'print(#sk.get_skeleton_ids("project") .. " skeletons in the project settings")',
].join('\n');

/** Motion: New Notebook: an untitled .motionbook with a cell of each kind to start from; Restart: fresh sessions. */
export const notebookCommands: CommandTable = {
  // The notebook's sessions are the terminals' too: both start afresh, and their terminals say so.
  'motion.restartNotebookSessions': (ctx) => async () => {
    await Promise.all([ctx.parts.runner.restart('python'), ctx.parts.runner.restart('lua')]);
    vscode.window.setStatusBarMessage('Motion: the Python and Lua sessions restarted; their variables are gone.', 5000);
  },
  'motion.newNotebook': () => async () => {
    const data = new vscode.NotebookData([
      new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, INTRODUCTION, 'markdown'),
      new vscode.NotebookCellData(vscode.NotebookCellKind.Code, PYTHON, 'python'),
      new vscode.NotebookCellData(vscode.NotebookCellKind.Code, LUA, 'lua'),
    ]);
    const notebook = await vscode.workspace.openNotebookDocument(MOTIONBOOK, data);
    await vscode.window.showNotebookDocument(notebook);
    return notebook.uri.toString();
  },
};
