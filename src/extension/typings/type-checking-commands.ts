import * as path from 'node:path';
import * as vscode from 'vscode';
import { PACKAGE_NAME } from '../../api/catalogue';
import type { DocumentationIndex } from '../../api/docs/documentation-index';
import type { DocumentationState } from '../../../server/language/lsp/protocol';
import type { CommandTable } from '../commands/command-table';

import type { MotionContext } from '../motion-context';
import { setFolderSetting } from './folder-settings';
import { documentationVersion, stubsInFolder, writePythonStubs } from './python-stubs-folder';

const DEFAULT_STUB_PATH = 'typings';

/** Where Pylance and pyright look for stubs in a folder: its python.analysis.stubPath, else `typings`. */
function stubPathOf(folder: vscode.WorkspaceFolder): { dir: string; setting: string | undefined } {
  const inspected = vscode.workspace.getConfiguration('python.analysis', folder.uri).inspect<string>('stubPath');
  const setting = inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
  return { dir: path.resolve(folder.uri.fsPath, setting ?? DEFAULT_STUB_PATH), setting };
}

async function chooseFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: 'Write the motion stubs into which folder?' });
}

/**
 * Motion: Set Up Python Type Checking — the stubs of the connected application (the generator of
 * `motion stubs`) into the folder's stub path, and python.analysis.stubPath set when it was not:
 * Pylance then resolves `import motion` and checks every call.
 */
async function setUpTypeChecking(
  ctx: MotionContext,
  folder: vscode.WorkspaceFolder | undefined,
): Promise<{ dir: string; files: number } | undefined> {
  folder ??= await chooseFolder();
  if (!folder) {
    void vscode.window.showErrorMessage('Open a folder first: the motion stubs are written into a workspace folder.');
    return undefined;
  }
  const index = await ctx.parts.documentation();
  const { dir, setting } = stubPathOf(folder);
  const shown = path.relative(folder.uri.fsPath, path.join(dir, index.packageName)) || '.';
  if ((await stubsInFolder(dir, index.packageName)).kind === 'foreign') {
    const replace = 'Replace Them';
    const answer = await vscode.window.showWarningMessage(
      `${shown} holds stubs that Motion Scripting did not write. Replace them with the stubs of ${describe(index)}?`,
      { modal: true },
      replace,
    );
    if (answer !== replace) return undefined;
  }
  const files = await writePythonStubs(dir, index);
  if (setting === undefined)
    await setFolderSetting(
      path.join(folder.uri.fsPath, '.vscode', 'settings.json'),
      'python.analysis.stubPath',
      DEFAULT_STUB_PATH,
    );
  void vscode.window.showInformationMessage(
    `Wrote ${files} stub files for ${describe(index)} to ${shown}` +
      (setting === undefined ? `, and set python.analysis.stubPath to "${DEFAULT_STUB_PATH}".` : '.'),
  );
  return { dir, files };
}

function describe(index: DocumentationIndex): string {
  return documentationVersion(index) ?? 'the documentation bundled with this extension';
}

/**
 * When the application's version is not the one a folder's stubs were written for: a prompt to
 * regenerate them (never a silent write into the workspace).
 */
export async function offerStubsUpdate(ctx: MotionContext, state: DocumentationState): Promise<void> {
  if (!state.version) return;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const stubs = await stubsInFolder(stubPathOf(folder).dir, PACKAGE_NAME);
    if (stubs.kind !== 'ours' || stubs.version === state.version) continue;
    const regenerate = 'Regenerate Stubs';
    const answer = await vscode.window.showInformationMessage(
      `The Python stubs in ${folder.name} are for ${stubs.version ?? 'the bundled documentation'}; the application is ${state.version}.`,
      regenerate,
    );
    if (answer === regenerate) await setUpTypeChecking(ctx, folder);
  }
}

export const typeCheckingCommands: CommandTable = {
  'motion.setUpPythonTypeChecking': (ctx) => (folder?: vscode.WorkspaceFolder) => setUpTypeChecking(ctx, folder),
};
