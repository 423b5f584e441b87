import { collectLuaTests, runLuaTest } from './lua-tests';
import { collectPythonTests, runPythonTest, type PythonTestOptions } from './python-tests';
import { ScriptTestError, type ScriptTest, type ScriptTestResult } from './script-test';
import { SnapshotRefused } from '../dry-run/private-server';
import { findTestFiles } from './test-files';
import { snapshotFor } from './named-snapshot';

/**
 * Every test in `paths` (none: the folder): Python's as pytest finds them, asked only when there is
 * a Python test file (a Lua project needs no pytest), then Lua's `*_spec.lua` describe/it tests.
 */
export async function collectScriptTests(paths: string[], options: PythonTestOptions): Promise<ScriptTest[]> {
  const [python, lua] = await Promise.all([
    findTestFiles(paths, options.cwd, 'python'),
    findTestFiles(paths, options.cwd, 'lua'),
  ]);
  const forPytest = paths.filter((path) => !path.endsWith('.lua'));
  const pythonTests =
    python.length > 0 && (paths.length === 0 || forPytest.length > 0)
      ? await collectPythonTests(forPytest, options)
      : [];
  return [...pythonTests, ...(await collectLuaTests(lua, options))];
}

/** What a test runs with: the run's options, starting from the snapshot its file names if it names one. */
export async function optionsFor(test: ScriptTest, options: PythonTestOptions): Promise<PythonTestOptions> {
  return { ...options, snapshot: await snapshotFor(test, options.cwd, options.snapshot) };
}

/** Runs one test, in its language, against an application of its own. */
export async function runScriptTest(test: ScriptTest, options: PythonTestOptions): Promise<ScriptTestResult> {
  const started = performance.now();
  try {
    const own = await optionsFor(test, options);
    return await (test.file.endsWith('.lua') ? runLuaTest(test, own) : runPythonTest(test, own));
  } catch (error) {
    // A snapshot its file names that cannot be read or served is that file's tests' error; the others run.
    const named = test.snapshot !== undefined && (error instanceof ScriptTestError || error instanceof SnapshotRefused);
    if (!named) throw error;
    const message = error instanceof SnapshotRefused ? `${test.snapshot}: ${error.message}` : error.message;
    return { test, outcome: 'errored', durationMs: performance.now() - started, message, output: '' };
  }
}
