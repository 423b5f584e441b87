/**
 * npm run test:electron — the same real-VS-Code suite as npm run test:vscode (test/vscode), in
 * desktop VS Code through @vscode/test-electron's runTests, for contributors whose machines can
 * download VS Code (its archive comes from update.code.visualstudio.com). Where it cannot be
 * downloaded (as on the CI machines, which reach only the npm registry and Debian), it says so
 * and exits non-zero; npm test keeps using code-server there. Exit code: 0 passed, 1 failed,
 * 2 VS Code could not be had.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { startMotionServer } from '../server/scripting/motion-server';
import { buildSuite, ROOT, suiteEnvironment, userSettings, WORKSPACE } from './vscode-suite';

/** The VS Code the extension's engine names (package.json engines.vscode ^1.100.0), as code-server runs. */
const VSCODE_VERSION = process.env.VSCODE_VERSION ?? '1.100.3';

async function main(): Promise<number> {
  if (spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    throw new Error('the build failed');
  let vscodeExecutablePath: string;
  try {
    vscodeExecutablePath = await downloadAndUnzipVSCode({ version: VSCODE_VERSION, timeout: 30_000 });
  } catch (error) {
    console.error(
      `[test:electron] could not download VS Code ${VSCODE_VERSION}: ${(error as Error).message}\n` +
        '[test:electron] this machine cannot reach update.code.visualstudio.com; run `npm run test:vscode` (code-server) instead.',
    );
    return 2;
  }
  const suite = await buildSuite();
  let failed = 0;
  for (const trust of ['trusted', 'untrusted'] as const) {
    const server = await startMotionServer({ port: 0, logLevel: 'silent' });
    const profile = mkdtempSync(join(tmpdir(), 'motion-electron-'));
    mkdirSync(join(profile, 'user-data/User'), { recursive: true });
    writeFileSync(join(profile, 'user-data/User/settings.json'), userSettings(server.url, trust));
    try {
      await runTests({
        vscodeExecutablePath,
        extensionDevelopmentPath: ROOT,
        extensionTestsPath: suite,
        extensionTestsEnv: suiteEnvironment(server.url, trust),
        launchArgs: [
          WORKSPACE,
          '--user-data-dir',
          join(profile, 'user-data'),
          '--extensions-dir',
          join(profile, 'extensions'),
          '--skip-welcome',
          ...(trust === 'trusted' ? ['--disable-workspace-trust'] : []),
        ],
      });
    } catch (error) {
      console.error(`[test:electron] the ${trust} run failed: ${(error as Error).message}`);
      failed++;
    } finally {
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
