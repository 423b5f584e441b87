import { collectLuaTests, runLuaTest } from './lua-tests';
import { collectPythonTests, runPythonTest, type PythonTestOptions } from './python-tests';
import type { ScriptTest, ScriptTestResult } from './script-test';
import { SnapshotRefused } from '../dry-run/private-server';
import { findTestFiles } from './test-files';
import { namedSnapshot, refusedSnapshot, snapshotFor } from './named-snapshot';
import { posix, resolve } from 'node:path';
import { readUserText } from '../../api/files/user-text';

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
      ? await collectPython(python, forPytest, options)
      : [];
  return [...pythonTests, ...(await collectLuaTests(lua, options))];
}

/**
 * Python's tests. Collecting imports a test file and the tools it imports, which build their
 * modules from the application's documentation: a file that names a snapshot is collected against
 * it (a recording may hold the documentation of an interface larger than the reference server's),
 * the others together, as pytest finds them in `paths`.
 */
async function collectPython(files: string[], paths: string[], options: PythonTestOptions): Promise<ScriptTest[]> {
  const bySnapshot = new Map<string, { text: string; files: string[] }>();
  for (const file of files) {
    const named = namedSnapshot(file, await readUserText(resolve(options.cwd, file)).catch(() => ''));
    if (named === undefined) continue;
    // A snapshot that cannot be read: its file is collected with the others, and its tests say so when run.
    const text = await readUserText(resolve(options.cwd, named)).catch(() => undefined);
    if (text === undefined) continue;
    const group = bySnapshot.get(named) ?? { text, files: [] };
    group.files.push(file);
    bySnapshot.set(named, group);
  }
  const own = [...bySnapshot.values()].flatMap((group) => group.files);
  // pytest collects a file named on its command line even when told to ignore it: left out by name too.
  const relative = (path: string) =>
    posix.normalize(
      resolve(options.cwd, path)
        .slice(resolve(options.cwd).length + 1)
        .split('\\')
        .join('/'),
    );
  const rest = paths.filter((path) => !own.includes(relative(path)));
  const tests = paths.length > 0 && rest.length === 0 ? [] : await collectPythonTests(rest, options, own);
  for (const group of bySnapshot.values())
    tests.push(
      // A snapshot the server refuses: its files are collected as the others, and their tests say why when run.
      ...(await collectPythonTests(group.files, { ...options, snapshot: group.text }).catch((error: unknown) => {
        if (!refusedSnapshot(error)) throw error;
        return collectPythonTests(group.files, options);
      })),
    );
  return tests.sort((a, b) => files.indexOf(a.file) - files.indexOf(b.file));
}

/** What a test runs with: the run's options, starting from the snapshot its file names if it names one. */
export async function optionsFor(test: ScriptTest, options: PythonTestOptions): Promise<PythonTestOptions> {
  return { ...options, snapshot: await snapshotFor(test, options.cwd, options.snapshot) };
}

/** Runs one test, in its language, against an application of its own. */
export async function runScriptTest(test: ScriptTest, options: PythonTestOptions): Promise<ScriptTestResult> {
  const started = performance.now();
  // A file that could not be collected has no test to run: its error is its result.
  if (test.collectionError !== undefined)
    return {
      test,
      outcome: 'errored',
      durationMs: 0,
      message: test.collectionError.split('\n')[0],
      details: test.collectionError,
      output: '',
    };
  try {
    const own = await optionsFor(test, options);
    return await (test.file.endsWith('.lua') ? runLuaTest(test, own) : runPythonTest(test, own));
  } catch (error) {
    // A snapshot its file names that cannot be read or served is that file's tests' error; the others run.
    const named = test.snapshot !== undefined && refusedSnapshot(error);
    if (!named) throw error;
    const message = error instanceof SnapshotRefused ? `${test.snapshot}: ${error.message}` : (error as Error).message;
    return { test, outcome: 'errored', durationMs: performance.now() - started, message, output: '' };
  }
}
