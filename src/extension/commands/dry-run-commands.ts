import * as path from 'node:path';
import * as vscode from 'vscode';
import { notSentOutline } from '../../runner/dry-run/not-sent-outline';
import { readSnapshot, type Snapshot, type SnapshotProgress } from '../../api/state/read-snapshot';
import { encodeSnapshot, snapshotOrigin } from '../../api/state/state-document';
import { codeAtSelection } from '../../runner/code-to-run';
import type { MotionState } from '../../api/state/motion-state';
import { changeLine, diffStates } from '../../api/state/state-diff';
import { checkSnapshotVersion, dryRun, DryRunError } from '../../runner/dry-run/dry-run';
import { reportDone } from './history-commands';
import { undoScript } from '../history/undo-script';
import { prompts } from '../prompts';
import type { Prompts } from '../questions';
import type { CommandTable } from './command-table';
import type { ChangeNode } from '../dry-run/change-tree';
import type { MotionContext } from '../motion-context';
import { pythonInterpreter } from '../run/python-interpreter';
import { editorSelection, scriptLanguage } from '../run/script-runner';
import { trustedToRun } from '../run/workspace-trust';
import { MotionConnectionError, MotionError } from '../../api/client/motion-error';
import { describeFailure } from '../failure-text';

/** What a dry run command returns to its caller (tests, automation). */
export interface DryRunOutcome {
  ok: boolean;
  changes: string[];
  /** The calls not sent, as `motion run --dry-run` prints them (empty when all were modelled). */
  notSent: string[];
  output: string;
  /** Why the dry run could not be made (the view says it too). */
  error?: string;
}

/** Where a dry run starts: a snapshot of the application taken now, or a snapshot file. */
interface Start {
  file?: vscode.Uri;
  label: string;
}

/** "read 1,234 of 2,000 values" in a progress notification, as a fraction of what was asked so far. */
export function reportProgress(progress: vscode.Progress<{ message?: string; increment?: number }>) {
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
async function snapshotNow(ctx: MotionContext, title: string): Promise<Snapshot | undefined> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const cancel = new AbortController();
      token.onCancellationRequested(() => cancel.abort());
      try {
        return await readSnapshot(ctx.parts.connection.client(), {
          signal: cancel.signal,
          onProgress: reportProgress(progress),
        });
      } catch (error) {
        if (cancel.signal.aborted) return undefined;
        throw error;
      }
    },
  );
}

/**
 * The application now, or one of the snapshot files of the script's workspace folder (of the whole
 * workspace, for a script outside every folder) when there are some (asked only then).
 */
export async function chooseStart(ctx: MotionContext, script: vscode.Uri): Promise<Start | undefined> {
  const now: Start = { label: `a snapshot of ${ctx.parts.connection.state.url ?? 'the application'} taken now` };
  const folder = vscode.workspace.getWorkspaceFolder(script);
  const pattern = folder ? new vscode.RelativePattern(folder, '**/*.motion.json') : '**/*.motion.json';
  const files = await vscode.workspace.findFiles(pattern, '**/node_modules/**', 50);
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

/** A snapshot of the application taken now, with its progress: rejects with SnapshotCancelled when cancelled. */
export async function snapshotTextNow(ctx: MotionContext): Promise<string> {
  const taken = await snapshotNow(ctx, 'Motion: taking a snapshot for the dry run');
  if (!taken) throw new SnapshotCancelled();
  return encodeSnapshot(taken.state, taken.origin);
}

/** A snapshot file's text; a file of another version than the connected application's is refused. */
export async function snapshotFileText(ctx: MotionContext, file: vscode.Uri): Promise<string> {
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  if (ctx.parts.connection.state.kind === 'connected')
    checkSnapshotVersion(snapshotOrigin(text), await ctx.parts.connection.client().get_version());
  return text;
}

/** The person cancelled the snapshot a dry run was to start from: the dry run is not made, and says nothing. */
export class SnapshotCancelled extends Error {}

/** Runs `code` of `document` against a private server started from the chosen snapshot, and shows what it would change. */
async function dryRunCode(
  ctx: MotionContext,
  document: vscode.TextDocument,
  code: { code: string; line: number },
  scriptLabel: string,
): Promise<DryRunOutcome | undefined> {
  const language = scriptLanguage(document);
  if (!language) return void vscode.window.showWarningMessage('Motion: open a Python or Lua script to dry-run it.');
  const start = await chooseStart(ctx, document.uri);
  if (!start) return undefined;
  try {
    return await dryRunFrom(ctx, document, code, scriptLabel, start);
  } catch (error) {
    // A dry run that cannot be made says why where its result would be, in full: the view shows no
    // earlier script's result meanwhile.
    // The application refused a read the snapshot needs, or went away: as much a reason as the dry run's own.
    if (!(error instanceof DryRunError || error instanceof MotionError || error instanceof MotionConnectionError))
      throw error;
    ctx.parts.dryRun.fail(
      `The dry run of ${scriptLabel} from ${start.label} could not be made: ${describeFailure(error).replace(/\.$/, '')}.`,
    );
    await vscode.commands.executeCommand('motion.dryRun.focus');
    return { ok: false, changes: [], notSent: [], output: '', error: error.message };
  }
}

async function dryRunFrom(
  ctx: MotionContext,
  document: vscode.TextDocument,
  code: { code: string; line: number },
  scriptLabel: string,
  start: Start,
): Promise<DryRunOutcome | undefined> {
  const language = scriptLanguage(document)!;
  // A snapshot taken now is taken while the script's session starts (the dry run waits for it
  // before the script runs); a file's is read first.
  const python = language === 'python' ? await pythonInterpreter(ctx.parts.config.pythonPath, document.uri) : undefined;
  const snapshot = start.file ? await snapshotFileText(ctx, start.file) : snapshotTextNow(ctx);
  const output = ctx.parts.dryRunOutput;
  output.clear();
  output.appendLine(`# Dry run of ${scriptLabel} from ${start.label}`);
  let printed = '';
  const outcome = await vscode.window
    .withProgress(
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
          python,
          onOutput: (_stream, text) => {
            printed += text;
            output.append(text);
          },
          signal: cancel.signal,
          // The reads the reference server does not model, and the documentation the script's package
          // is built from, are the application's: the one the snapshot was read from, whatever the
          // connection's state says at this moment (right after the application restarted it is being
          // checked again, and a script built from the reference server's smaller interface failed).
          application: ctx.parts.connection.client(),
        });
      },
    )
    .then(undefined, (error: unknown) => {
      if (error instanceof SnapshotCancelled) return undefined;
      throw error;
    });
  if (!outcome) return undefined;
  const { result, changes, before, after, notSent, reads } = outcome;
  if (!result.ok) output.appendLine(`${result.error?.type}: ${result.error?.message}`);
  // A script that raised is not applied: what it would do is not what the view shows.
  const apply =
    result.ok && changes.length > 0
      ? (ask: Prompts) =>
          applyForReal(ctx, ask, {
            document,
            code,
            label: scriptLabel,
            language,
            before,
            after,
            changes: changes.length,
          })
      : undefined;
  ctx.parts.dryRun.show({
    script: scriptLabel,
    startedFrom: start.label,
    result,
    output: printed,
    changes,
    notSent,
    reads,
    uri: document.uri,
    states: { before, after },
    apply,
  });
  await vscode.commands.executeCommand('motion.dryRun.focus');
  return {
    ok: result.ok,
    changes: changes.map((c) => `${c.path.join(' / ')}: ${c.text}`),
    notSent: notSentOutline(notSent, reads, document.isUntitled ? undefined : document.uri.fsPath),
    output: printed,
  };
}

/** What Apply for Real runs: the code the dry run ran, and what it started from and found. */
interface Rehearsed {
  document: vscode.TextDocument;
  code: { code: string; line: number };
  label: string;
  language: 'python' | 'lua';
  before: MotionState;
  after: MotionState;
  changes: number;
}

/**
 * Runs the dry-run code against the application, as one change in the Change History whose undo
 * restores the state before it. Only when the application is still in the state the dry run
 * started from (else the view showed something else than what would happen), and after a
 * question that says what the undo cannot restore.
 */
async function applyForReal(ctx: MotionContext, ask: Prompts, rehearsed: Rehearsed): Promise<unknown> {
  if (!trustedToRun('Apply for Real')) return undefined;
  const client = ctx.parts.connection.client();
  const now = (await readSnapshot(client)).state;
  const since = diffStates(rehearsed.before, now);
  if (since.length > 0) {
    void vscode.window.showWarningMessage(
      `Motion: the application is not in the state the dry run started from (${changeLine(since[0])}${since.length > 1 ? ` and ${since.length - 1} more` : ''}). Dry-run the script again to see what it would do now.`,
    );
    return { changed: false, reason: 'changed since the dry run' };
  }
  const n = rehearsed.changes;
  const question = `Run ${rehearsed.label} against ${ctx.parts.connection.state.url ?? 'the application'}? The dry run found ${n} change${n === 1 ? '' : 's'}; Change History can undo it as one change.`;
  // Said before anything runs: what the undo could not restore exactly.
  const caveat = undoScript(rehearsed.before, rehearsed.after).caveat;
  if ((await ask.decide(question, ['Apply for Real'], caveat && `Undo: ${caveat}`)) !== 'Apply for Real')
    return { changed: false, reason: 'cancelled' };
  const run = await ctx.parts.runner.run(
    rehearsed.language,
    { ...rehearsed.code, endLine: rehearsed.code.line },
    rehearsed.document,
    `Apply for Real: ${rehearsed.label}`,
  );
  const after = (await readSnapshot(client)).state;
  const made = diffStates(now, after);
  if (made.length > 0) {
    const undo = undoScript(now, after);
    ctx.parts.changes.record({
      description: `Ran ${rehearsed.label} (${made.length} change${made.length === 1 ? '' : 's'})`,
      where: 'the application',
      undo,
    });
    ctx.changedApplication();
  }
  ctx.parts.dryRun.show(undefined);
  const done = `${rehearsed.label} made ${made.length} change${made.length === 1 ? '' : 's'}${run.result.ok ? '' : ` before it raised ${run.result.error?.type ?? 'an error'}`}.`;
  if (made.length > 0) reportDone(done);
  else void vscode.window.showInformationMessage(`Motion: ${done}`);
  return { changed: made.length > 0, ok: run.result.ok, changes: made.map((c) => `${c.path.join(' / ')}: ${c.text}`) };
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
  'motion.clearDryRun': (ctx) => () => ctx.parts.dryRun.show(undefined),
  // A change's row: the line that made it, where the file is already shown, else where a text
  // editor is; never over the 3D view of the dry run (a webview alone in its group: beside it).
  // The view keeps the focus, for the next row.
  'motion.dryRun.openLine': (ctx) => async (node?: ChangeNode) => {
    if (!node?.at || !ctx.parts.dryRun.report) return undefined;
    const file = ctx.parts.dryRun.fileOf(node.at);
    const editors = vscode.window.visibleTextEditors;
    const shown = editors.find((e) => e.document.uri.toString() === file.toString()) ?? editors[0];
    const overWebview = vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputWebview;
    const at = new vscode.Position(node.at.line - 1, 0);
    return vscode.window.showTextDocument(file, {
      viewColumn: shown?.viewColumn ?? (overWebview ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active),
      selection: new vscode.Range(at, at),
      preserveFocus: true,
    });
  },
  'motion.applyDryRun': (ctx) => async (answers?: unknown) => {
    const apply = ctx.parts.dryRun.report?.apply;
    if (!apply)
      return void vscode.window.showWarningMessage(
        'Motion: dry-run a script first; Apply for Real runs what the dry run showed.',
      );
    return apply(prompts(answers));
  },
};
