// Mocha global fixture: every test run (npm test, test:unit, `npx mocha some.test.ts`, a Stryker
// sandbox) first builds dist/ from the sources it sees. Worker threads, child servers, the CLI and
// the language server all run from dist/, so without this a test could pass on a stale bundle.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export function mochaGlobalSetup(): void {
  // The Windows leg builds dist/ on Linux first: the bundles are the same JavaScript, and esbuild's
  // Windows binary does not run under Wine.
  if (process.env.MOTION_BUNDLES_BUILT === '1') return;
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: resolve(__dirname, '../..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
