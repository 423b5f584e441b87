import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { junitReport } from '../../runner/testing/junit-report';
import type { PythonTestOptions } from '../../runner/testing/python-tests';
import { collectScriptTests, runScriptTest } from '../../runner/testing/script-tests-of';
import { ScriptTestError, type ScriptTestResult } from '../../runner/testing/script-test';
import { EXIT, GLOBAL_OPTIONS, terminalSafe, UsageError } from '../cli-context';
import { defaultPythonCommand } from '../../api/runtime/find-python';
import { readUserText } from '../../api/files/user-text';

const TEST_HELP = `Usage: motion test [PATH...] [--snapshot FILE] [--junit FILE] [--python PATH]

Runs the tests you wrote for your scripts, each against an application of its own: a private
reference server started from --snapshot FILE (motion snapshot -o FILE) or the demo data, so a
test may change it freely. Python: pytest's rules (test_*.py files, test_ functions, Test classes,
unittest cases). Lua: *_spec.lua files of describe/it blocks with busted's assert.equal,
assert.same, assert.is_nil... (built in; dofile and require load your scripts from the folder).
In a test, motion.testing.state() gives that application's whole state, and
motion.testing.skeleton(source, name) one skeleton with its segments by name. A test file can
name its own snapshot in a comment, "# motion-snapshot: fixtures/stage.motion.json" ("--" in Lua),
relative to the file; it wins over --snapshot. The application at --url is never touched.

  --snapshot FILE  what every test starts from (default: the demo data)
  --junit FILE     also write a JUnit XML report (for CI)
  --python PATH    the interpreter, with pytest installed (default python3; on Windows py)
  --deadline S     how long one test may take (default 60 s)

Exit status: 0 every test passed (or was skipped), 1 a test failed, 2 bad usage or no pytest.`;

const MARK = { passed: '✓', failed: '✗', errored: '!', skipped: '-' } as const;

export async function testCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      json: GLOBAL_OPTIONS.json,
      help: GLOBAL_OPTIONS.help,
      snapshot: { type: 'string' },
      junit: { type: 'string' },
      python: { type: 'string' },
      deadline: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${TEST_HELP}\n`), EXIT.ok);
  const deadline = values.deadline === undefined ? 60 : Number(values.deadline);
  if (!Number.isFinite(deadline) || deadline <= 0)
    throw new UsageError(`--deadline must be a positive number of seconds, got "${values.deadline}"`);
  let snapshot: string | undefined;
  if (values.snapshot !== undefined)
    snapshot = await readUserText(values.snapshot).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read the snapshot ${values.snapshot} (${error.code ?? error.message})`);
    });
  const options: PythonTestOptions = {
    python: values.python ?? defaultPythonCommand(),
    cwd: process.cwd(),
    serverScript: join(__dirname, 'motion-server.js'),
    snapshot,
    deadlineMs: deadline * 1000,
  };
  const results: ScriptTestResult[] = [];
  try {
    const tests = await collectScriptTests(positionals, options);
    if (tests.length === 0) {
      process.stderr.write(`motion test: no tests found in ${positionals.join(', ') || 'this folder'}\n`);
      return EXIT.ok;
    }
    for (const test of tests) {
      const result = await runScriptTest(test, options);
      results.push(result);
      if (!values.json) process.stdout.write(`${terminalSafe(describeResult(result))}\n`);
    }
  } catch (error) {
    if (!(error instanceof ScriptTestError)) throw error;
    process.stderr.write(`motion test: ${terminalSafe(error.message)}\n`);
    return EXIT.usage;
  }
  if (values.junit) await writeFile(values.junit, junitReport(results));
  if (values.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  const counts = (['passed', 'failed', 'errored', 'skipped'] as const)
    .map((outcome) => [outcome, results.filter((r) => r.outcome === outcome).length] as const)
    .filter(([outcome, n]) => n > 0 || outcome === 'passed' || outcome === 'failed')
    .map(([outcome, n]) => `${n} ${outcome}`);
  process.stderr.write(`motion test: ${counts.join(', ')}\n`);
  return results.some((r) => r.outcome === 'failed' || r.outcome === 'errored') ? EXIT.refused : EXIT.ok;
}

/** `✓ tests/test_scale.py::test_doubles (0.41 s)`, and for a failure its first line and where. */
function describeResult(result: ScriptTestResult): string {
  const head = `${MARK[result.outcome]} ${result.test.id} (${(result.durationMs / 1000).toFixed(2)} s)`;
  if (result.outcome === 'passed') return head;
  const where = result.failureLine ? ` (${result.test.file}:${result.failureLine})` : '';
  return `${head}\n    ${result.message ?? result.outcome}${where}`;
}
