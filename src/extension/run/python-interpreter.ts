import * as vscode from 'vscode';
import { defaultPythonCommand } from '../../runner/python/find-python';

/**
 * What runs scripts when nobody chose an interpreter: python3 on PATH (on Windows the py launcher),
 * searched further by findPython when it is not there.
 */
export const DEFAULT_PYTHON = defaultPythonCommand();

/**
 * The Python to run scripts with: the machine-scoped setting motion.python.path (`configured`), else the
 * interpreter selected in the Python extension (when it is installed), else python3 (on Windows py).
 */
export async function pythonInterpreter(
  configured: string | undefined,
  resource: vscode.Uri | undefined,
): Promise<string> {
  return configured || (await pythonExtensionInterpreter(resource)) || DEFAULT_PYTHON;
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
