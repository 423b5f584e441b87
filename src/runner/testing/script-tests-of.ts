import { collectLuaTests, runLuaTest } from './lua-tests';
import { collectPythonTests, runPythonTest, type PythonTestOptions } from './python-tests';
import type { ScriptTest, ScriptTestResult } from './script-test';
import { findTestFiles } from './test-files';

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

/** Runs one test, in its language, against an application of its own. */
export function runScriptTest(test: ScriptTest, options: PythonTestOptions): Promise<ScriptTestResult> {
  return test.file.endsWith('.lua') ? runLuaTest(test, options) : runPythonTest(test, options);
}
