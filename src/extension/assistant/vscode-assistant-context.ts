import * as path from 'node:path';
import * as vscode from 'vscode';
import { CheckScriptRequest } from '../../../server/language/lsp/protocol';
import type { AssistantContext } from '../../runner/assistant/assistant-context';
import { applyRehearsed } from '../../runner/assistant/apply-rehearsed';
import { readyToApply, Rehearsals } from '../../runner/assistant/rehearsals';
import { scriptProblem } from '../../runner/assistant/script-problem';
import { reportDone } from '../commands/history-commands';
import { undoScript } from '../history/undo-script';
import type { MotionContext } from '../motion-context';
import { pythonInterpreter } from '../run/python-interpreter';
import { pathKey } from '../../api/files/path-key';
import { decodeUserText } from '../../api/files/user-text';

/** Where an assistant's relative paths start: the first workspace folder, else the home of untitled work. */
function workspaceFolder(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
}

/** A script as the editor has it (unsaved edits included) when it is open, else as saved. */
async function readScript(file: string): Promise<string> {
  // By the name both mean: on Windows VS Code says c:\ where the assistant's path says C:\.
  const open = vscode.workspace.textDocuments.find(
    (d) => d.uri.scheme === 'file' && pathKey(d.uri.fsPath) === pathKey(file),
  );
  if (open) return open.getText();
  return decodeUserText(await vscode.workspace.fs.readFile(vscode.Uri.file(file)), file);
}

/**
 * The assistant tools' context in VS Code: the connected application, the language server's
 * checks and documentation, the editor's text of open scripts, and an apply that goes into the
 * Change History as one change (VS Code asked the user first, showing the diff).
 */
export function vscodeAssistantContext(ctx: MotionContext): AssistantContext {
  const { parts } = ctx;
  const rehearsals = new Rehearsals();
  return {
    client: () => parts.connection.client(),
    documentation: () => parts.documentation(),
    get folder() {
      return workspaceFolder();
    },
    readScript,
    serverScript: ctx.extension.asAbsolutePath(path.join('dist', 'motion-server.js')),
    python: (file) => pythonInterpreter(parts.config.pythonPath, vscode.Uri.file(file)),
    rehearsals,
    async check(text, language, file, targets) {
      const diagnostics = await parts.languageClient.sendRequest(CheckScriptRequest, {
        uri: vscode.Uri.file(file).toString(),
        languageId: language,
        text,
        ...(targets ? { targets } : {}),
      });
      return diagnostics.map(scriptProblem);
    },
    async apply(id) {
      const client = parts.connection.client();
      const { rehearsal, now } = await readyToApply(rehearsals, id, client, readScript);
      const python =
        rehearsal.script.language === 'python'
          ? await pythonInterpreter(parts.config.pythonPath, vscode.Uri.file(rehearsal.script.path))
          : undefined;
      const { answer, after, made } = await applyRehearsed(rehearsal, client, python, now);
      if (made.length > 0) {
        parts.changes.record({
          description: `Ran ${rehearsal.label} for an assistant (${made.length} change${made.length === 1 ? '' : 's'})`,
          where: 'the application',
          undo: undoScript(now, after),
        });
        ctx.changedApplication();
        reportDone(`an assistant ran ${rehearsal.label}: ${made.length} change${made.length === 1 ? '' : 's'}.`);
      }
      return answer;
    },
  };
}
