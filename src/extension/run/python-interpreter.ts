import * as vscode from 'vscode';
import { defaultPythonCommand } from '../../api/runtime/find-python';
import { environmentName, findVirtualEnvironment } from '../../runner/python/virtual-environment';

/**
 * What runs scripts when nobody chose an interpreter: python3 on PATH (on Windows the py launcher),
 * searched further by findPython when it is not there.
 */
export const DEFAULT_PYTHON = defaultPythonCommand();

/** Which Python runs a script, and why: what the status bar and the logs say. */
export interface PythonChoice {
  python: string;
  /** The setting motion.python.path; a person's choice for the folder; an environment beside the script; the Python extension's; python3. */
  source: 'setting' | 'chosen' | 'environment' | 'python-extension' | 'default';
  /** A few words for the status bar: ".venv", "tools/.venv", "python3", "the setting". */
  label: string;
}

/** The interpreters a person chose for a folder (Motion: Choose Python), by folder URI; kept by python-status.ts. */
export const chosenPythons = new Map<string, string>();

/**
 * The Python to run a script (or a folder's scripts) with, in this order: the machine-scoped
 * setting motion.python.path (`configured`); the one a person chose for the folder in the status
 * bar; the nearest virtual environment beside the script in its workspace folder (.venv, venv,
 * env, .conda), as the Python extension picks one; the interpreter selected in the Python
 * extension; else python3 (on Windows py). An environment of the workspace is used only in a
 * trusted workspace: it is code the folder brings.
 */
export async function choosePython(
  configured: string | undefined,
  resource: vscode.Uri | undefined,
  { ignoreChosen = false } = {},
): Promise<PythonChoice> {
  if (configured) return { python: configured, source: 'setting', label: 'motion.python.path' };
  const folder = resource && vscode.workspace.getWorkspaceFolder(resource);
  // ignoreChosen: what Automatic would pick, offered beside a person's choice.
  const chosen = folder && !ignoreChosen && chosenPythons.get(folder.uri.toString());
  if (chosen) return { python: chosen, source: 'chosen', label: chosen };
  if (folder && resource?.scheme === 'file' && vscode.workspace.isTrusted) {
    const environment = await findVirtualEnvironment(resource.fsPath, folder.uri.fsPath);
    if (environment)
      return {
        python: environment.python,
        source: 'environment',
        label: environmentName(environment, folder.uri.fsPath),
      };
  }
  const extension = await pythonExtensionInterpreter(resource);
  if (extension) return { python: extension, source: 'python-extension', label: extension };
  return { python: DEFAULT_PYTHON, source: 'default', label: DEFAULT_PYTHON };
}

/** The interpreter choosePython picks. */
export async function pythonInterpreter(
  configured: string | undefined,
  resource: vscode.Uri | undefined,
): Promise<string> {
  return (await choosePython(configured, resource)).python;
}

/** The interpreter selected in the Python extension, when it is installed and has one. */
export async function pythonExtensionInterpreter(resource: vscode.Uri | undefined): Promise<string | undefined> {
  const python = vscode.extensions.getExtension('ms-python.python');
  if (!python) return undefined;
  try {
    const api = (python.isActive ? python.exports : await python.activate()) as {
      settings?: { getExecutionDetails?: (r?: vscode.Uri) => { execCommand?: string[] } };
    };
    const command = api.settings?.getExecutionDetails?.(resource)?.execCommand;
    return command && command.length > 0 ? command[0] : undefined;
  } catch {
    return undefined; // python3, then
  }
}
