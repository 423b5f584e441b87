// node scripts/bench.mjs <bench/name.ts>: runs a bench on our code as it ships. The bench and the
// modules it imports are bundled the way scripts/build.mjs bundles the product (esbuild, Node 20,
// not minified) and run with plain node. tsx, which runs the tests, keeps every function's name by
// calling a helper each time a closure is made: in a loader that makes thousands of calls, that
// was a fifth of the client's time, none of which the extension spends.
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/bench.mjs bench/<name>.ts [arguments]');
  process.exit(2);
}
const outdir = resolve('node_modules/.cache/motion-bench');
mkdirSync(outdir, { recursive: true });
const outfile = resolve(outdir, `${basename(entry, '.ts')}.js`);

// Each module finds its files beside itself (`__dirname`): in one bundle they would all be beside
// the bundle, so each of our modules is given its own directory.
const ownDirectories = {
  name: 'own-directories',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (file) => {
      const source = readFileSync(file.path, 'utf8');
      if (!source.includes('__dirname') && !source.includes('__filename')) return undefined;
      const contents =
        `const __dirname = ${JSON.stringify(dirname(file.path))}, __filename = ${JSON.stringify(file.path)};\n` +
        source;
      return { contents, loader: 'ts', resolveDir: dirname(file.path) };
    });
  },
};

await esbuild.build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
  plugins: [ownDirectories],
});

const child = spawn(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
