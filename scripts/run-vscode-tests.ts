/**
 * npm run test:vscode — the extension's integration tests in a real VS Code: code-server's Node
 * extension host, driven by headless Debian Chromium (see shared vscode-testing notes). Starts a
 * reference server and points the machine-scoped `motion.server.url` at it through a throwaway
 * user profile. Exit code: 0 passed, 1 failed, 2 harness error or time-out.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { quietLoopbackArgs } from './code-server-args';
import { launchHeadlessChromium } from './headless-chromium';
import { handsRequest, serveHands } from './workbench-hands';
import { canSimulateSsh, simulateSsh, type SshSimulation } from './ssh-simulation';
import { canMakeNamespaces } from './network-namespace';
import { stopProcessGroup } from './process-group';
import { hostRequest, simulateWsl, type WslSimulation } from './wsl-simulation';
import { startMotionServer } from '../server/scripting/motion-server';
import { freePort } from '../test/support/free-port';
import {
  buildSuite,
  plainProjectWorkspace,
  ROOT as root,
  suiteEnvironment,
  userSettings,
  WORKSPACE,
} from './vscode-suite';
import type { SuiteRun } from '../test/vscode/suite/run-order';

/** code-server 4.103.2 is VS Code 1.103.2: the oldest on the npm registry whose extensions offer MCP servers. */
const NEWER_CODE_SERVER = '4.103.2';

const codeServerDir = join(root, '.vscode-test/code-server');
/** The newer VS Code of the MCP run, with the Node 22 it needs (scripts/install-code-server.sh). */
const newerCodeServerDir = join(root, `.vscode-test/code-server-${NEWER_CODE_SERVER}`);
/** Which code-server a run uses, and the Node that runs it: VS Code 1.100 on this Node, but 1.103 for the MCP run. */
function codeServerOf(run: SuiteRun): { entry: string; node: string } {
  const entryIn = (dir: string) => join(dir, 'node_modules/code-server/out/node/entry.js');
  if (run === 'mcp') return { entry: entryIn(newerCodeServerDir), node: join(newerCodeServerDir, 'node/bin/node') };
  return { entry: process.env.CODE_SERVER_ENTRY ?? entryIn(codeServerDir), node: process.execPath };
}
// A guard against a run that hangs, not a time it must keep: the trusted run takes about 4 minutes
// here on its own (92 tests), longer beside other work; it had 240 s and reached it.
const limitMs = Number(process.env.TEST_TIMEOUT_MS ?? 480_000);
// `npm run screenshots`: the same suite, its pictures written over the README's (vscode-suite.ts).
if (process.argv.includes('--readme-pictures')) process.env.MOTION_README_PICTURES = '1';

/** The tests of both runs, for one closing summary. */
const totals = { passed: 0, failed: 0 };

async function main(): Promise<number> {
  // The extension under test is dist/extension.js: built from the sources of this run, never a stale one.
  if (spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('the build failed');
  // The trusted suite; Workspace Trust left to the workbench (a fresh profile trusts nothing); a
  // plain Python project of two folders, where Motion stays quiet until a file imports motion.
  // MOTION_TEST_RUNS picks some of them (`plain`, `trusted,untrusted`) while developing.
  const runs = (process.env.MOTION_TEST_RUNS ?? 'trusted,untrusted,plain,wsl,ssh,mcp').split(',') as SuiteRun[];
  const installs = [[codeServerDir], ...(runs.includes('mcp') ? [[newerCodeServerDir, NEWER_CODE_SERVER]] : [])];
  for (const args of installs) {
    const install = spawnSync('bash', [join(root, 'scripts/install-code-server.sh'), ...args], { stdio: 'inherit' });
    if (install.status !== 0) throw new Error(`could not install code-server ${args[1] ?? ''} and chromium`);
  }
  let worst = 0;
  for (const run of runs) worst = Math.max(worst, await runSuite(run));
  console.log(`[test:vscode] all runs:\n${totals.passed} passed, ${totals.failed} failed`);
  return worst;
}

const RUN_TITLES: Record<SuiteRun, string> = {
  trusted: 'the suite in a trusted workspace',
  untrusted: 'the untrusted-workspace tests',
  plain: 'the plain Python project (two folders)',
  wsl: 'VS Code connected to WSL, with the application on the Windows host (a network namespace)',
  mcp: `VS Code ${NEWER_CODE_SERVER.replace(/^4\./, '1.')} (code-server ${NEWER_CODE_SERVER}), where Motion offers its MCP server to the assistants`,
  ssh: 'VS Code connected over SSH to the capture PC, with the application on it (sshd in a network namespace)',
};

/**
 * One run of the suite in a fresh code-server and browser. `untrusted`: the workspace is not
 * trusted, and only the untrusted tests run; `plain`: a multi-root plain Python project of its own.
 */
async function runSuite(trust: SuiteRun): Promise<number> {
  console.log(`[test:vscode] ${RUN_TITLES[trust]}`);
  if (trust === 'wsl' && !canMakeNamespaces()) {
    // A machine that cannot make network namespaces (not root, or a container without the right)
    // says so loudly; the run is not made, and nothing of it counts as passed.
    console.log(
      '[test:vscode] NOT RUN: the WSL run needs root and network namespaces (`ip netns`, iproute2) on this machine',
    );
    return 0;
  }
  if (trust === 'ssh' && !canSimulateSsh()) {
    console.log(
      "[test:vscode] NOT RUN: the SSH run needs root, network namespaces and sshd (Debian's openssh-server) on this machine",
    );
    return 0;
  }

  const suite = await buildSuite();

  const wsl: WslSimulation | undefined = trust === 'wsl' ? await simulateWsl() : undefined;
  const ssh: SshSimulation | undefined =
    trust === 'ssh' ? await simulateSsh(join(root, 'dist/motion-server.js')) : undefined;
  // In the WSL run the application is the one on the "Windows host", in the SSH run the capture
  // PC's; elsewhere a reference server of the run's own.
  const remote = wsl ?? ssh;
  const server = remote
    ? { url: remote.applicationUrl, close: () => remote.dispose() }
    : await startMotionServer({ port: 0, logLevel: 'silent' });
  // The address the browser reaches code-server at: WSL's own, across the cable, in the WSL run.
  const address = wsl?.wslAddress ?? '127.0.0.1';
  const tmp = mkdtempSync(join(tmpdir(), 'motion-vscode-'));
  mkdirSync(join(tmp, 'user-data/User'), { recursive: true });
  mkdirSync(join(tmp, 'tmp'));
  writeFileSync(join(tmp, 'user-data/User/settings.json'), userSettings(server.url, trust));
  const opened =
    trust === 'plain'
      ? `workspace=${encodeURIComponent(plainProjectWorkspace(tmp))}`
      : `folder=${encodeURIComponent(WORKSPACE)}`;
  writeFileSync(join(tmp, 'config.yaml'), 'auth: none\ncert: false\n');
  const port = await freePort();
  let codeServer: ChildProcess | undefined;
  let browser: Browser | undefined;
  let log = '';
  try {
    const { entry, node } = codeServerOf(trust);
    const args = [
      entry,
      '--config',
      join(tmp, 'config.yaml'),
      ...quietLoopbackArgs(port, address),
      ...(trust !== 'untrusted' ? ['--disable-workspace-trust'] : []),
      '--user-data-dir',
      join(tmp, 'user-data'),
      '--extensions-dir',
      join(tmp, 'extensions'),
    ];
    // MOTION_TEST_HANDS: this harness serves the tests' keys and clicks (workbench-hands.ts).
    const env = {
      ...suiteEnvironment(server.url, trust),
      MOTION_TEST_HANDS: '1',
      // Where the hands' replies go: in this run's folder, removed with it.
      MOTION_TEST_HANDS_DIR: join(tmp, 'hands'),
      // Files a test hands to VS Code, which may write them again after the test deleted them (a
      // notebook's last save): in this run's folder, removed once code-server has ended.
      MOTION_TEST_SCRATCH: join(tmp, 'scratch'),
      // VS Code's own sockets (its IPC, Git's askpass) are made in the temporary folder and outlive
      // a stopped code-server: in this run's, they go with it.
      TMPDIR: join(tmp, 'tmp'),
      // Install 'motion' Command writes the user's bin folder: the run's own, not this machine's ~/.local/bin.
      XDG_BIN_HOME: join(tmp, 'bin'),
      ...(wsl ? { WSL_DISTRO_NAME: 'Motion-Test' } : {}),
    };
    if (ssh) {
      // Over SSH, code-server gets the session's environment and the suite's variables, nothing of this process's.
      codeServer = ssh.startOverSsh([node, ...args], env, port, port);
    } else {
      const [command, ...prefix] = [...(wsl?.inWsl ?? []), node];
      codeServer = spawn(command, [...prefix, ...args], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      });
    }
    codeServer.stdout!.on('data', (d) => (log += d));
    codeServer.stderr!.on('data', (d) => (log += d));
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`code-server did not start:\n${log}`)), 60_000);
      const poll = setInterval(() => {
        if (/HTTP server listening/.test(log)) {
          clearInterval(poll);
          clearTimeout(timer);
          ok();
        }
      }, 100);
      codeServer!.once('exit', (code) => fail(new Error(`code-server exited (${code}):\n${log}`)));
    });

    browser = await launchHeadlessChromium();
    const page = await browser.newPage();
    let finish: (code: number) => void = () => undefined;
    const exited = new Promise<number>((r) => (finish = r));
    await page.exposeFunction('codeAutomationLog', async (_type: string, args: unknown[]) => {
      // A test asks for a person's keys, clicks or a picture by logging what it wants (workbench-hands.ts).
      const hands = handsRequest(String(args[0]));
      if (hands) return serveHands(page, hands);
      const host = wsl && hostRequest(String(args[0]));
      if (host) {
        await (host.do === 'start' ? wsl.startApplication() : wsl.stopApplication());
        return writeFileSync(host.reply, 'done');
      }
      console.log(...args);
      const summary = /^(\d+) passed, (\d+) failed$/.exec(String(args[0]));
      if (summary) {
        totals.passed += Number(summary[1]);
        totals.failed += Number(summary[2]);
      }
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => finish(code));
    const remote = (path: string) => `vscode-remote://${address}:${port}${path}`;
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remote(root)],
      ['extensionTestsPath', remote(suite)],
      ['skipWelcome', 'true'],
    ]);
    await page.goto(`http://${address}:${port}/?${opened}&payload=${encodeURIComponent(payload)}`);
    const code = await Promise.race([exited, new Promise<number>((r) => setTimeout(() => r(-1), limitMs))]);
    if (code !== 0) {
      console.log(
        `[test:vscode] ${code === -1 ? `timed out after ${limitMs} ms` : `exit ${code}`}\n--- code-server log ---\n${log}`,
      );
      // What Motion and the extension host logged: a failure seen only in CI is read there.
      for (const file of logsOf(join(tmp, 'user-data/logs')))
        console.log(`--- ${file.slice(tmp.length + 1)} (its last ${LOG_LINES} lines) ---\n${lastLines(file)}`);
    }
    return code === 0 ? 0 : code === 1 ? 1 : 2;
  } finally {
    await browser?.close().catch(() => undefined);
    // code-server writes its user data as it ends: the folder goes once all of it has ended.
    await stopProcessGroup(codeServer?.pid);
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** How much of each log a failed run prints. */
const LOG_LINES = 80;

/** The logs of Motion's output channel and of the extension host, under a run's logs folder. */
function logsOf(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => /(Motion Scripting|exthost|remoteagent)\.log$/.test(path))
    .map((path) => join(folder, path))
    .sort();
}

function lastLines(file: string): string {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-LOG_LINES).join('\n');
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
