// The one real-VS-Code suite (test/vscode), shared by its two hosts: code-server in headless
// Chromium (npm run test:vscode) and desktop VS Code through @vscode/test-electron (npm run test:electron).
import { cpSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { quietProfileSettings } from './code-server-args';
import type { SuiteRun } from '../test/vscode/suite/run-order';

export const ROOT = resolve(__dirname, '..');

/** The folder the suite opens: scripts and settings the tests use. */
export const WORKSPACE = join(ROOT, 'test/vscode/workspace');

/** Where the suite's test files are: every `*.test.ts` there runs (index.ts gets them from the bundle). */
const SUITE_DIR = join(ROOT, 'test/vscode/suite');

/**
 * The suite's files as one module, `motion-suite:files`: every test file of the folder, found when
 * the suite is bundled, so that a new file runs without being listed anywhere.
 */
const suiteFiles: esbuild.Plugin = {
  name: 'motion-suite-files',
  setup(build) {
    build.onResolve({ filter: /^motion-suite:files$/ }, () => ({ path: 'files', namespace: 'motion-suite' }));
    build.onLoad({ filter: /.*/, namespace: 'motion-suite' }, () => {
      const files = readdirSync(SUITE_DIR)
        .filter((f) => f.endsWith('.test.ts'))
        .sort();
      return {
        contents: [
          ...files.map((f, i) => `import * as m${i} from ${JSON.stringify(join(SUITE_DIR, f))};`),
          `export const suites = [${files.map((f, i) => `{ file: ${JSON.stringify(f)}, module: m${i} }`).join(', ')}];`,
        ].join('\n'),
        resolveDir: SUITE_DIR,
        loader: 'ts',
      };
    });
  },
};

/** Bundles the suite's entry (test/vscode/suite/index.ts, which exports `run()`) with its files; returns its path without `.js`. */
export async function buildSuite(): Promise<string> {
  const suiteDir = join(ROOT, '.vscode-test/suite');
  await esbuild.build({
    entryPoints: [join(SUITE_DIR, 'index.ts')],
    outfile: join(suiteDir, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    plugins: [suiteFiles],
    logLevel: 'warning',
  });
  return join(suiteDir, 'index');
}

/**
 * The throwaway profile's user settings: quiet, and the machine-scoped server URL pointed at the
 * test application; none for the plain project's run, which starts as a user's machine does (the
 * default URL, where no application answers until the test starts one), nor for the WSL run's
 * (the default URL, where WSL's own loopback has nothing: the application is on the host), nor
 * for the SSH run's (the default URL, the capture PC's own loopback, where the application is).
 */
export function userSettings(serverUrl: string, run: SuiteRun): string {
  const ownUrl = run === 'plain' || run === 'wsl' || run === 'ssh';
  return JSON.stringify({ ...quietProfileSettings(), ...(ownUrl ? {} : { 'motion.server.url': serverUrl }) });
}

/** What the suite reads from its environment: the test application, which tests to run, and the tests' fixtures. */
export function suiteEnvironment(serverUrl: string, run: SuiteRun): Record<string, string> {
  return {
    MOTION_TEST_SERVER_URL: serverUrl,
    MOTION_TEST_SUITE: run,
    MOTION_SCREENSHOTS_DIR: screenshotsFolder(),
    MOTION_TEST_FIXTURES: join(ROOT, 'test/fixtures'),
  };
}

/**
 * Where the suite's pictures go. `npm run screenshots` (MOTION_README_PICTURES=1) refreshes the
 * README's and the walkthrough's own, in media/screenshots; every other run writes them under
 * .vscode-test, so that a test run leaves the clone's tracked files as it found them.
 */
export function screenshotsFolder(): string {
  return process.env.MOTION_README_PICTURES === '1'
    ? join(ROOT, 'media/screenshots')
    : join(ROOT, '.vscode-test/screenshots');
}

/**
 * The plain Python project's workspace, two folders that never use motion, copied where the run
 * may change it (its test adds `import motion` to a file): the .code-workspace file to open.
 */
export function plainProjectWorkspace(into: string): string {
  cpSync(join(ROOT, 'test/vscode/plain-project'), join(into, 'plain-project'), { recursive: true });
  return join(into, 'plain-project', 'plain.code-workspace');
}
