import * as path from 'node:path';
import * as vscode from 'vscode';
import { versionText } from '../../api/state/state-document';
import { describeState } from '../../api/state/state-summary';
import { DryRunError } from '../../runner/dry-run/dry-run';
import { takeSnapshot, type SnapshotOptions, type TakenSnapshot } from '../../runner/dry-run/record-snapshot';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';
import { pythonInterpreter } from '../run/python-interpreter';
import { scriptLanguage } from '../run/script-runner';
import { trustedToRun } from '../run/workspace-trust';
import { activeFolder } from '../workspace/active-folder';
import { reportProgress } from './dry-run-commands';

/** Where to save a snapshot: the given file, else one the user chooses (suggested beside `near`). */
async function snapshotFile(target: vscode.Uri | undefined, suggested: string, near?: vscode.Uri) {
  const folder = near ? vscode.Uri.joinPath(near, '..') : activeFolder();
  return (
    target ??
    (await vscode.window.showSaveDialog({
      title: 'Motion: Save a Snapshot of the Application',
      saveLabel: 'Save Snapshot',
      defaultUri: folder && vscode.Uri.joinPath(folder, suggested),
      // Not "motion.json": VS Code's own dialog (VS Code for the Web, remote) takes a filter's extension
      // after the last dot, and would save "stage.motion.json" as "stage.motion.json.motion.json".
      filters: { 'Motion snapshots (.motion.json)': ['json'] },
    }))
  );
}

/** The snapshot, with progress and Cancel; undefined when cancelled. */
function taken(ctx: MotionContext, title: string, record?: SnapshotOptions['record']) {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token): Promise<TakenSnapshot | undefined> => {
      const cancel = new AbortController();
      token.onCancellationRequested(() => cancel.abort());
      try {
        return await takeSnapshot({
          application: ctx.parts.connection.client(),
          signal: cancel.signal,
          onProgress: reportProgress(progress),
          record,
        });
      } catch (error) {
        if (cancel.signal.aborted) return undefined;
        throw error;
      }
    },
  );
}

/** The file appears whole: written at once, after everything was read and the script (if any) completed. */
async function save(file: vscode.Uri, snapshot: TakenSnapshot, recorded: string) {
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(snapshot.text));
  const { state, origin } = snapshot;
  void vscode.window.showInformationMessage(
    `Motion: saved a snapshot of version ${versionText(origin.application)} (${describeState(state)}${recorded}) to ${vscode.workspace.asRelativePath(file)}.`,
  );
  return file;
}

/** Take Snapshot, and Take Snapshot Recording a Script's Reads: nothing here changes the application. */
export const snapshotCommands: CommandTable = {
  'motion.takeSnapshot': (ctx) => async (target?: vscode.Uri) => {
    const file = await snapshotFile(target, 'application.motion.json');
    if (!file) return undefined;
    const snapshot = await taken(ctx, 'Motion: taking a snapshot of the application');
    return snapshot && save(file, snapshot, '');
  },
  'motion.recordSnapshot': (ctx) => async (script?: vscode.Uri, target?: vscode.Uri) => {
    if (!trustedToRun('Take Snapshot Recording a Script')) return undefined;
    const document = script
      ? await vscode.workspace.openTextDocument(script)
      : vscode.window.activeTextEditor?.document;
    const language = document && scriptLanguage(document);
    if (!document || !language || document.isUntitled)
      return void vscode.window.showWarningMessage(
        'Motion: open a saved Python or Lua script to record the answers its reads get.',
      );
    const name = vscode.workspace.asRelativePath(document.uri);
    const base = path.basename(document.uri.path).replace(/\.(py|lua)$/, '');
    const file = await snapshotFile(target, `${base}.motion.json`, document.uri);
    if (!file) return undefined;
    const output = ctx.parts.dryRunOutput;
    output.clear();
    output.appendLine(`# Recording the reads of ${name} (a dry run: no change is sent)`);
    let snapshot;
    try {
      snapshot = await taken(ctx, `Motion: taking a snapshot, recording ${name}`, {
        name,
        serverScript: ctx.extension.asAbsolutePath(path.join('dist', 'motion-server.js')),
        script: { path: document.uri.fsPath, code: document.getText() },
        python: language === 'python' ? await pythonInterpreter(ctx.parts.config.pythonPath, document.uri) : undefined,
        onOutput: (_stream, text) => output.append(text),
      });
    } catch (error) {
      if (!(error instanceof DryRunError)) throw error;
      output.show(true);
      void vscode.window.showErrorMessage(`Motion: ${error.message}; no file was written.`);
      return undefined;
    }
    if (!snapshot) return undefined;
    const { reads } = snapshot;
    return save(file, snapshot, `, and ${reads} answer${reads === 1 ? '' : 's'} to ${name}'s reads`);
  },
};
