/**
 * One start of a real VS Code for bench:start: code-server (the one the tests use) on a fresh
 * profile, a folder or workspace, and headless Chromium opening it, with a watcher in the page that
 * notes when each awaited sight first shows (start-sights.ts). Stopped by its process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { quietLoopbackArgs, quietProfileSettings } from '../../scripts/code-server-args';
import { launchHeadlessChromium } from '../../scripts/headless-chromium';
import { freePort } from '../../test/support/free-port';
import { SIGHTS_SCRIPT, type Sight } from './sights';

export const ROOT = resolve(__dirname, '../..');
/**
 * The product measured: this checkout's package (motion-scripting.vsix) and dist/, or another
 * checkout's (BENCH_PRODUCT), built there with `npm run package`: a start before a change beside
 * the same start after it, on the same machine in the same hour.
 */
export const PRODUCT = resolve(process.env.BENCH_PRODUCT ?? ROOT);
export const CODE_SERVER = join(ROOT, '.vscode-test/code-server/node_modules/code-server/out/node/entry.js');

export interface WorkbenchOptions {
  /** An extensions folder with Motion installed, or undefined for VS Code on its own. */
  extensions?: string;
  /** The folder opened, or a .code-workspace file. */
  open: string;
  /** A file opened with it, as the demo opens its first example. */
  file?: string;
  /** What the page watches for from its first moment. */
  sights: Sight[];
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface Workbench {
  page: Page;
  /** When (ms since the page's navigation began) each sight first showed; waits for all of `names`. */
  seen(names: string[], timeoutMs?: number): Promise<Record<string, number>>;
  /** Now, in the page's time (ms since its navigation began). */
  now(): Promise<number>;
  /** Starts watching for more sights from now. */
  watch(sights: Sight[]): Promise<void>;
  /** The profile's folder (its logs are in logs/). */
  userData: string;
  /** When the page's navigation began, in the machine's epoch milliseconds. */
  timeOrigin(): Promise<number>;
  close(): Promise<void>;
}

/** code-server started on a fresh profile, and the page opened on it. */
export async function openWorkbench(options: WorkbenchOptions, browser: Browser): Promise<Workbench> {
  const tmp = mkdtempSync(join(tmpdir(), 'motion-bench-start-'));
  mkdirSync(join(tmp, 'user-data/User'), { recursive: true });
  writeFileSync(
    join(tmp, 'user-data/User/settings.json'),
    JSON.stringify({ ...quietProfileSettings(), ...options.settings }, null, 2),
  );
  writeFileSync(join(tmp, 'config.yaml'), 'auth: none\ncert: false\n');
  const port = await freePort();
  const codeServer: ChildProcess = spawn(
    process.execPath,
    [
      CODE_SERVER,
      '--config',
      join(tmp, 'config.yaml'),
      ...quietLoopbackArgs(port),
      '--disable-workspace-trust',
      '--user-data-dir',
      join(tmp, 'user-data'),
      '--extensions-dir',
      options.extensions ?? join(tmp, 'no-extensions'),
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  );
  let log = '';
  codeServer.stdout!.on('data', (d) => (log += d));
  codeServer.stderr!.on('data', (d) => (log += d));
  const stop = async () => {
    try {
      process.kill(-codeServer.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    if (process.env.BENCH_KEEP) console.log(`  kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`code-server did not start:\n${log}`)), 60_000);
      const poll = setInterval(() => {
        if (!/HTTP server listening/.test(log)) return;
        clearInterval(poll);
        clearTimeout(timer);
        ok();
      }, 20);
      codeServer.once('exit', (code) => fail(new Error(`code-server exited (${code}):\n${log}`)));
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(SIGHTS_SCRIPT, options.sights);
    const opened = options.open.endsWith('.code-workspace') ? 'workspace' : 'folder';
    const payload = options.file
      ? `&payload=${encodeURIComponent(JSON.stringify([['openFile', `vscode-remote://127.0.0.1:${port}${options.file}`]]))}`
      : '';
    await page.goto(`http://127.0.0.1:${port}/?${opened}=${encodeURIComponent(options.open)}${payload}`);
    return {
      page,
      userData: join(tmp, 'user-data'),
      timeOrigin: () => page.evaluate(() => performance.timeOrigin),
      now: () => page.evaluate(() => performance.now()),
      watch: (sights) => page.evaluate((more) => (window as SightsWindow).benchWatch(more), sights),
      async seen(names, timeoutMs = 120_000) {
        const handle = await page
          .waitForFunction(
            (wanted) => {
              const seen = (window as SightsWindow).benchSeen;
              return wanted.every((n) => n in seen) ? seen : undefined;
            },
            names,
            { timeout: timeoutMs, polling: 50 },
          )
          .catch(async (error: Error) => {
            if (timeoutMs < 10_000) throw error;
            const seen = await page.evaluate(() => (window as SightsWindow).benchSeen);
            // What the page showed, for whoever reads the failure.
            await page.screenshot({ path: join(tmpdir(), 'motion-bench-start-failed.png') }).catch(() => undefined);
            throw new Error(
              `${error.message}\nwaited for ${names.join(', ')}; seen: ${JSON.stringify(seen)}; the page: ${join(tmpdir(), 'motion-bench-start-failed.png')}`,
            );
          });
        return (await handle.jsonValue()) as Record<string, number>;
      },
      async close() {
        await context.close().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

declare const window: unknown;

interface SightsWindow {
  benchSeen: Record<string, number>;
  benchWatch(sights: Sight[]): void;
}

/** Chromium, once for the whole bench. */
export const startBrowser = launchHeadlessChromium;
