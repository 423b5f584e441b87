// npm test: every leg of the tests in turn (plain Node, Node for Windows under Wine, a real VS
// Code), each to its end even when one before it failed, then each leg's count and time, and the
// whole run's closing summary. A leg's own summary is the last `N passed, N failed` line it printed.
import { spawn } from 'node:child_process';

const LEGS = [
  { name: 'plain Node', script: 'test:node' },
  { name: 'Windows leg (Node for Windows under Wine)', script: 'test:windows' },
  { name: 'real VS Code', script: 'test:vscode' },
];

/** Runs `npm run <script>`, passing its output through, and returns its exit code and last summary. */
function runLeg(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    let tail = '';
    let summary;
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail += chunk.toString('utf8');
      const lines = tail.split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) {
        const found = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/.exec(line.trim());
        if (found) summary = { passed: Number(found[1]), failed: Number(found[2]), skipped: Number(found[3] ?? 0) };
      }
    });
    child.once('exit', (code) => resolve({ code: code ?? 1, summary, minutes: (Date.now() - started) / 60_000 }));
  });
}

const results = [];
for (const leg of LEGS) results.push({ ...leg, ...(await runLeg(leg.script)) });

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
const total = results.reduce((sum, r) => sum + r.minutes, 0);
console.log(`all legs: ${total.toFixed(1)} min`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
