// npm run lint: Prettier, then ESLint, then the unused-exports check. ESLint's type-checked rules
// over the whole project in one process need about 1.8 GB; a machine with less kills it without a
// word. So each part of the tree is linted in a process of its own (about 1.1 GB at most), two at
// a time (`-- --jobs 1` for one at a time), and each part's verdict is printed on its own line.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** A package's command, found the way npm finds it (packages need not export their bin files). */
const binOf = (name) => {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = require(manifest);
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
};

/** The parts, each about the same work: every TypeScript file of the project is in exactly one. */
const PARTS = [
  ['src/extension', 'src/webview', 'src/protocol'],
  ['src/api', 'src/cli', 'src/runner'],
  ['server', 'scripts', 'bench'],
  ['test/language', 'test/runner', 'test/cli', 'test/debug', 'test/windows', 'test/fixtures'],
  ['test/api', 'test/server', 'test/extension-logic', 'test/support', 'test/unit', 'test/vscode'],
];

function inherit(command, args) {
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/** A TypeScript file that no part names would go unlinted: say so rather than pass. */
function unlintedFiles() {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.cts'], { encoding: 'utf8' }).split('\n');
  const folders = PARTS.flat();
  return files.filter((file) => file !== '' && !folders.some((folder) => file.startsWith(`${folder}/`)));
}

function lintPart(folders) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [binOf('eslint'), ...folders], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const verdict = code === 0 ? 'clean' : signal ? `killed by ${signal}` : `failed (exit ${code})`;
      process.stdout.write(`eslint ${folders.join(' ')}: ${verdict} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const jobsAt = process.argv.indexOf('--jobs');
const jobs = jobsAt >= 0 ? Number(process.argv[jobsAt + 1]) : 2;
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(`--jobs takes a whole number of processes, 1 or more; got ${process.argv[jobsAt + 1]}`);
  process.exit(2);
}

inherit(process.execPath, [binOf('prettier'), '--check', '.']);
const unlinted = unlintedFiles();
if (unlinted.length > 0) {
  console.error(`scripts/lint.mjs names no part for: ${unlinted.join(', ')}`);
  process.exit(1);
}
const queue = [...PARTS];
const results = await Promise.all(
  Array.from({ length: jobs }, async () => {
    let clean = true;
    for (let part = queue.shift(); part; part = queue.shift()) clean = (await lintPart(part)) && clean;
    return clean;
  }),
);
if (results.includes(false)) process.exit(1);
inherit('npm', ['run', '--silent', 'lint:exports']);
