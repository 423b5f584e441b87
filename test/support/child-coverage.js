// Preloaded (NODE_OPTIONS --require) into the child processes and worker threads the tests start,
// during StrykerJS's dry run only (test/support/mutant-for-children.ts sets it up). Their bundles
// are built from the instrumented sources and count the mutants they reach in their own global;
// per-test coverage reads only the test process's. So every 20 ms this writes the mutants reached
// in that window, with the window's start and end, to a file the test process merges into the
// coverage of the tests that ran meanwhile. Plain JavaScript: it runs before any loader.
const { appendFileSync } = require('node:fs');
const { join } = require('node:path');
const { threadId, parentPort } = require('node:worker_threads');

const WINDOW_MS = 20;
const directory = process.env.__MOTION_CHILD_COVERAGE__;

if (directory) {
  const file = join(directory, `${process.pid}-${threadId}.hits`);
  // The instrumented code's coverage object, made before it would make it: it adds to `static`
  // when no test id is set (always so in a child), and reads `static` afresh at each count.
  const ns = (globalThis.__stryker__ = globalThis.__stryker__ || {});
  const coverage = (ns.mutantCoverage = ns.mutantCoverage || { static: {}, perTest: {} });
  let since = Date.now();
  const flush = () => {
    const reached = Object.keys(coverage.static);
    const now = Date.now();
    if (reached.length > 0) {
      coverage.static = {};
      appendFileSync(file, `${JSON.stringify({ from: since, to: now, mutants: reached })}\n`);
    }
    since = now;
  };
  setInterval(flush, WINDOW_MS).unref();
  process.on('exit', flush);
  // A worker is often terminated right after its last message (a session disposed once a run
  // ended), before its last window: what it reached is written before anything it says.
  // A debug adapter or language server is killed once its last answer is read, as likely.
  const before = (target, method) => {
    const original = target[method];
    target[method] = function (...args) {
      flush();
      return original.apply(this, args);
    };
  };
  if (parentPort) before(parentPort, 'postMessage');
  else before(process.stdout, 'write');
}
