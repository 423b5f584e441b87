import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { readUserText } from '../../api/files/user-text';
import { batchFiles, inputFolders, isInside } from '../../runner/batch/batch-inputs';
import type { BatchEntry } from '../../runner/batch/batch-journal';
import { batchSummary, junitReport } from '../../runner/batch/batch-report';
import { BatchRefused, prepareBatch } from '../../runner/batch/prepare-batch';
import { runBatch } from '../../runner/batch/run-batch';
import type { CommandTable } from './command-table';
import type { BatchAsked } from '../batch/batch-results-view';
import type { MotionContext } from '../motion-context';
import { pythonInterpreter } from '../run/python-interpreter';
import { trustedToRun } from '../run/workspace-trust';

/** What a batch was asked, kept so that Run for Real and Resume ask it again. */

/**
 * Runs a batch from VS Code: checked first (as `motion batch` checks it), then each file with
 * progress (the count, the file, the time left) and Cancel, its rows filling Batch Results. A dry
 * run ends offering to run for real; a run cancelled, to resume.
 */
async function runAsked(ctx: MotionContext, asked: BatchAsked, resume = false): Promise<BatchEntry[] | undefined> {
  if (!trustedToRun('Run Script on Measurements')) return undefined;
  const url = ctx.parts.connection.state.kind === 'connected' ? ctx.parts.connection.state.url : undefined;
  if (!asked.dry && !url)
    return void vscode.window.showErrorMessage(
      'Motion: no application answers, so the batch cannot run; a dry run can.',
    );
  const code = await readUserText(asked.script.fsPath);
  const python = await pythonInterpreter(ctx.parts.config.pythonPath, asked.script);
  let prepared: Awaited<ReturnType<typeof prepareBatch>>;
  try {
    prepared = await prepareBatch({
      script: { path: asked.script.fsPath, code },
      inputs: asked.inputs,
      out: asked.out ? { path: asked.out, given: asked.out } : undefined,
      inPlace: asked.inPlace,
      resume,
      python,
    });
  } catch (error) {
    if (!(error instanceof BatchRefused)) throw error;
    return void vscode.window.showErrorMessage(`Motion: ${error.message.replace(/^--out /, 'the folder ')}`);
  }
  ctx.parts.batches.asked = asked;
  const { files, journal } = prepared;
  const view = ctx.parts.batches;
  const shown = {
    script: asked.script,
    files,
    dry: asked.dry,
    out: asked.out,
    entries: new Map<string, BatchEntry>(),
    state: 'running' as 'running' | 'cancelled' | 'done',
    seconds: 0,
  };
  view.show(shown);
  await vscode.commands.executeCommand('motion.batchResults.focus');
  const started = performance.now();
  const name = basename(asked.script.fsPath);
  let entries: BatchEntry[];
  let cancelled = false;
  try {
    entries = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Motion: ${asked.dry ? 'dry run of' : 'running'} ${name}`,
        cancellable: true,
      },
      async (progress, token) => {
        const stop = new AbortController();
        token.onCancellationRequested(() => ((cancelled = true), stop.abort()));
        let done = 0;
        let ran = 0;
        let runSeconds = 0;
        return runBatch({
          script: { path: asked.script.fsPath, code },
          files,
          url: url ?? '',
          dryRun: asked.dry
            ? { serverScript: ctx.extension.asAbsolutePath(join('dist', 'motion-server.js')) }
            : undefined,
          out: asked.out,
          inPlace: asked.inPlace,
          jobs: asked.dry ? 2 : 1,
          journal,
          python,
          onOutput: (_stream, text) => ctx.parts.dryRunOutput.append(text),
          onFile: ({ file, entry }) => {
            if (!entry) return progress.report({ message: `${done + 1}/${files.length} · ${file.name}${timeLeft()}` });
            done++;
            if (entry.status !== 'skipped') {
              ran++;
              runSeconds += entry.seconds;
            }
            view.ended(entry);
            progress.report({
              increment: 100 / files.length,
              message: `${done}/${files.length} · ${file.name}${timeLeft()}`,
            });
          },
          signal: stop.signal,
        });
        function timeLeft(): string {
          if (ran === 0) return '';
          const seconds = ((runSeconds / ran) * (files.length - done)) / (asked.dry ? 2 : 1);
          return ` · about ${Math.ceil(seconds)} s left`;
        }
      },
    );
  } catch (error) {
    shown.state = 'done';
    view.changedState();
    if (!(error instanceof BatchRefused)) throw error;
    return void vscode.window.showErrorMessage(`Motion: ${error.message}.`);
  }
  shown.seconds = Math.round(performance.now() - started) / 1000;
  const left = files.length - entries.length;
  const failed = entries.filter((e) => e.status === 'failed');
  // The journal goes before the batch is said to be done: nothing of it is left to resume.
  if (journal && left === 0 && failed.length === 0) await journal.finish();
  shown.state = cancelled && left > 0 ? 'cancelled' : 'done';
  view.changedState();
  void afterwards(ctx, shown.state, asked, batchSummary(entries, left, shown.seconds));
  return entries;
}

/** What the person may do next: run for real after a dry run, resume a cancelled run. */
async function afterwards(
  ctx: MotionContext,
  state: 'cancelled' | 'done' | 'running',
  asked: BatchAsked,
  said: string,
) {
  if (asked.dry) {
    const toFolder = 'Run, Saving to a Folder…';
    const inPlace = 'Run, Saving over the Originals';
    const chosen = await vscode.window.showInformationMessage(
      `Motion: dry run: ${said}. Nothing was written.`,
      toFolder,
      inPlace,
    );
    if (chosen) await runForReal(ctx, chosen === inPlace);
    return;
  }
  if (state === 'cancelled') {
    const resume = 'Resume';
    const chosen = await vscode.window.showWarningMessage(`Motion: the batch was cancelled: ${said}.`, resume);
    if (chosen === resume) await runAsked(ctx, asked, true);
    return;
  }
  void vscode.window.showInformationMessage(`Motion: ${said}.`);
}

/** Run for Real, after a dry run: to a folder (asked, outside the ones read) or over the originals (asked again). */
async function runForReal(ctx: MotionContext, overOriginals?: boolean): Promise<unknown> {
  const asked = ctx.parts.batches.asked;
  if (!asked) return void vscode.window.showWarningMessage('Motion: run a script on measurements first.');
  if (overOriginals) {
    const sure = 'Save over the Originals';
    const chosen = await vscode.window.showWarningMessage(
      `Motion: save the measurements ${basename(asked.script.fsPath)} changes over the originals? There is no undo.`,
      { modal: true },
      sure,
    );
    if (chosen !== sure) return undefined;
    return runAsked(ctx, { ...asked, dry: false, inPlace: true, out: undefined });
  }
  const files = await batchFiles(asked.inputs);
  const read = inputFolders(asked.inputs, files);
  const first = asked.inputs[0];
  const out = await vscode.window.showInputBox({
    title: 'Motion: the folder to save the changed measurements in',
    prompt: 'Outside the folders the batch reads; made if it is not there',
    value: `${first.replace(/[\\/]$/, '')}-results`,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const inside = read.find((folder) => isInside(value, folder));
      return inside ? `inside ${inside}, which the batch reads: choose a folder outside it` : undefined;
    },
  });
  if (!out) return undefined;
  return runAsked(ctx, { ...asked, dry: false, inPlace: false, out });
}

/** The script a batch runs: given (the Explorer), else the one in the editor, saved first. */
async function scriptToRun(given?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const isScript = (uri: vscode.Uri) => uri.scheme === 'file' && /\.(py|lua)$/i.test(uri.fsPath);
  if (given && isScript(given)) return given;
  const document = vscode.window.activeTextEditor?.document;
  if (document && isScript(document.uri)) {
    if (document.isDirty) await document.save();
    return document.uri;
  }
  const picked = await vscode.window.showOpenDialog({
    title: 'Motion: the script to run on each measurement',
    filters: { 'Python or Lua scripts': ['py', 'lua'] },
  });
  return picked?.[0];
}

/** Run Script on Measurements, its results view's actions (Run for Real, Resume, save the report). */
export const batchCommands: CommandTable = {
  'motion.runScriptOnMeasurements': (ctx) => async (target?: vscode.Uri, targets?: vscode.Uri[]) => {
    // From the Explorer: the measurements (files or folders) right-clicked; the script is the one in the editor.
    const chosen = targets?.length ? targets : target && !/\.(py|lua)$/i.test(target.fsPath) ? [target] : undefined;
    const script = await scriptToRun(chosen ? undefined : target);
    if (!script)
      return void vscode.window.showWarningMessage('Motion: open the Python or Lua script to run on each measurement.');
    const measurements =
      chosen ??
      (await vscode.window.showOpenDialog({
        title: `Motion: the measurements to run ${basename(script.fsPath)} on (C3D files or folders)`,
        canSelectFiles: true,
        canSelectFolders: true,
        canSelectMany: true,
        filters: { 'C3D measurements': ['c3d'] },
        openLabel: 'Run on These',
      }));
    if (!measurements?.length) return undefined;
    const inputs = measurements.map((uri) => uri.fsPath);
    const count = await batchFiles(inputs).then(
      (files) => files.length,
      (error: Error) => void vscode.window.showErrorMessage(`Motion: ${error.message}`),
    );
    if (count === undefined) return undefined;
    const how = await vscode.window.showQuickPick(
      [
        {
          label: '$(beaker) Dry Run First',
          description: 'what it would change in each file; nothing is written',
          id: 'dry',
        },
        { label: 'Run, Saving Changed Files to a Folder…', description: 'the originals are kept', id: 'out' },
        { label: 'Run, Saving over the Originals', description: 'there is no undo', id: 'inPlace' },
      ],
      {
        title: `Motion: ${basename(script.fsPath)} on ${count} measurement${count === 1 ? '' : 's'} in ${inputs.map((i) => basename(i)).join(', ')}`,
      },
    );
    if (!how) return undefined;
    const asked = (ctx.parts.batches.asked = { script, inputs, dry: true });
    if (how.id === 'dry') return runAsked(ctx, asked);
    return runForReal(ctx, how.id === 'inPlace');
  },
  'motion.batch.runForReal': (ctx) => () => runForReal(ctx),
  'motion.batch.resume': (ctx) => () => {
    const asked = ctx.parts.batches.asked;
    return asked && !asked.dry
      ? runAsked(ctx, asked, true)
      : vscode.window.showWarningMessage('Motion: there is no batch to resume.');
  },
  'motion.batch.saveReport': (ctx) => async () => {
    const shown = ctx.parts.batches.shown;
    if (!shown) return void vscode.window.showWarningMessage('Motion: run a script on measurements first.');
    const folder = dirname(shown.script.fsPath);
    const target = await vscode.window.showSaveDialog({
      title: 'Motion: save the batch report',
      defaultUri: vscode.Uri.file(join(folder, `${basename(shown.script.fsPath).replace(/\.\w+$/, '')}-batch.json`)),
      filters: { 'JSON report': ['json'], 'JUnit XML (for CI)': ['xml'] },
    });
    if (!target) return undefined;
    const entries = shown.files.map((f) => shown.entries.get(f.path)).filter((e): e is BatchEntry => !!e);
    const text = target.fsPath.toLowerCase().endsWith('.xml')
      ? junitReport(basename(shown.script.fsPath), entries)
      : `${JSON.stringify({ script: shown.script.fsPath, dryRun: shown.dry, seconds: shown.seconds, files: entries }, null, 2)}\n`;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    return { saved: target.fsPath };
  },
};
