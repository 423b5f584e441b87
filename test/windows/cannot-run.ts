// Mocha root hooks for the Windows leg (scripts/test-windows.mjs): the tests that cannot run on
// Node for Windows on these machines, each with why. They are skipped before they start, counted,
// and listed by reason at the end; every other test runs there.
import { relative, resolve } from 'node:path';
import type { Context } from 'mocha';

interface CannotRun {
  /** The test file, from the repository's root, with forward slashes. */
  file: string;
  /** Only the tests whose full title matches; without it, every test of the file. */
  title?: RegExp;
  reason: string;
}

const NO_PYTHON =
  'runs Python: no Windows Python can be installed on these machines (Python is tested under Windows’ rules, simulated, on Linux)';

const SYMBOLIC_LINKS =
  'symbolic links: Node for Windows under Wine makes one that it then does not resolve as Windows does (and Windows makes them only in Developer Mode or as administrator)';

export const CANNOT_RUN: CannotRun[] = [
  { file: 'test/server/state-file-open.test.ts', title: /follows a link to the state file/, reason: SYMBOLIC_LINKS },
  {
    file: 'test/server/state-file-hardening.test.ts',
    title: /keeps a linked state file a link|whatever its name: a link, a hard link/,
    reason: SYMBOLIC_LINKS,
  },
];

const ROOT = resolve(__dirname, '../..');
const skipped = new Map<string, number>();

export const mochaHooks = {
  beforeEach(this: Context) {
    const test = this.currentTest;
    if (!test?.file) return;
    const file = relative(ROOT, test.file).replaceAll('\\', '/');
    const rule = CANNOT_RUN.find((r) => r.file === file && (!r.title || r.title.test(test.fullTitle())));
    if (!rule) return;
    skipped.set(rule.reason, (skipped.get(rule.reason) ?? 0) + 1);
    this.skip();
  },
  afterAll() {
    if (skipped.size === 0) return;
    process.stdout.write('\nNot run on Windows, and why:\n');
    for (const [reason, count] of skipped)
      process.stdout.write(`  ${count} ${count === 1 ? 'test' : 'tests'}: ${reason}\n`);
  },
};

void NO_PYTHON;
