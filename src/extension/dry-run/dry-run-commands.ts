import * as path from 'node:path';
import * as vscode from 'vscode';
import { readSnapshot, type SnapshotProgress } from '../../api/state/read-snapshot';
import { encodeSnapshot, snapshotOrigin, versionText } from '../../api/state/state-document';
import { describeState } from '../../api/state/state-summary';
import { codeAtSelection } from '../../runner/code-to-run';
import { checkSnapshotVersion, dryRun } from '../../runner/dry-run/dry-run';
import type { CommandTable } from '../commands/command-table';
import type { MotionContext } from '../motion-context';
import { pythonInterpreter } from '../run/python-interpreter';
import { editorSelection, scriptLanguage } from '../run/script-runner';
import { trustedToRun } from '../run/workspace-trust';

/** What a dry run command returns to its caller (tests, automation). */
export interface DryRunOutcome {
  ok: boolean;
  changes: string[];
  output: string;
}

/** Where a dry run starts: a snapshot of the application taken now, or a snapshot file. */
interface Start {
  file?: vscode.Uri;
  label: string;
}

/** "read 1,234 of 2,000 values" in a progress notification, as a fraction of what was asked so far. */
function reportProgress(progress: vscode.Progress<{ message?: string; increment?: number }>) {
  let shown = 0;
  return ({ read, asked }: SnapshotProgress) => {
    const fraction = (read / asked) * 100;
    if (fraction - shown < 1 && read !== asked) return;
    progress.report({
      message: `read ${read.toLocaleString('en')} of ${asked.toLocaleString('en')} values`,
      increment: fraction - shown,
    });
    shown = fraction;
  };
}

/** A snapshot of the connected application, with progress and Cancel: the state file's text. */
async function snapshotNow(ctx: MotionContext, title: string): Promise<string | undefined> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const cancel = new AbortController();
      token.onCancellationRequested(() => cancel.abort());
      try {
        const { state, origin } = await readSnapshot(ctx.parts.connection.client(), {
          signal: cancel.signal,
          onProgress: reportProgress(progress),
        });
        return encodeSnapshot(state, origin);
      } catch (error) {
        if (cancel.signal.aborted) return undefined;
        throw error;
      }
    },
  );
}

/** The application now, or one of the workspace's snapshot files when it has some (asked only then). */
async function chooseStart(ctx: MotionContext): Promise<Start | undefined> {
  const now: Start = { label: `a snapshot of ${ctx.parts.connection.state.url ?? 'the application'} taken now` };
  const files = await vscode.workspace.findFiles('**/*.motion.json', '**/node_modules/**', 50);
  if (files.length === 0) return now;
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'The application now', description: 'take a snapshot, then run against it', start: now },
      ...files.map((file) => ({
        label: path.basename(file.fsPath),
        description: vscode.workspace.asRelativePath(file),
        start: { file, label: path.basename(file.fsPath) },
      })),
    ],
    { title: 'Motion: Dry Run from…', placeHolder: 'What the script starts from (the application is never changed)' },
  );
  return picked?.start;
}

/** The chosen start as a state file's text; a file of another version than the application's is refused. */
async function startText(ctx: MotionContext, start: Start): Promise<string | undefined> {
  if (!start.file) return snapshotNow(ctx, 'Motion: taking a snapshot for the dry run');
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(start.file));
  if (ctx.parts.connection.state.kind === 'connected')
    checkSnapshotVersion(snapshotOrigin(text), await ctx.parts.connection.client().get_version());
  return text;
}

/** Runs `code` of `document` against a private server started from the chosen snapshot, and shows what it would change. */
async function dryRunCode(
  ctx: MotionContext,
  document: vscode.TextDocument,
  code: { code: string; line: number },
  scriptLabel: string,
): Promise<DryRunOutcome | undefined> {
  const language = scriptLanguage(document);
  if (!language) return void vscode.window.showWarningMessage('Motion: open a Python or Lua script to dry-run it.');
  const start = await chooseStart(ctx);
  if (!start) return undefined;
  const snapshot = await startText(ctx, start);
  if (snapshot === undefined) return undefined;
  const output = ctx.parts.dryRunOutput;
  output.clear();
  output.appendLine(`# Dry run of ${scriptLabel} from ${start.label}`);
  let printed = '';
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Motion: dry run of ${scriptLabel}`, cancellable: true },
    async (_progress, token) => {
      const cancel = new AbortController();
      token.onCancellationRequested(() => cancel.abort());
      return dryRun({
        serverScript: ctx.extension.asAbsolutePath(path.join('dist', 'motion-server.js')),
        snapshot,
        script: {
          path: document.isUntitled ? `<${scriptLabel}>` : document.uri.fsPath,
          code: code.code,
          line: code.line,
        },
        python: language === 'python' ? await pythonInterpreter(ctx.parts.config.pythonPath, document.uri) : undefined,
        onOutput: (_stream, text) => {
          printed += text;
          output.append(text);
        },
        signal: cancel.signal,
      });
    },
  );
  const { result, changes } = outcome;
  if (!result.ok) output.appendLine(`${result.error?.type}: ${result.error?.message}`);
  ctx.parts.dryRun.show({ script: scriptLabel, startedFrom: start.label, result, output: printed, changes });
  await vscode.commands.executeCommand('motion.dryRun.focus');
  return { ok: result.ok, changes: changes.map((c) => `${c.path.join(' / ')}: ${c.text}`), output: printed };
}

const fileName = (document: vscode.TextDocument) => path.basename(document.uri.path) || 'untitled';

/** Dry Run File / Selection, Take Snapshot, Clear: nothing here changes the application. */
export const dryRunCommands: CommandTable = {
  'motion.dryRunFile': (ctx) => async (uri?: vscode.Uri) => {
    if (!trustedToRun('Dry Run File')) return undefined;
    const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!document) return void vscode.window.showWarningMessage('Motion: open a Python or Lua script to dry-run it.');
    return dryRunCode(ctx, document, { code: document.getText(), line: 1 }, fileName(document));
  },
  'motion.dryRunSelection': (ctx) => async () => {
    const editor = vscode.window.activeTextEditor;
    if (!trustedToRun('Dry Run Selection') || !editor) return undefined;
    const language = scriptLanguage(editor.document);
    if (!language) return void vscode.window.showWarningMessage('Motion: open a Python or Lua script to dry-run it.');
    const code = codeAtSelection(editor.document.getText().split(/\r?\n/), editorSelection(editor.selection), language);
    const lines = code.line === code.endLine + 1 ? `line ${code.line}` : `lines ${code.line}–${code.endLine + 1}`;
    return dryRunCode(ctx, editor.document, code, `${fileName(editor.document)} (${lines})`);
  },
  'motion.takeSnapshot': (ctx) => async (target?: vscode.Uri) => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const file =
      target ??
      (await vscode.window.showSaveDialog({
        title: 'Motion: Save a Snapshot of the Application',
        saveLabel: 'Save Snapshot',
        defaultUri: folder && vscode.Uri.joinPath(folder, 'application.motion.json'),
        filters: { 'Motion snapshots': ['motion.json'] },
      }));
    if (!file) return undefined;
    const text = await snapshotNow(ctx, 'Motion: taking a snapshot of the application');
    if (text === undefined) return undefined;
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
    const origin = snapshotOrigin(text)!;
    const state = (JSON.parse(text) as { state: Parameters<typeof describeState>[0] }).state;
    void vscode.window.showInformationMessage(
      `Motion: saved a snapshot of version ${versionText(origin.application)} (${describeState(state)}) to ${vscode.workspace.asRelativePath(file)}.`,
    );
    return file;
  },
  'motion.clearDryRun': (ctx) => () => ctx.parts.dryRun.show(undefined),
};
