import * as path from 'node:path';
import * as vscode from 'vscode';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { withTestApplication } from '../../runner/testing/test-application';
import {
  PYTEST_OPTIONS,
  pytestArguments,
  pytestResult,
  testEnvironment,
  type PythonTestOptions,
} from '../../runner/testing/python-tests';
import { collectScriptTests, optionsFor, runScriptTest } from '../../runner/testing/script-tests-of';
import { luaResult } from '../../runner/testing/lua-tests';
import type { LuaOutcome } from '../../runner/lua/lua-test-host';
import { ScriptTestError, type ScriptTest, type ScriptTestResult } from '../../runner/testing/script-test';
import { isMotionTest } from '../../api/text/uses-motion';
import type { MotionContext } from '../motion-context';
import { pythonInterpreter } from '../run/python-interpreter';

/** The files pytest would look in (test_*.py and *_test.py), and Lua's specs, outside installed packages. */
const TEST_FILES = '**/{test_*.py,*_test.py,*_spec.lua}';
const NOT_THERE = '{**/node_modules/**,**/.venv/**,**/venv/**,**/site-packages/**}';

/**
 * Users' tests of their scripts in VS Code's Test Explorer: pytest's and Lua specs' tests of the
 * workspace that touch motion (their file imports or calls it, or names a snapshot; the project's
 * other tests are the Python extension's), each run against a private reference server of its own
 * (the demo data, or the snapshot that motion.tests.snapshot names), failures at their line with
 * both sides of a comparison. Each folder of a multi-root workspace runs its own tests, with its
 * own settings, in its own folder; with several folders the tests are listed under their folder.
 */
export class ScriptTests implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('motion.scriptTests', 'Motion Script Tests');
  /** The last result of each test, by id: what callers (and tests of this) read. */
  readonly results = new Map<string, ScriptTestResult>();
  private readonly tests = new WeakMap<vscode.TestItem, { test: ScriptTest; folder: vscode.WorkspaceFolder }>();
  private readonly disposables: vscode.Disposable[] = [];
  /** The latest discovery: an earlier one that ends after it saw older files, and is not shown. */
  private discovery = 0;

  constructor(private readonly ctx: MotionContext) {
    this.controller.resolveHandler = () => this.discover();
    this.controller.refreshHandler = () => this.discover();
    this.controller.createRunProfile(
      'Run',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token),
      true,
    );
    this.controller.createRunProfile(
      'Debug',
      vscode.TestRunProfileKind.Debug,
      (request, token) => this.run(request, token, true),
      true,
    );
    const again = () => void this.discover();
    // A snapshot a test file names holds the documentation its tools import: collected again when it changes.
    for (const pattern of [TEST_FILES, '**/*.motion.json']) {
      const watcher = vscode.workspace.createFileSystemWatcher(pattern);
      this.disposables.push(
        watcher,
        watcher.onDidChange(again),
        watcher.onDidCreate(again),
        watcher.onDidDelete(again),
      );
    }
    // Found at start, as the Python extension does: the editor's gutter and "Test at Cursor" know them
    // before the Testing view was ever opened.
    again();
  }

  private async options(folder: vscode.WorkspaceFolder): Promise<PythonTestOptions> {
    const snapshotSetting = vscode.workspace.getConfiguration('motion', folder).get<string>('tests.snapshot', '');
    let snapshot: string | undefined;
    if (snapshotSetting) {
      const file = vscode.Uri.joinPath(folder.uri, snapshotSetting);
      snapshot = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
    }
    return {
      python: await pythonInterpreter(this.ctx.parts.config.pythonPath, folder.uri),
      cwd: folder.uri.fsPath,
      serverScript: this.ctx.extension.asAbsolutePath(path.join('dist', 'motion-server.js')),
      snapshot,
    };
  }

  /** Finds each folder's tests that touch motion (pytest collects them) and shows them by file. */
  async discover(): Promise<void> {
    if (!vscode.workspace.isTrusted) return; // collecting imports the tests: code runs
    const folders = vscode.workspace.workspaceFolders ?? [];
    const mine = ++this.discovery;
    const found = await Promise.all(folders.map((folder) => this.discoverIn(folder)));
    if (mine !== this.discovery) return; // a later discovery, of newer files, shows its own
    if (folders.length === 1) return void this.controller.items.replace(found[0]);
    const roots = folders.flatMap((folder, i) => {
      if (found[i].length === 0) return [];
      const root = this.controller.createTestItem(folder.uri.toString(), folder.name, folder.uri);
      root.children.replace(found[i]);
      return [root];
    });
    this.controller.items.replace(roots);
  }

  /** One folder's tests, by file (or the item that says why they could not be collected). */
  private async discoverIn(folder: vscode.WorkspaceFolder): Promise<vscode.TestItem[]> {
    const candidates = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, TEST_FILES), NOT_THERE, 500);
    const files = (
      await Promise.all(candidates.map(async (file) => ((await touchesMotion(file)) ? [file] : [])))
    ).flat();
    if (files.length === 0) return [];
    let options: PythonTestOptions;
    let found: ScriptTest[];
    try {
      options = await this.options(folder);
      found = await collectScriptTests(
        files.map((f) => path.relative(folder.uri.fsPath, f.fsPath)),
        options,
      );
    } catch (error) {
      const message = error instanceof ScriptTestError ? error.message : String(error);
      this.ctx.parts.log.warn(`script tests of ${folder.name}: ${message}`);
      const item = this.controller.createTestItem('motion.tests.problem', 'Motion tests could not be collected');
      item.error = new vscode.MarkdownString().appendText(message);
      return [item];
    }
    const byFile = new Map<string, vscode.TestItem>();
    for (const test of found) {
      const uri = vscode.Uri.file(path.resolve(options.cwd, test.file));
      let file = byFile.get(test.file);
      if (!file) byFile.set(test.file, (file = this.controller.createTestItem(test.file, test.file, uri)));
      if (test.collectionError !== undefined) {
        // Said on the file's own item (at the line the traceback names in it); the other files' tests stay runnable.
        file.error = new vscode.MarkdownString().appendCodeblock(test.collectionError, 'text');
        const at = new RegExp(`${test.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+): in`).exec(
          test.collectionError,
        );
        if (at) file.range = new vscode.Range(Number(at[1]) - 1, 0, Number(at[1]) - 1, 0);
        continue;
      }
      const item = this.controller.createTestItem(test.id, test.name, uri);
      if (test.line) item.range = new vscode.Range(test.line - 1, 0, (test.endLine ?? test.line) - 1, 0);
      this.tests.set(item, { test, folder });
      file.children.add(item);
    }
    return [...byFile.values()];
  }

  /** Runs the tests asked for (or all), one after another, each against an application of its own. */
  async run(request: vscode.TestRunRequest, token: vscode.CancellationToken, debug = false): Promise<void> {
    const run = this.controller.createTestRun(request);
    try {
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
        const { test, folder } = this.tests.get(item)!;
        await this.report(run, item, test, async () => {
          const options = await this.options(folder);
          return debug
            ? this.debugOne(run, test, folder, await optionsFor(test, options))
            : runScriptTest(test, options);
        });
      }
    } finally {
      run.end();
    }
  }

  /**
   * Debugs one test against a private server of its own, so that breakpoints in the test and in the
   * user's tools stop: a Python test is pytest launched by the motion debugger (debugpy), its JUnit
   * report saying how it ended; a Lua test is its spec file run by the Lua debugger with only that
   * test's it running, which writes how it ended.
   */
  private async debugOne(
    run: vscode.TestRun,
    test: ScriptTest,
    folder: vscode.WorkspaceFolder,
    options: PythonTestOptions,
  ): Promise<ScriptTestResult> {
    const reports = await mkdtemp(path.join(tmpdir(), `motion-test-${process.pid}-`));
    const lua = test.file.endsWith('.lua');
    const report = path.join(reports, lua ? 'result.json' : 'junit.xml');
    const started = performance.now();
    try {
      await withTestApplication(options.serverScript, options.snapshot, async (server) => {
        const name = `Debug ${test.name}`;
        const ended = new Promise<void>((resolve) => {
          const listener = vscode.debug.onDidTerminateDebugSession((session) => {
            if (session.name !== name) return;
            listener.dispose();
            resolve();
          });
        });
        const which = lua
          ? {
              program: path.resolve(options.cwd, test.file),
              luaTest: { names: test.names ?? [test.name], stateFile: server.stateFile, report },
            }
          : {
              program: this.ctx.extension.asAbsolutePath(path.join('dist', 'python', 'motion_pytest.py')),
              args: [...PYTEST_OPTIONS, ...pytestArguments(test, report)],
              env: testEnvironment(server),
            };
        const launched = await vscode.debug.startDebugging(
          folder,
          { type: 'motion', request: 'launch', name, cwd: options.cwd, serverUrl: server.url, ...which },
          { testRun: run },
        );
        if (!launched) throw new ScriptTestError('the debug session did not start (see the Debug Console)');
        await ended;
      });
      const text = await readFile(report, 'utf8').catch(() => undefined);
      if (text === undefined) throw new ScriptTestError(`the debugged test ${test.id} ended without a result`);
      const elapsed = performance.now() - started;
      return lua ? luaResult(test, JSON.parse(text) as LuaOutcome, '', elapsed) : pytestResult(test, text, elapsed);
    } finally {
      await rm(reports, { recursive: true, force: true });
    }
  }

  private async report(
    run: vscode.TestRun,
    item: vscode.TestItem,
    test: ScriptTest,
    outcome: () => Promise<ScriptTestResult>,
  ) {
    let result: ScriptTestResult;
    try {
      result = await outcome();
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

/** Whether a test file touches motion (a file that cannot be read is left to other runners). */
async function touchesMotion(file: vscode.Uri): Promise<boolean> {
  const text = await vscode.workspace.fs.readFile(file).then(
    (bytes) => new TextDecoder().decode(bytes),
    () => '',
  );
  return isMotionTest(file.path.endsWith('.lua') ? 'lua' : 'python', text);
}
