// The one real-VS-Code suite (test/vscode), shared by its two hosts: code-server in headless
// Chromium (npm run test:vscode) and desktop VS Code through @vscode/test-electron (npm run test:electron).
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { quietProfileSettings } from './code-server-args';

export const ROOT = resolve(__dirname, '..');

/** The folder the suite opens: scripts and settings the tests use. */
export const WORKSPACE = join(ROOT, 'test/vscode/workspace');

/** Bundles the suite's entry (test/vscode/suite/index.ts, which exports `run()`); returns its path without `.js`. */
export async function buildSuite(): Promise<string> {
  const suiteDir = join(ROOT, '.vscode-test/suite');
  await esbuild.build({
    entryPoints: [join(ROOT, 'test/vscode/suite/index.ts')],
    outfile: join(suiteDir, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(suiteDir, 'index');
}

/** The throwaway profile's user settings: quiet, and the machine-scoped server URL pointed at the test application. */
export function userSettings(serverUrl: string): string {
  return JSON.stringify({ ...quietProfileSettings(), 'motion.server.url': serverUrl });
}

/** What the suite reads from its environment: the test application, and which tests to run. */
export function suiteEnvironment(serverUrl: string, trust: 'trusted' | 'untrusted'): Record<string, string> {
  return { MOTION_TEST_SERVER_URL: serverUrl, MOTION_TEST_SUITE: trust };
}
