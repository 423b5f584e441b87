// Mocha root hooks for the Windows leg (scripts/test-windows.mjs): the tests that cannot run on
// Node for Windows on these machines, each with why. They are skipped before they start, counted,
// and listed by reason at the end (scripts/test-windows.mjs); every other test runs there.
import { appendFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Context, Suite, Test } from 'mocha';

interface CannotRun {
  /** The test file, from the repository's root, with forward slashes. */
  file: string;
  /** Only the tests whose full title matches; without it, every test of the file. */
  title?: RegExp;
  reason: string;
}

const NO_PYTHON =
  'runs Python: no Windows Python can be installed on these machines (the session and the package are tested under Windows’ rules, simulated, on Linux)';
const SHELL_SCRIPT_PYTHON =
  'its stand-in interpreters are shell scripts, which Windows cannot start (the same questions are asked of a .cmd stand-in in find-python.test.ts)';
const PROC = 'reads what runs from /proc or with ps, which Windows has not';
const PTY = 'types into a pseudo-terminal made by util-linux `script`, which Windows has not';
const POSIX_SIGNALS =
  'kills a process with a POSIX signal and expects to be told which: on Windows every kill ends a process the same way';
const DIRECTORY_FSYNC = 'fsyncs a directory, as Linux must: Windows refuses it (its own order is tested beside)';
const SYMBOLIC_LINKS =
  'symbolic links: Node for Windows under Wine makes one that it then does not resolve as Windows does (and Windows makes them only in Developer Mode or as administrator)';
const DEV_NULL = 'writes under /dev/null, a path only POSIX systems have';
const PACKAGE_TOOLS =
  'makes and opens the .vsix with vsce and unzip of the build machine: the package is made once, on Linux, for every platform (its content is what this test checks)';
const WINE_HANG =
  'hangs under Wine when every server test is loaded first (it passes run alone, and on Linux): its cause is not found yet, see the note on issue 63';

/** Every test of these files. */
const WHOLE_FILES: [string, string][] = [
  ['test/runner/python-session.test.ts', NO_PYTHON],
  ['test/runner/python-session-ends.test.ts', NO_PYTHON],
  ['test/runner/python-console-session.test.ts', NO_PYTHON],
  ['test/runner/rich-runs.test.ts', NO_PYTHON],
  ['test/runner/reload-modules.test.ts', NO_PYTHON],
  ['test/runner/python-package.test.ts', NO_PYTHON],
  ['test/runner/python-package-network.test.ts', NO_PYTHON],
  ['test/debug/python-debug.test.ts', NO_PYTHON],
  ['test/debug/python-cell-debug.test.ts', NO_PYTHON],
  ['test/language/python-literals.test.ts', NO_PYTHON],
  ['test/cli/snapshot-record.test.ts', NO_PYTHON],
  ['test/cli/mcp-apply.test.ts', NO_PYTHON],
  ['test/cli/test-command.test.ts', NO_PYTHON],
  ['test/cli/test-command-killed.test.ts', NO_PYTHON],
  ['test/server/script-host.test.ts', NO_PYTHON],
  ['test/server/dialogs.test.ts', NO_PYTHON],
  ['test/runner/dry-run-command.test.ts', NO_PYTHON],
  ['test/debug/application-attach.test.ts', NO_PYTHON],
  ['test/cli/tool-tests.test.ts', NO_PYTHON],
  ['test/debug/debugpy-check.test.ts', SHELL_SCRIPT_PYTHON],
  ['test/debug/debugpy-search.test.ts', SHELL_SCRIPT_PYTHON],
  ['test/debug/python-adapter-ends.test.ts', SHELL_SCRIPT_PYTHON],
  ['test/runner/dry-run.test.ts', PROC],
  ['test/unit/processes.test.ts', PROC],
  ['test/unit/extension-package.test.ts', PACKAGE_TOOLS],
];

/** The tests of a file whose full title matches. */
const SOME_TESTS: [string, RegExp, string][] = [
  [
    'test/extension-logic/script-recorder.test.ts',
    /in Python|each language|bone up by the labels|look-ups in the order/,
    NO_PYTHON,
  ],
  ['test/extension-logic/script-literals.test.ts', /CPython/, NO_PYTHON],
  [
    'test/cli/batch.test.ts',
    /in both layouts|script’s line|clear message|against the application|SIGKILL|unsaved changes/,
    NO_PYTHON,
  ],
  ['test/cli/script-templates.test.ts', /\(Python\)/, NO_PYTHON],
  ['test/cli/no-application.test.ts', /run --dry-run uses the reference server/, NO_PYTHON],
  ['test/cli/version-guard-run.test.ts', /Python:/, NO_PYTHON],
  ['test/cli/run.test.ts', /\.py|Python twin|traceback at the script|sys\.exit|examples’ tests/, NO_PYTHON],
  [
    'test/cli/snapshot-command.test.ts',
    /as an outline|as JSON with --json|says "no changes"|outlives its deadline/,
    NO_PYTHON,
  ],
  ['test/cli/repl.test.ts', /Python|input\(\) the lines/, NO_PYTHON],
  ['test/cli/repl.test.ts', /in a terminal/, PTY],
  [
    'test/cli/mcp-server.test.ts',
    /dry-runs a script|deadline|takes a snapshot, and dry-runs|what a dry run found|cancels/,
    NO_PYTHON,
  ],
  ['test/cli/files-from-windows.test.ts', /Python script/, NO_PYTHON],
  ['test/runner/foreign-documentation.test.ts', /in Python/, NO_PYTHON],
  ['test/runner/unicode-names.test.ts', /in Python/, NO_PYTHON],
  [
    'test/runner/dry-run-whole-interface.test.ts',
    /python|Python|gap filler|before its documentation is ready/,
    NO_PYTHON,
  ],
  ['test/cli/dry-run-not-sent.test.ts', /\(python\)|an import that fails/, NO_PYTHON],
  [
    'test/runner/dry-run-starting.test.ts',
    /Python has started|taken while Python starts|ends the session started meanwhile/,
    SHELL_SCRIPT_PYTHON,
  ],
  ['test/cli/dry-run-smaller-application.test.ts', /never touches skeletons|stops where it would stop/, NO_PYTHON],
  ['test/runner/record-snapshot.test.ts', /with a script|in either language/, NO_PYTHON],
  [
    'test/runner/assistant/dry-run-script.test.ts',
    /changes nothing|script that raises|cuts a diff|refuses, saying what to do/,
    NO_PYTHON,
  ],
  ['test/runner/assistant/run-script-tests.test.ts', /a test that errs|every outcome counted/, NO_PYTHON],
  ['test/runner/assistant/take-snapshot.test.ts', /Python script runs in the host/, NO_PYTHON],
  ['test/runner/terminal-console.test.ts', /Python|pasted block/, NO_PYTHON],
  ['test/runner/terminal-console-questions.test.ts', /Python|input\(\)|narrow terminal/, NO_PYTHON],
  [
    'test/debug/debug-launch.test.ts',
    /debugpy in Debian|install it into an interpreter|does not exist, or is no Python/,
    SHELL_SCRIPT_PYTHON,
  ],
  ['test/debug/serve-on-stdio.test.ts', /ends what it started/, SHELL_SCRIPT_PYTHON],
  ['test/runner/reference-server-process.test.ts', /state kept|plain Node, with this process/, PROC],
  ['test/extension-logic/embedded-server.test.ts', /starts once for concurrent callers/, PROC],
  ['test/extension-logic/embedded-server.test.ts', /stops without being asked/, POSIX_SIGNALS],
  ['test/server/crash.test.ts', /then fsyncs the directory/, DIRECTORY_FSYNC],
  ['test/server/crash.test.ts', /kills at random moments/, WINE_HANG],
  ['test/server/state-file-open.test.ts', /follows a link to the state file/, SYMBOLIC_LINKS],
  [
    'test/server/state-file-hardening.test.ts',
    /keeps a linked state file a link|whatever its name: a link, a hard link/,
    SYMBOLIC_LINKS,
  ],
  ['test/api/client-hardening.test.ts', /stubs cannot be written where asked/, DEV_NULL],
  ['test/cli/commands-command.test.ts', /lists the menus|runs a command as a click does/, NO_PYTHON],
  ['test/runner/dry-run-measurement.test.ts', /example filler|smoothing|writes no file/, NO_PYTHON],
];

export const CANNOT_RUN: CannotRun[] = [
  ...WHOLE_FILES.map(([file, reason]) => ({ file, reason })),
  ...SOME_TESTS.map(([file, title, reason]) => ({ file, title, reason })),
];

const ROOT = resolve(__dirname, '../..');
const skipped = new Map<string, number>();

/** The rule that keeps a test from running here, if any. */
function ruleFor(test: Test): CannotRun | undefined {
  if (!test.file) return undefined;
  const file = relative(ROOT, test.file).replaceAll('\\', '/');
  return CANNOT_RUN.find((r) => r.file === file && (!r.title || r.title.test(test.fullTitle())));
}

/**
 * Marks each test that cannot run as pending, counted by its reason; a suite whose tests all are
 * is marked pending too, so that its hooks (a server started before all, a Python looked for)
 * do not run either.
 */
function markCannotRun(suite: Suite): boolean {
  let all = suite.tests.length + suite.suites.length > 0;
  for (const test of suite.tests) {
    const rule = ruleFor(test);
    if (rule) {
      test.pending = true;
      skipped.set(rule.reason, (skipped.get(rule.reason) ?? 0) + 1);
    } else all = false;
  }
  for (const child of suite.suites) if (!markCannotRun(child)) all = false;
  if (all) suite.pending = true;
  return all;
}

export const mochaHooks = {
  beforeAll(this: Context) {
    const root = this.test?.parent;
    if (root) markCannotRun(root);
    // Each file counts its own (in parallel mode a file is a run of its own, in a worker whose
    // output is not shown, and a file none of whose tests can run has no afterAll): the counts go
    // to the leg's tally file now, and scripts/test-windows.mjs adds them up and lists them at the
    // end. Without the file (a bare mocha run), the tests are still skipped, only not listed.
    const tally = process.env.MOTION_CANNOT_RUN_TALLY;
    if (tally && skipped.size > 0) appendFileSync(tally, [...skipped].map(([r, n]) => `${n}\t${r}\n`).join(''));
    skipped.clear();
  },
};
