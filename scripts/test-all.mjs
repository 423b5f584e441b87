// npm test: every leg of the tests in turn (plain Node, Node for Windows under Wine, a real VS
// Code), each to its end even when one before it failed, then each leg's count and time, and the
// whole run's closing summary. A leg's own summary is the last `N passed, N failed` line it printed.
// What failed is said again at the very end (mocha's failure reports, cut short), so a log whose
// head is lost, as CI's often is, still names the failing tests. Whatever the run left in the
// temporary folder is named last, and counts as a failure.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';

const LEGS = [
  { name: 'plain Node', script: 'test:node' },
  { name: 'Windows leg (Node for Windows under Wine)', script: 'test:windows' },
  { name: 'real VS Code', script: 'test:vscode' },
];

/** How many lines of a leg's failure reports are said again at the end. */
const FAILURE_LINES = 60;

/** Runs `npm run <script>`, passing its output through, and returns its exit code, last summary and failure reports. */
function runLeg(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    let tail = '';
    let summary;
    const failures = [];
    let inFailures = false;
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail += chunk.toString('utf8');
      const lines = tail.split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) {
        // Mocha's failure reports run from "N failing" to the summary line that follows them.
        if (/^\s*\d+ failing\s*$/.test(line)) inFailures = true;
        else if (/^\s*\d+ passed, \d+ failed/.test(line)) inFailures = false;
        // Stack frames are left out there: the test's name and its message are what say what broke.
        if (inFailures && failures.length < FAILURE_LINES && line.trim() && !/^\s+at /.test(line)) failures.push(line);
        const found = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/.exec(line.trim());
        if (found) summary = { passed: Number(found[1]), failed: Number(found[2]), skipped: Number(found[3] ?? 0) };
      }
    });
    child.once('exit', (code) =>
      resolve({ code: code ?? 1, summary, failures, minutes: (Date.now() - started) / 60_000 }),
    );
  });
}

/**
 * What the machine's own programs keep in the temporary folder while they live, made by the run
 * but not the run's to remove: the X and ICE socket folders a browser may open. (Wine's server
 * folder is not one of them: the Windows leg gives Wine a temporary folder of its own.)
 */
const MACHINE_OWN = /^\.(X11-unix|ICE-unix)$/;

const TEMP = tmpdir();
const tempBefore = new Set(readdirSync(TEMP));
const results = [];
for (const leg of LEGS) results.push({ ...leg, ...(await runLeg(leg.script)) });
// The run leaves the temporary folder as it found it: every folder and file a test made is gone.
const leftBehind = readdirSync(TEMP).filter((name) => !tempBefore.has(name) && !MACHINE_OWN.test(name));

console.log('\n== npm test: the legs');
let passed = 0;
let failed = 0;
for (const { name, code, summary, minutes } of results) {
  const counts = summary
    ? `${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ''}`
    : `no summary (exit ${code})`;
  console.log(`${name}: ${counts} in ${minutes.toFixed(1)} min`);
  passed += summary?.passed ?? 0;
  // A leg that failed without a summary (a harness error) counts as one failure.
  failed += summary ? summary.failed : 1;
  if (summary && summary.failed === 0 && code !== 0) failed += 1;
}
for (const { name, failures } of results) {
  if (failures.length === 0) continue;
  console.log(`\n== what failed in the ${name} leg (its reports without stack frames, at most ${FAILURE_LINES} lines)`);
  for (const line of failures) console.log(line);
}
if (leftBehind.length > 0) {
  console.log(`\n== left behind in ${TEMP} by the run (counted as one failure): ${leftBehind.length}`);
  for (const name of leftBehind.slice(0, 40)) console.log(`  ${name}`);
  failed += 1;
} else console.log(`\n${TEMP} is as the run found it: nothing left behind`);
const total = results.reduce((sum, r) => sum + r.minutes, 0);
console.log(`all legs: ${total.toFixed(1)} min`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
