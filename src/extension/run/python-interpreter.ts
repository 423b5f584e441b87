import * as vscode from 'vscode';

/**
 * The Python to run scripts with: the machine-scoped setting motion.python.path (`configured`), else the
 * interpreter selected in the Python extension (when it is installed), else python3.
 */
export async function pythonInterpreter(
  configured: string | undefined,
  resource: vscode.Uri | undefined,
): Promise<string> {
  if (configured) return configured;
  const python = vscode.extensions.getExtension('ms-python.python');
  if (python) {
    try {
      const api = (python.isActive ? python.exports : await python.activate()) as {
        settings?: { getExecutionDetails?: (r?: vscode.Uri) => { execCommand?: string[] } };
      };
      const command = api.settings?.getExecutionDetails?.(resource)?.execCommand;
      if (command && command.length > 0) return command[0];
    } catch {
      // fall back to python3
    }
  }
  return 'python3';
}
