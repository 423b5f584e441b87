import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { withTestApplication } from './test-application';
import { pythonSupportDir } from '../../api/runtime/python-support';
import { namedSnapshot } from './named-snapshot';
import { PastDeadline, ScriptTestError, type ScriptTest, type ScriptTestResult, type TestOutcome } from './script-test';
import { findPython, PythonNotFound } from '../../api/runtime/find-python';

const COLLECTION_DEADLINE_MS = 120_000;

/** Always: no .pytest_cache written into the user's folder. */
export const PYTEST_OPTIONS = ['-p', 'no:cacheprovider'];

/** What running a user's Python tests needs: their interpreter, the folder they run in, our server. */
export interface PythonTestOptions {
  python: string;
  cwd: string;
  serverScript: string;
  /** A snapshot file's text each test starts from; undefined: the demo data. */
  snapshot?: string;
  /** How long one test may take. */
  deadlineMs?: number;
}

/** pytest in the user's interpreter, with the motion package, pointed at `url`: its exit code and output. */
function pytest(
  options: PythonTestOptions,
  args: string[],
  env: Record<string, string>,
  deadlineMs = options.deadlineMs ?? 60_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  // The Python itself, not a launcher (py) or a shim (pyenv-win's .bat) that Node cannot start alone.
  const python = findPython(options.python).catch((error: Error) => {
    throw error instanceof PythonNotFound ? new ScriptTestError(error.message) : error;
  });
  return python.then(({ executable }) => runPytest(executable, options, args, env, deadlineMs));
}

function runPytest(
  executable: string,
  options: PythonTestOptions,
  args: string[],
  env: Record<string, string>,
  deadlineMs: number,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    execFile(
      executable,
      // The run ends with this process, however it ends (motion_parent_watch.py).
      ['-m', 'pytest', ...PYTEST_OPTIONS, '-p', 'motion_parent_watch', ...args],
      {
        cwd: options.cwd,
        timeout: deadlineMs,
        maxBuffer: 16 * 1024 * 1024,
        env: {
          ...process.env,
          ...env,
          PYTHONPATH: [pythonSupportDir(), process.env.PYTHONPATH].filter(Boolean).join(delimiter),
          PYTHONIOENCODING: 'utf-8',
        },
      },
      (error, stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT')
          return fail(new ScriptTestError(`the Python interpreter "${options.python}" was not found`));
        if (error?.killed)
          return fail(new PastDeadline(`the test run did not finish within ${deadlineMs / 1000} s, so it was stopped`));
        if (/No module named pytest/.test(stderr))
          return fail(
            new ScriptTestError(
              `pytest is not installed for ${options.python}: install it with "${options.python} -m pip install pytest" (or your system's package, such as python3-pytest)`,
            ),
          );
        done({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/**
 * The tests pytest finds in `paths` (its own rules: test_*.py files, test_ functions, Test classes,
 * unittest cases). Collecting imports the files, and `import motion` asks the application for its
 * documentation: a private server with the demo data answers.
 */
export async function collectPythonTests(
  paths: string[],
  options: PythonTestOptions,
  /** Test files collected elsewhere (from the snapshot they name), left out here. */
  ignored: string[] = [],
): Promise<ScriptTest[]> {
  const ignore = ignored.map((file) => `--ignore=${file}`);
  const { code, stdout, stderr } = await withTestApplication(options.serverScript, options.snapshot, (server) =>
    // Finding tests runs none: a test's deadline is not collection's.
    // A file that cannot be collected is said on its own; the others' tests are collected all the same.
    pytest(
      options,
      ['--collect-only', '-q', '--continue-on-collection-errors', ...ignore, ...paths],
      { MOTION_URL: server.url },
      COLLECTION_DEADLINE_MS,
    ),
  );
  const problems = collectionErrors(stdout);
  // 5: no tests collected; 1: some files could not be collected (each said below).
  if (code !== 0 && code !== 5 && !(code === 1 && problems.length > 0))
    throw new ScriptTestError(`pytest could not collect the tests:\n${(stdout + stderr).trim()}`);
  const ids = stdout.split('\n').filter((line) => /^[^\s].*::/.test(line));
  // Each file is read once, however many tests it holds.
  const files = new Map<string, Promise<string | undefined>>();
  const textOf = (file: string) => {
    if (!files.has(file))
      files.set(
        file,
        readFile(resolve(options.cwd, file), 'utf8').catch(() => undefined), // the file went away since: no text
      );
    return files.get(file)!;
  };
  const tests = await Promise.all(
    ids.map(async (line) => {
      const id = line.trim();
      return describeTest(id, await textOf(id.split('::')[0]));
    }),
  );
  return [...tests, ...problems.map(({ file, message }) => ({ id: file, file, name: '', collectionError: message }))];
}

/**
 * The files pytest could not collect, each with what it said: its section under ERRORS
 * ("___ ERROR collecting tests/test_x.py ___", then the traceback), the error's own line first.
 */
export function collectionErrors(output: string): { file: string; message: string }[] {
  const found: { file: string; message: string }[] = [];
  const sections = output.split(/^_{3,} ERROR collecting (.+?) _{3,}$/m);
  for (let i = 1; i < sections.length; i += 2) {
    const body = sections[i + 1].split(/^={3,}/m)[0].trim();
    const errorLines = body
      .split('\n')
      .filter((line) => line.startsWith('E   '))
      .map((line) => line.slice(4));
    const first = errorLines.at(-1) ?? body.split('\n')[0];
    found.push({ file: sections[i].trim(), message: `${first}\n\n${body}` });
  }
  return found;
}

/**
 * A node id with the lines of its definition, found in its file's text (pytest's quiet collection
 * gives none), and the snapshot its file names.
 */
function describeTest(id: string, text: string | undefined): ScriptTest {
  const [file, ...names] = id.split('::');
  const snapshot = text === undefined ? undefined : namedSnapshot(file, text);
  const test: ScriptTest = { id, file, name: names.join('::'), ...(snapshot === undefined ? {} : { snapshot }) };
  const lines = text?.split('\n');
  const method = names.at(-1)!.replace(/\[.*$/, '');
  const found = lines?.findIndex((line) => new RegExp(`^\\s*(async\\s+)?def\\s+${method}\\b`).test(line)) ?? -1;
  if (!lines || found < 0) return test;
  // The body: every line after the def that is blank or indented deeper than it.
  const indent = /^\s*/.exec(lines[found])![0].length;
  let end = found;
  for (let i = found + 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    if (/^\s*/.exec(lines[i])![0].length <= indent) break;
    end = i;
  }
  return { ...test, line: found + 1, endLine: end + 1 };
}

interface JunitCase {
  time?: string;
  failure?: JunitProblem;
  error?: JunitProblem;
  skipped?: JunitProblem;
  'system-out'?: string;
}
type JunitProblem = string | { message?: string; '#text'?: string };

/** Runs one test against a private server of its own (a fresh copy of the snapshot, or the demo data). */
export async function runPythonTest(test: ScriptTest, options: PythonTestOptions): Promise<ScriptTestResult> {
  // Named after this process, as private servers' folders are: one a kill left behind is removed later.
  const reports = await mkdtemp(join(tmpdir(), `motion-test-${process.pid}-`));
  const report = join(reports, 'junit.xml');
  const started = performance.now();
  try {
    const run = await withTestApplication(options.serverScript, options.snapshot, (server) =>
      pytest(options, pytestArguments(test, report), testEnvironment(server)),
    ).catch((error: Error) => {
      if (!(error instanceof PastDeadline)) throw error;
      return error;
    });
    // A test that never ends is that test's failure; the others still run.
    if (run instanceof PastDeadline)
      return { test, outcome: 'errored', durationMs: performance.now() - started, message: run.message, output: '' };
    const text = await readFile(report, 'utf8').catch(() => undefined);
    if (text === undefined)
      throw new ScriptTestError(`pytest ran no test for ${test.id}:\n${(run.stdout + run.stderr).trim()}`);
    return pytestResult(test, text, performance.now() - started);
  } finally {
    await rm(reports, { recursive: true, force: true });
  }
}

/** pytest's arguments that run one test and report it as JUnit XML at `report` (run, or debugged). */
export function pytestArguments(test: ScriptTest, report: string): string[] {
  return ['-q', '-o', 'junit_logging=system-out', `--junitxml=${report}`, test.id];
}

/** What a test's process is told: the application to use, and where its whole state is (motion.testing). */
export function testEnvironment(server: { url: string; stateFile: string }): Record<string, string> {
  return { MOTION_URL: server.url, MOTION_TEST_STATE: server.stateFile };
}

/** The test's case of a JUnit report, as a result: outcome, the failure's first line and where, compared values. */
export function pytestResult(test: ScriptTest, junit: string, elapsedMs: number): ScriptTestResult {
  // pytest writes a message's line breaks as &#10;: numeric references are read as characters too.
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true }).parse(
    junit,
  ) as {
    testsuites?: { testsuite?: { testcase?: JunitCase | JunitCase[] } };
  };
  const cases = parsed.testsuites?.testsuite?.testcase;
  const found = Array.isArray(cases) ? cases[0] : cases;
  if (!found)
    return { test, outcome: 'errored', durationMs: elapsedMs, message: 'pytest reported no result', output: '' };
  const [outcome, problem]: [TestOutcome, JunitProblem | undefined] = found.failure
    ? ['failed', found.failure]
    : found.error
      ? ['errored', found.error]
      : found.skipped !== undefined
        ? ['skipped', found.skipped]
        : ['passed', undefined];
  const output = capturedOutput(found['system-out']);
  const durationMs = found.time ? Number(found.time) * 1000 : elapsedMs;
  if (!problem) return { test, outcome, durationMs, output };
  const message = typeof problem === 'string' ? problem : (problem.message ?? '');
  const details = typeof problem === 'string' ? problem : (problem['#text'] ?? message);
  // pytest ends a failure with "path/test_x.py:12: AssertionError": the last such line of the test's file.
  const file = test.file
    .split('/')
    .pop()!
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const lines = [...details.matchAll(new RegExp(`^\\S*${file}:(\\d+):`, 'gm'))];
  // The comparison is the message's first line, or its second after an assert's own message.
  const compared = /^assert (.+) == (.+)$/m.exec(message);
  return {
    test,
    outcome,
    durationMs,
    message: message.split('\n')[0],
    details,
    failureLine: lines.length > 0 ? Number(lines.at(-1)![1]) : undefined,
    ...(compared ? { actual: compared[1], expected: compared[2] } : {}),
    output,
  };
}

/** The test's own output from pytest's "Captured Out" section. */
function capturedOutput(systemOut: string | undefined): string {
  if (!systemOut) return '';
  const match = /-+ Captured Out -+\n([\s\S]*?)(?:\n-+ Captured \w+ -+|$)/.exec(systemOut);
  return (match ? match[1] : '').replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/^\n$/, '');
}
