import * as vscode from 'vscode';
import { prompts } from '../prompts';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';
import { choosePython, chosenPythons, DEFAULT_PYTHON, type PythonChoice } from '../run/python-interpreter';

const CHOSEN_KEY = 'motion.chosenPythons';

/** Says the status again (after a choice): set while the status is shown. */
let refreshStatus = () => undefined as void;

const WHY: Record<PythonChoice['source'], string> = {
  setting: 'the setting motion.python.path',
  chosen: 'chosen for this folder',
  environment: 'a virtual environment beside the script',
  'python-extension': 'the interpreter selected in the Python extension',
  default: 'the first Python on PATH',
};

/**
 * The status bar says which Python runs the active script (its folder's .venv, the setting, the
 * Python extension's…); a click chooses another for the folder, kept in the workspace's state.
 */
export function startPythonStatus(ctx: MotionContext): void {
  for (const [folder, python] of Object.entries(
    ctx.extension.workspaceState.get<Record<string, string>>(CHOSEN_KEY) ?? {},
  ))
    chosenPythons.set(folder, python);
  const item = vscode.window.createStatusBarItem('motion.python', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Motion Python';
  item.command = 'motion.choosePython';
  let shown = 0;
  const show = async () => {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId !== 'python') return item.hide();
    const asked = ++shown;
    const choice = await choosePython(ctx.parts.config.pythonPath, editor.document.uri);
    if (asked !== shown) return; // another editor came to the front meanwhile
    item.text = `$(play) Python: ${choice.label}`;
    item.tooltip = `Motion runs, tests and debugs ${vscode.workspace.asRelativePath(editor.document.uri)} with ${choice.python} (${WHY[choice.source]}). Click to choose another.`;
    item.show();
  };
  ctx.own(
    item,
    vscode.window.onDidChangeActiveTextEditor(() => void show()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('motion.python.path') && void show()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void show()),
    { dispose: () => (chosenPythons.clear(), (refreshStatus = () => undefined)) },
  );
  refreshStatus = () => void show();
  void show();
}

export const pythonCommands: CommandTable = {
  /** The Python for the active script's folder: automatic (the order choosePython follows), or one typed or picked. */
  'motion.choosePython': (ctx) => async (answers?: unknown) => {
    const editor = vscode.window.activeTextEditor;
    const folder = editor
      ? vscode.workspace.getWorkspaceFolder(editor.document.uri)
      : vscode.workspace.workspaceFolders?.[0];
    if (!folder) return void vscode.window.showWarningMessage('Motion: open a folder to choose its Python.');
    const key = folder.uri.toString();
    const before = chosenPythons.get(key);
    const automatic = await choosePython(ctx.parts.config.pythonPath, editor?.document.uri ?? folder.uri, {
      ignoreChosen: true,
    });
    // The machine setting decides over any folder's choice: say so rather than offer a choice that does nothing.
    if (automatic.source === 'setting')
      return void vscode.window.showInformationMessage(
        `Motion: the setting motion.python.path (${automatic.python}) runs every script. Clear it in your User settings to choose a Python per folder.`,
      );
    const ask = prompts(answers);
    const picked = await ask.pick(`The Python that runs ${folder.name}'s scripts`, [
      { label: `$(sparkle) Automatic: ${automatic.label}`, value: 'automatic', description: WHY[automatic.source] },
      ...(automatic.python !== DEFAULT_PYTHON
        ? [{ label: DEFAULT_PYTHON, value: DEFAULT_PYTHON, description: 'the first Python on PATH' }]
        : []),
      { label: '$(edit) Enter a Path…', value: 'path' },
    ]);
    if (!picked) return undefined;
    let python: string | undefined = picked === 'automatic' ? undefined : picked;
    if (picked === 'path') {
      python = await ask.input({
        prompt: 'The Python interpreter (a path, or a command on PATH)',
        value: before ?? '',
        validate: (text) => (text.trim() ? undefined : 'Type a path or a command'),
      });
      python = python?.trim();
      if (!python) return undefined;
    }
    if (python) chosenPythons.set(key, python);
    else chosenPythons.delete(key);
    await ctx.extension.workspaceState.update(CHOSEN_KEY, Object.fromEntries(chosenPythons));
    refreshStatus();
    return python ?? automatic.python;
  },
};
