/** A test a user wrote for a script: where it is, and how it ended. No `vscode` import. */
export interface ScriptTest {
  /** pytest's node id (`tests/test_scale.py::test_doubles`): unique, and what runs it again. */
  id: string;
  file: string;
  /** `test_doubles`, `TestScale::test_doubles`. */
  name: string;
  /** 1-based line of its definition, when found. */
  line?: number;
  /** 1-based last line of its body (where "Test at Cursor" still finds it). */
  endLine?: number;
  /** A Lua test's names: its describe blocks', then its own (what runs it again). */
  names?: string[];
  /** The snapshot its file names (`# motion-snapshot: …`), relative to the folder the tests run in. */
  snapshot?: string;
  /**
   * A test file that could not be collected (an import error): what pytest said. It stands for the
   * file, with no name; the other files' tests are collected and run all the same.
   */
  collectionError?: string;
}

export type TestOutcome = 'passed' | 'failed' | 'errored' | 'skipped';

export interface ScriptTestResult {
  test: ScriptTest;
  outcome: TestOutcome;
  durationMs: number;
  /** Why it failed, errored or was skipped: the first line of the failure. */
  message?: string;
  /** The whole failure as the test framework tells it (a traceback). */
  details?: string;
  /** 1-based line in the test's file where it failed. */
  failureLine?: number;
  /** For a failed comparison (`assert actual == expected`): both sides as written in the failure. */
  expected?: string;
  actual?: string;
  /** What the test printed. */
  output: string;
}

/** Tests could not be found or run at all (no pytest, a bad snapshot): said to the user as it is. */
export class ScriptTestError extends Error {
  override name = 'ScriptTestError';
}

/** A test run was stopped at its deadline (a test that never ends): that test's error, the others still run. */
export class PastDeadline extends ScriptTestError {}
