// `npm run test:node -- --no-parallel --reporter test/support/slowest-files-reporter.js`: the summary
// reporter, then the 25 slowest test files by wall time (their hooks included: a server started in a
// `before` counts), each with its tests' count. Files run one after another for the times to be theirs.
const Mocha = require('mocha');
const SummaryReporter = require('./summary-reporter');
const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_END, EVENT_RUN_END } = Mocha.Runner.constants;
const { relative } = require('node:path');

const SHOWN = 25;

class SlowestFilesReporter extends SummaryReporter {
  constructor(runner, options) {
    super(runner, options);
    const files = new Map();
    const of = (file) => {
      if (!files.has(file)) files.set(file, { ms: 0, tests: 0, started: undefined, depth: 0 });
      return files.get(file);
    };
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (!suite.file) return;
      const entry = of(suite.file);
      if (entry.depth++ === 0) entry.started = performance.now();
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!suite.file) return;
      const entry = of(suite.file);
      if (--entry.depth === 0) entry.ms += performance.now() - entry.started;
    });
    runner.on(EVENT_TEST_END, (test) => test.file && of(test.file).tests++);
    runner.once(EVENT_RUN_END, () => {
      const slowest = [...files].sort((a, b) => b[1].ms - a[1].ms).slice(0, SHOWN);
      const total = [...files.values()].reduce((sum, f) => sum + f.ms, 0);
      process.stdout.write(
        `\nthe ${SHOWN} slowest test files (of ${files.size}, ${(total / 1000).toFixed(0)} s in all):\n`,
      );
      for (const [file, { ms, tests }] of slowest)
        process.stdout.write(
          `${(ms / 1000).toFixed(1).padStart(7)} s  ${String(tests).padStart(3)} tests  ${relative(process.cwd(), file)}\n`,
        );
    });
  }
}

module.exports = SlowestFilesReporter;
