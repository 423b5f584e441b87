import * as path from 'node:path';
import * as vscode from 'vscode';
import { collectPythonTests, runPythonTest, type PythonTestOptions } from '../../runner/testing/python-tests';
import { ScriptTestError, type ScriptTest, type ScriptTestResult } from '../../runner/testing/script-test';
import type { MotionContext } from '../motion-context';
import { pythonInterpreter } from '../run/python-interpreter';

/** The files pytest would look in: test_*.py and *_test.py, outside installed packages. */
const TEST_FILES = '**/{test_*.py,*_test.py}';
const NOT_THERE = '{**/node_modules/**,**/.venv/**,**/venv/**,**/site-packages/**}';

/**
 * Users' tests of their scripts in VS Code's Test Explorer: pytest's tests of the workspace, each
 * run against a private reference server of its own (the demo data, or the snapshot that
 * motion.tests.snapshot names), failures at their line with both sides of a comparison.
 */
export class ScriptTests implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('motion.scriptTests', 'Motion Script Tests');
  /** The last result of each test, by id: what callers (and tests of this) read. */
  readonly results = new Map<string, ScriptTestResult>();
  private readonly tests = new WeakMap<vscode.TestItem, ScriptTest>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: MotionContext) {
    this.controller.resolveHandler = () => this.discover();
    this.controller.refreshHandler = () => this.discover();
    this.controller.createRunProfile(
      'Run',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token),
      true,
    );
    const watcher = vscode.workspace.createFileSystemWatcher(TEST_FILES);
    const again = () => void this.discover();
    this.disposables.push(watcher, watcher.onDidChange(again), watcher.onDidCreate(again), watcher.onDidDelete(again));
  }

  private folder(): vscode.Uri | undefined {
    return vscode.workspace.workspaceFolders?.[0]?.uri;
  }

  private async options(): Promise<PythonTestOptions | undefined> {
    const folder = this.folder();
    if (!folder) return undefined;
    const snapshotSetting = vscode.workspace.getConfiguration('motion', folder).get<string>('tests.snapshot', '');
    let snapshot: string | undefined;
    if (snapshotSetting) {
      const file = vscode.Uri.joinPath(folder, snapshotSetting);
      snapshot = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
    }
    return {
      python: await pythonInterpreter(this.ctx.parts.config.pythonPath, folder),
      cwd: folder.fsPath,
      serverScript: this.ctx.extension.asAbsolutePath(path.join('dist', 'motion-server.js')),
      snapshot,
    };
  }

  /** Finds the workspace's tests (pytest collects them) and shows them by file. */
  async discover(): Promise<void> {
    const options = await this.options();
    if (!options || !vscode.workspace.isTrusted) return; // collecting imports the tests: code runs
    const files = await vscode.workspace.findFiles(TEST_FILES, NOT_THERE, 500);
    if (files.length === 0) return void this.controller.items.replace([]);
    let found: ScriptTest[];
    try {
      found = await collectPythonTests(
        files.map((f) => path.relative(options.cwd, f.fsPath)),
        options,
      );
    } catch (error) {
      const message = error instanceof ScriptTestError ? error.message : String(error);
      this.ctx.parts.log.warn(`script tests: ${message}`);
      const item = this.controller.createTestItem('motion.tests.problem', 'Motion tests could not be collected');
      item.error = new vscode.MarkdownString().appendText(message);
      return void this.controller.items.replace([item]);
    }
    const byFile = new Map<string, vscode.TestItem>();
    for (const test of found) {
      const uri = vscode.Uri.file(path.resolve(options.cwd, test.file));
      let file = byFile.get(test.file);
      if (!file) byFile.set(test.file, (file = this.controller.createTestItem(test.file, test.file, uri)));
      const item = this.controller.createTestItem(test.id, test.name, uri);
      if (test.line) item.range = new vscode.Range(test.line - 1, 0, test.line - 1, 0);
      this.tests.set(item, test);
      file.children.add(item);
    }
    this.controller.items.replace([...byFile.values()]);
  }

  /** Runs the tests asked for (or all), one after another, each against an application of its own. */
  async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request);
    try {
      const options = await this.options();
      if (!options) return;
      if (!vscode.workspace.isTrusted) {
        run.appendOutput('Motion: running tests runs code, which Restricted Mode does not allow.\r\n');
        return;
      }
      if (this.controller.items.size === 0) await this.discover();
      const queue: vscode.TestItem[] = [];
      const add = (item: vscode.TestItem) => {
        if (request.exclude?.includes(item)) return;
        if (this.tests.has(item)) queue.push(item);
        else item.children.forEach(add);
      };
      if (request.include) request.include.forEach(add);
      else this.controller.items.forEach(add);
      for (const item of queue) run.enqueued(item);
      for (const item of queue) {
        if (token.isCancellationRequested) break;
        run.started(item);
        await this.runOne(run, item, this.tests.get(item)!, options);
      }
    } finally {
      run.end();
    }
  }

  private async runOne(run: vscode.TestRun, item: vscode.TestItem, test: ScriptTest, options: PythonTestOptions) {
    let result: ScriptTestResult;
    try {
      result = await runPythonTest(test, options);
    } catch (error) {
      run.errored(item, new vscode.TestMessage((error as Error).message));
      return;
    }
    this.results.set(test.id, result);
    if (result.output) run.appendOutput(result.output.replace(/\r?\n/g, '\r\n'), undefined, item);
    if (result.outcome === 'passed') return run.passed(item, result.durationMs);
    if (result.outcome === 'skipped') return run.skipped(item);
    const message =
      result.expected !== undefined && result.actual !== undefined
        ? vscode.TestMessage.diff(result.message ?? 'failed', result.expected, result.actual)
        : new vscode.TestMessage(result.details ?? result.message ?? result.outcome);
    if (result.failureLine && item.uri)
      message.location = new vscode.Location(item.uri, new vscode.Position(result.failureLine - 1, 0));
    if (result.outcome === 'failed') run.failed(item, message, result.durationMs);
    else run.errored(item, message, result.durationMs);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.controller.dispose();
  }
}
