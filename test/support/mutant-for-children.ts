// Mocha root hook: under mutation testing (StrykerJS), the active mutant is a global of this
// process; worker threads, child servers, the CLI, the debug adapters and the language server run
// bundles built from the same instrumented sources, and read it from their environment.
//
// In Stryker's dry run, per-test coverage sees only this process, so code that runs only in a
// child (a worker's, an adapter's) would count as covered by no test and never be tried. The
// children are then given child-coverage.js, which writes what they reached and when; at the end
// of the run each reached mutant is added to the coverage of every test that ran in its time
// window (a superset: a mutant is tried against a few tests too many, never too few). A window
// between two tests (a suite's `before` or `after` hook: a language server starting or stopping)
// is added to every test of the suites entered or left there, since all of them ran on what the
// hook started.
// Outside Stryker: nothing.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Context, Test } from 'mocha';
import threads, { type WorkerOptions } from 'node:worker_threads';

const originalWorker = threads.Worker;

interface Coverage {
  static: Record<string, number>;
  perTest: Record<string, Record<string, number>>;
}
const withStryker = globalThis as {
  __stryker__?: { activeMutant?: string | number; mutantCoverage?: Coverage };
};

/** What a child reached in one window of its time. */
interface Reached {
  from: number;
  to: number;
  mutants: string[];
}

/** A test's run: its id, its window, and the suites it is in from the outermost (by title). */
interface TestRun {
  id: string;
  from: number;
  to: number;
  suites: string[];
}

/** Set up in the dry run only: where children write, and when each test ran. */
let dryRun: { directory: string; nodeOptions: string | undefined; tests: TestRun[] } | undefined;

/** The outermost suite that `next` is in and `previous` is not (undefined when it enters none). */
function enteredSuite(previous: TestRun | undefined, next: TestRun | undefined): string | undefined {
  if (!next) return undefined;
  return next.suites.find((suite, depth) => previous?.suites[depth] !== suite);
}

/** The tests a child's window ran for: those running meanwhile, and the suites its hooks belong to. */
function testsOf(reached: Reached, tests: TestRun[]): TestRun[] {
  // Widened by a millisecond each side: the clocks are the same, their readings are not atomic.
  const during = new Set(tests.filter((t) => t.from <= reached.to + 1 && reached.from - 1 <= t.to));
  for (let next = 0; next <= tests.length; next++) {
    const previous = tests[next - 1];
    const gapFrom = previous ? previous.to : -Infinity;
    const gapTo = tests[next] ? tests[next].from : Infinity;
    if (!(gapFrom <= reached.to + 1 && reached.from - 1 <= gapTo)) continue;
    // A `before` hook of a suite the next test enters; an `after` hook of one the last test leaves.
    for (const suite of [enteredSuite(previous, tests[next]), enteredSuite(tests[next], previous)]) {
      if (suite !== undefined) for (const test of tests) if (test.suites.includes(suite)) during.add(test);
    }
  }
  return [...during];
}

/** How long the children get to write their last window after the last test. */
const LAST_WINDOW_MS = 60;

function mergeChildCoverage(): void {
  const run = dryRun!;
  const stryker = withStryker.__stryker__!;
  const coverage = (stryker.mutantCoverage ??= { static: {}, perTest: {} });
  for (const name of readdirSync(run.directory)) {
    const lines = readFileSync(join(run.directory, name), 'utf8').split('\n').filter(Boolean);
    for (const reached of lines.map((line) => JSON.parse(line) as Reached)) {
      for (const test of testsOf(reached, run.tests)) {
        const counts = (coverage.perTest[test.id] ??= {});
        for (const mutant of reached.mutants) counts[mutant] = (counts[mutant] ?? 0) + 1;
      }
    }
  }
}

/** The titles of the suites a test is in, from the outermost: each suite by its full title. */
function suitesOf(test: Test): string[] {
  const suites: string[] = [];
  for (let suite = test.parent; suite && !suite.root; suite = suite.parent) suites.unshift(suite.fullTitle());
  return suites;
}

export const mochaHooks = {
  beforeAll(): void {
    const stryker = withStryker.__stryker__;
    // Children that a suite starts once (a language server in a `before` hook) start before any
    // test's beforeEach: they take the active mutant from here.
    if (stryker?.activeMutant !== undefined) process.env.__STRYKER_ACTIVE_MUTANT__ = String(stryker.activeMutant);
    if (!stryker || stryker.activeMutant !== undefined || dryRun) return;
    const directory = mkdtempSync(join(tmpdir(), 'motion-child-coverage-'));
    dryRun = { directory, nodeOptions: process.env.NODE_OPTIONS, tests: [] };
    process.env.__MOTION_CHILD_COVERAGE__ = directory;
    const preload = resolve(__dirname, 'child-coverage.js');
    process.env.NODE_OPTIONS = [dryRun.nodeOptions, `--require ${preload}`].filter(Boolean).join(' ');
    // Worker threads of this process take their options from its start, not from NODE_OPTIONS
    // set since: each is given the preload itself (workers run built bundles, nothing else).
    threads.Worker = class extends originalWorker {
      constructor(file: string | URL, options: WorkerOptions = {}) {
        super(file, { ...options, execArgv: [...(options.execArgv ?? []), '--require', preload] });
      }
    };
  },
  beforeEach(this: Context): void {
    const active = withStryker.__stryker__?.activeMutant;
    if (active === undefined) delete process.env.__STRYKER_ACTIVE_MUTANT__;
    else process.env.__STRYKER_ACTIVE_MUTANT__ = String(active);
    // The same id Stryker's mocha runner gives the test (its full title).
    if (dryRun && this.currentTest)
      dryRun.tests.push({
        id: this.currentTest.fullTitle(),
        from: Date.now(),
        to: Infinity,
        suites: suitesOf(this.currentTest),
      });
  },
  afterEach(): void {
    const last = dryRun?.tests.at(-1);
    if (last) last.to = Date.now();
  },
  async afterAll(): Promise<void> {
    if (!dryRun) return;
    await new Promise((done) => setTimeout(done, LAST_WINDOW_MS));
    mergeChildCoverage();
    threads.Worker = originalWorker;
    if (dryRun.nodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = dryRun.nodeOptions;
    delete process.env.__MOTION_CHILD_COVERAGE__;
    rmSync(dryRun.directory, { recursive: true, force: true });
    dryRun = undefined;
  },
};
