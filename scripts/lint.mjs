// npm run lint: Prettier, ESLint and the unused-exports check. ESLint's type-checked rules are
// most of the time (about 35 s here), so it runs in one process beside the other two, which take
// one core between them; each check's verdict and time is printed on its own line. One ESLint
// process builds each TypeScript program once: split into parts, every part rebuilt the programs
// and the whole took three times as long. Its heap is capped (about 1.3 GB in all) because V8
// otherwise grows it to about 1.9 GB, which a smaller machine kills without a word.
// `-- --jobs 1` runs the checks one after the other.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** A package's command, found the way npm finds it (packages need not export their bin files). */
const binOf = (name) => {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = require(manifest);
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
};

// Below about 1.1 GB the collector runs so often that ESLint takes half as long again.
const ESLINT_HEAP_MB = 1300;

const CHECKS = {
  prettier: [process.execPath, [binOf('prettier'), '--check', '.']],
  eslint: [process.execPath, [`--max-old-space-size=${ESLINT_HEAP_MB}`, binOf('eslint'), '.']],
  'unused exports': ['npm', ['run', '--silent', 'lint:exports']],
};

/** Runs one check, its output held back so that checks running side by side do not interleave. */
function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, args] = CHECKS[name];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const verdict = code === 0 ? 'clean' : signal ? `killed by ${signal}` : `failed (exit ${code})`;
      process.stdout.write(`${name}: ${verdict} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

/** Runs the checks in order, each whatever the one before said; true when all were clean. */
async function inTurn(names) {
  let clean = true;
  for (const name of names) clean = (await run(name)) && clean;
  return clean;
}

const jobsAt = process.argv.indexOf('--jobs');
const jobs = jobsAt >= 0 ? Number(process.argv[jobsAt + 1]) : 2;
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(`--jobs takes a whole number of processes, 1 or more; got ${process.argv[jobsAt + 1]}`);
  process.exit(2);
}

const lanes = jobs === 1 ? [['prettier', 'unused exports', 'eslint']] : [['eslint'], ['prettier', 'unused exports']];
const results = await Promise.all(lanes.map(inTurn));
if (results.includes(false)) process.exit(1);
