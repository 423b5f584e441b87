// One esbuild script, several entry points, into dist/ (CommonJS for Node 20 and the VS Code extension host).
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const entries = [
  { in: 'server/scripting/main.ts', out: 'motion-server' },
  { in: 'src/extension/extension.ts', out: 'extension' },
  { in: 'src/cli/main.ts', out: 'motion' },
  { in: 'server/language/main.ts', out: 'language-server' },
].filter((e) => existsSync(e.in));

const options = {
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  external: ['vscode'],
  logLevel: 'warning',
  banner: { js: '' },
};

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  const result = await esbuild.build({ ...options, metafile: true });
  const outputs = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith('.js'));
  for (const [file, info] of outputs) console.log(`built ${file} (${(info.bytes / 1024).toFixed(0)} KiB)`);
}
