// One esbuild script, several entry points, into dist/ (CommonJS for Node 20 and the VS Code extension host).
import * as esbuild from 'esbuild';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const production = process.argv.includes('--production');
// A release build starts from an empty dist/: nothing stale (source maps of a dev build) goes into the .vsix.
if (production) rmSync('dist', { recursive: true, force: true });
const watch = process.argv.includes('--watch');

const entries = [
  { in: 'server/scripting/main.ts', out: 'motion-server' },
  // The extension's quiet part, which loads Motion (motion-main) only in a workspace that uses motion.
  { in: 'src/extension/extension.ts', out: 'extension' },
  { in: 'src/extension/start-motion.ts', out: 'motion-main' },
  { in: 'src/cli/main.ts', out: 'motion' },
  { in: 'server/language/main.ts', out: 'language-server' },
  { in: 'server/language/lsp/analysis-worker.ts', out: 'language-worker' },
  { in: 'src/runner/lua/lua-worker.ts', out: 'lua-worker' },
  { in: 'server/scripting/host/lua-host-worker.ts', out: 'lua-host-worker' },
  { in: 'src/runner/lua/lua-test-worker.ts', out: 'lua-test-worker' },
  { in: 'src/runner/debug/python-adapter-main.ts', out: 'python-debug-adapter' },
  { in: 'src/runner/lua/lua-debug-worker.ts', out: 'lua-debug-worker' },
  { in: 'src/runner/debug/lua-adapter-main.ts', out: 'lua-debug-adapter' },
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
  // jsonc-parser's main build (UMD) requires its parts at run time, past the bundler: take its ES build.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  logLevel: 'warning',
  // web-tree-sitter (an ES module) asks for import.meta.url, which a CommonJS bundle does not have.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
};

// The tree-sitter runtime and grammars are WebAssembly files loaded at run time: ship them next to the bundle.
const require = createRequire(import.meta.url);
const wasm = [
  'wasmoon/dist/glue.wasm',
  'web-tree-sitter/tree-sitter.wasm',
  'tree-sitter-python/tree-sitter-python.wasm',
  '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm',
];
mkdirSync('dist', { recursive: true });
for (const file of wasm) copyFileSync(require.resolve(file), `dist/${file.split('/').pop()}`);
// The Python side of script sessions: the motion package and the session driver (the TypeScript
// beside them, find-python.ts and the like, is bundled into what imports it, not shipped).
cpSync('src/runner/python', 'dist/python', {
  recursive: true,
  filter: (source) => !source.includes('__pycache__') && !source.endsWith('.ts'),
});

// Webviews run in a browser: their own bundles (three.js inside; a webview loads nothing remote).
const webviewOptions = {
  entryPoints: [{ in: 'src/webview/skeleton-view/main.ts', out: 'skeleton-view' }],
  outdir: 'dist/webview',
  bundle: true,
  platform: 'browser',
  target: 'chrome120',
  format: 'iife',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

// A notebook renderer is an ES module that VS Code's notebook output frame imports.
const rendererOptions = {
  ...webviewOptions,
  entryPoints: [{ in: 'src/webview/skeleton-output/renderer.ts', out: 'skeleton-output' }],
  outdir: 'dist/notebook',
  format: 'esm',
};

if (watch) {
  for (const o of [options, webviewOptions, rendererOptions]) await (await esbuild.context(o)).watch();
} else {
  const results = await Promise.all(
    [options, webviewOptions, rendererOptions].map((o) => esbuild.build({ ...o, metafile: true })),
  );
  const outputs = results.flatMap((r) => Object.entries(r.metafile.outputs)).filter(([f]) => f.endsWith('.js'));
  for (const [file, info] of outputs) console.log(`built ${file} (${(info.bytes / 1024).toFixed(0)} KiB)`);
}
