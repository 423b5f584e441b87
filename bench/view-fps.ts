/**
 * npm run bench:view — the 3D skeleton view with 20 skeletons × 100 segments × 4 markers from the
 * reference server, in headless Chromium (WebGL 2 through SwiftShader): how long it takes to open
 * (read from the server, placed, drawn): to the first skeleton, to every segment of all placed (the
 * goal: 500 ms), and to all whole with names and markers; and frames per second while orbiting,
 * against the same bones drawn as bare three.js line segments (bench/view-peer), orbited the same
 * way in the same run. Prints both figures and the ratio.
 */
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchHeadlessChromium } from '../scripts/headless-chromium';
import { MotionClient } from '../src/api/client/motion-client';
import { listSkeletons, loadSkeletonTree } from '../src/api/skeletons/skeleton-loader';
import { makeNonce, viewHtml } from '../src/extension/skeletons-in-3d/view-html';
import type { SceneReport, ViewSkeleton } from '../src/protocol/skeleton-view';
import { sendViewScene } from '../src/extension/skeletons-in-3d/view-scene';
import { startChildServer } from '../test/support/child-server';
import { serverRate } from './server-rate';
import { MARKERS, populateStage, SEGMENTS, SKELETONS, viewReads } from './stage';

/** CPU time a process has used so far (user and system), from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// The functions given to page.evaluate run in the page: its globals, as far as they are used here.
declare const window: any;
declare function requestAnimationFrame(callback: () => void): number;

const ORBIT_MS = Number(process.env.BENCH_ORBIT_MS ?? 5000);
const SIZE = { width: 1280, height: 800 };

interface Pages {
  url: string;
  /** Hands a message to the view's page, as VS Code's webview.postMessage does. */
  send(json: string): void;
  close(): void;
}

/**
 * A page server on loopback: the view's own page (with a stand-in for the webview API), the peer's,
 * and their bundles. The extension's messages reach the view's page as a stream of server-sent
 * events, each posted to the page's window as VS Code posts a webview's messages. Handing them on so
 * costs this process little; a playwright call per message cost it more CPU than the reading itself.
 */
async function servePages(): Promise<Pages> {
  const peer = await esbuild.build({
    entryPoints: [resolve(__dirname, 'view-peer/bare-lines.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'warning',
  });
  const view = readFileSync(resolve(__dirname, '../dist/webview/skeleton-view.js'));
  let stream: ServerResponse | undefined;
  const server = createServer((req, res) => {
    if (req.url === '/messages') {
      stream?.end();
      stream = res;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': open\n\n');
      return;
    }
    const nonce = makeNonce();
    const origin = `http://${req.headers.host}`;
    const standIn = `
      window.fromView = [];
      window.acquireVsCodeApi = () => ({ postMessage: (m) => window.fromView.push(m), getState: () => undefined, setState: () => {} });
      const messages = new EventSource('/messages');
      messages.onopen = () => (window.streamOpen = true);
      window.posted = 0;
      messages.onmessage = (event) => {
        window.postMessage(JSON.parse(event.data), '*');
        window.posted++;
      };
      // When the legend first says each stage, and two frames later (the stage drawn), on the epoch clock.
      window.stages = {};
      const now = () => performance.timeOrigin + performance.now();
      document.addEventListener('DOMContentLoaded', () => {
        const legend = document.getElementById('legend');
        new MutationObserver(() => {
          const text = legend.textContent;
          if (!text.includes(' segments')) return;
          const reached = { first: true, placed: !text.includes('more skeleton'), whole: !text.includes('Loading') };
          for (const stage of Object.keys(reached))
            if (reached[stage] && !(stage in window.stages)) {
              window.stages[stage] = 0;
              requestAnimationFrame(() => requestAnimationFrame(() => (window.stages[stage] = now())));
            }
        }).observe(legend, { childList: true, subtree: true, characterData: true });
      });`;
    const pages: Record<string, [string, string | Uint8Array]> = {
      '/view': [
        'text/html',
        viewHtml({ scriptUri: '/skeleton-view.js', cspSource: origin, nonce })
          .replace("default-src 'none'", `default-src 'none'; connect-src ${origin}`)
          .replace('<script nonce', `<script nonce="${nonce}">${standIn}</script>\n<script nonce`),
      ],
      '/skeleton-view.js': ['text/javascript', view],
      '/peer': ['text/html', '<!DOCTYPE html><body style="margin:0"><script src="/peer.js"></script></body>'],
      '/peer.js': ['text/javascript', peer.outputFiles[0].contents],
    };
    const page = pages[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'content-type': page?.[0] ?? 'text/plain' });
    res.end(page?.[1] ?? 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // JSON.stringify writes no line breaks, so each message is one event's one data line.
    send: (json) => stream!.write(`data: ${json}\n\n`),
    close: () => {
      stream?.end();
      server.close();
    },
  };
}

/** Drags across the canvas in circles for ORBIT_MS and counts the frames the page produced meanwhile. */
async function orbitFps(page: Page): Promise<number> {
  // A string, not a function: tsx names inner functions with a helper the page does not have.
  await page.evaluate(`
    window.frames = 0;
    window.counting = true;
    requestAnimationFrame(function tick() { window.frames++; if (window.counting) requestAnimationFrame(tick); });
  `);
  const cx = SIZE.width / 2;
  const cy = SIZE.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const started = Date.now();
  for (let i = 0; Date.now() - started < ORBIT_MS; i++)
    await page.mouse.move(cx + Math.cos(i / 20) * 200, cy + Math.sin(i / 20) * 100);
  const elapsed = Date.now() - started;
  await page.mouse.up();
  const frames = await page.evaluate(() => {
    const w = window as unknown as { frames: number; counting: boolean };
    w.counting = false;
    return w.frames;
  });
  return (frames * 1000) / elapsed;
}

/**
 * Times of one opening, from the first request: to the first skeleton on screen, to every segment
 * of all placed, to all whole (names, markers, rigid bodies), to the default pose read.
 */
interface Opening {
  firstShown: number;
  allShown: number;
  allWhole: number;
  defaultPoseReady: number;
  bytes: number;
  messages: number;
  /** Requests made until every skeleton was placed (sent to the page), and in all. */
  requestsPlaced: number;
  requests: number;
  skeletons: ViewSkeleton[];
  /** The page's own work (Chromium's TaskDuration: parsing, building, drawing) until all were placed, and whole. */
  pageMs: number;
  pageWholeMs: number;
}

/** The legend's text at each stage of an opening: a skeleton shown, every one placed, every one whole. */
type Stage = 'first' | 'placed' | 'whole';

/**
 * Opens the view on a fresh page, as the extension does it: the outline, then each skeleton as it
 * is read and placed, then each whole. Each message crosses to the page as JSON (VS Code serialises
 * webview messages so); the page parses it and draws.
 */
async function openView(
  browser: Browser,
  pages: Pages,
  client: MotionClient,
  requestsSoFar: () => number = () => 0,
  onPlaced: () => void = () => undefined,
): Promise<{ page: Page; opening: Opening }> {
  const page = await browser.newPage({ viewport: SIZE });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${pages.url}/view`);
  await page.waitForFunction(() => window.fromView.some((m: any) => m.type === 'ready') && window.streamOpen);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  const pageBefore = await taskSeconds();
  const requestsBefore = requestsSoFar();
  const twoFrames = () =>
    page.evaluate(
      () => new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn()))),
    );
  let started = 0;
  /** When the page drew `stage` (from its own record), and about the page's own work until then (read as soon as seen). */
  const shown = async (stage: Stage) => {
    await page.waitForFunction((at) => window.stages[at] > 0, stage, { polling: 'raf', timeout: 0 });
    const pageMs = ((await taskSeconds()) - pageBefore) * 1000;
    const at = await page.evaluate((st) => window.stages[st] as number, stage);
    return { ms: at - performance.timeOrigin - started, pageMs };
  };
  const stages = Promise.all([shown('first'), shown('placed'), shown('whole')]);
  let messages = 0;
  let placed = 0;
  const skeletons: ViewSkeleton[] = [];
  let expected = Infinity;
  let requestsPlaced = 0;
  let bytes = 0;
  started = performance.now();
  // As in VS Code, sending does not wait for the webview: the next skeleton is read meanwhile.
  await sendViewScene(client, { source: 'project' }, (message) => {
    const json = JSON.stringify(message);
    bytes += json.length;
    messages++;
    pages.send(json);
    if (message.type === 'outline') expected = message.outline.skeletonIds.length;
    if (message.type !== 'skeleton') return;
    if (!message.skeleton.placedOnly) skeletons.push(message.skeleton);
    else if (++placed === expected) {
      requestsPlaced = requestsSoFar() - requestsBefore;
      onPlaced();
    }
  });
  const requests = requestsSoFar() - requestsBefore;
  const [first, all, whole] = await stages;
  await page.waitForFunction((count) => window.posted === count, messages, { timeout: 0 });
  await twoFrames();
  const defaultPoseReady = performance.now() - started;
  if (errors.length > 0) throw new Error(`the view failed: ${errors.join('\n')}`);
  return {
    page,
    opening: {
      firstShown: first.ms,
      allShown: all.ms,
      allWhole: whole.ms,
      defaultPoseReady,
      bytes,
      messages,
      requestsPlaced,
      requests,
      skeletons,
      pageMs: all.pageMs,
      pageWholeMs: whole.pageMs,
    },
  };
}

const described = (o: Opening) =>
  `first skeleton shown after ${o.firstShown.toFixed(0)} ms, every segment of all ${SKELETONS} after ${o.allShown.toFixed(0)} ms, ` +
  `all whole (names, markers) after ${o.allWhole.toFixed(0)} ms, the default pose read after ${o.defaultPoseReady.toFixed(0)} ms`;

async function main(): Promise<void> {
  const server = await startChildServer(['--empty', '--log-level', 'warn']);
  const setup = new MotionClient({ url: server.url });
  await populateStage(setup);
  await setup.close();
  const pages = await servePages();
  const browser = await launchHeadlessChromium();
  try {
    // First, as the first thing this process does (its code not yet compiled by V8's optimiser).
    const cold = new MotionClient({ url: server.url });
    await cold.get_version();
    const first = await openView(browser, pages, cold);
    await first.page.close();
    await cold.close();
    // Then as from the Skeletons view in a session under way: the source listed and one skeleton's
    // tree shown (the extension host has been reading the application), in a new view.
    let requests = 0;
    const client = new MotionClient({ url: server.url, onRequest: () => requests++ });
    const listed = await listSkeletons(client, 'project');
    await loadSkeletonTree(client, listed[0]);
    // Where the time goes: the requests (and their bound at the server's own rate), the server's
    // work, this process's (reading, and handing messages to the page), and the page's.
    const rate = await serverRate(server.url, await viewReads(client));
    const serverBefore = cpuMs(server.child.pid!);
    const ownBefore = process.cpuUsage();
    let serverPlacedMs = 0;
    let ownPlacedMs = 0;
    const cpuSince = (before: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    const { page, opening } = await openView(
      browser,
      pages,
      client,
      () => requests,
      () => {
        serverPlacedMs = cpuMs(server.child.pid!) - serverBefore;
        ownPlacedMs = cpuSince(ownBefore);
      },
    );
    const serverMs = cpuMs(server.child.pid!) - serverBefore;
    const ownMs = cpuSince(ownBefore);
    const { skeletons, bytes } = opening;
    // The same reads with nothing handed on: what of this process's CPU is the client's reading,
    // and how long the reads alone take (until every skeleton is placed, and in all).
    const readingBefore = process.cpuUsage();
    const readingStarted = performance.now();
    let readingPlacedMs = 0;
    let readingPlacedCpuMs = 0;
    let placedRead = 0;
    await sendViewScene(client, { source: 'project' }, (message) => {
      if (message.type !== 'skeleton' || !message.skeleton.placedOnly || ++placedRead < SKELETONS) return;
      readingPlacedMs = performance.now() - readingStarted;
      readingPlacedCpuMs = cpuSince(readingBefore);
    });
    const readingMs = performance.now() - readingStarted;
    const readingCpuMs = cpuSince(readingBefore);
    await client.close();
    await page.evaluate(() => window.postMessage({ type: 'report' }, '*'));
    const report = (await page
      .waitForFunction(() => window.fromView.find((m: any) => m.type === 'report'))
      .then((h) => h.jsonValue())) as { report: SceneReport };
    const { segments, markers, bones } = report.report;
    if (segments !== SKELETONS * SEGMENTS || markers !== SKELETONS * (SEGMENTS - 1) * MARKERS)
      throw new Error(`the view drew ${segments} segments and ${markers} markers`);
    const viewFps = await orbitFps(page);

    const peer = await browser.newPage({ viewport: SIZE });
    await peer.goto(`${pages.url}/peer`);
    const positions = skeletons.flatMap((s) => s.calibrated.bones.flatMap((b) => [...b.from, ...b.to]));
    await peer.evaluate(([p, at]) => window.showBones(p, at), [positions, report.report.camera] as const);
    const peerFps = await orbitFps(peer);

    console.log(
      `3D view: ${SKELETONS} skeletons × ${SEGMENTS} segments × ${MARKERS} markers (${segments} segments, ${markers} markers, ${bones} bones), ` +
        `${SIZE.width}×${SIZE.height}, headless Chromium, WebGL 2 on SwiftShader, ${(bytes / 1e6).toFixed(1)} MB of messages`,
    );
    console.log(`  open, from the Skeletons view in a session under way: ${described(opening)}`);
    console.log(`  open, as the first thing a fresh process does:        ${described(first.opening)}`);
    const whereTimeGoes = (o: {
      what: string;
      ms: number;
      goal: string;
      requests: number;
      serverMs: number;
      ownMs: number;
      readingCpuMs: number;
      readingMs: number;
      pageMs: number;
    }) =>
      `  where the time to ${o.what} goes (${o.ms.toFixed(0)} ms${o.goal}): ${o.requests} requests, bound ${(o.requests / rate).toFixed(0)} ms at the server's own rate (${(rate * 1000).toFixed(0)} req/s); ` +
      `server CPU ${o.serverMs.toFixed(0)} ms; this process's CPU ${o.ownMs.toFixed(0)} ms, of which the client's reading about ${o.readingCpuMs.toFixed(0)} ms ` +
      `(the same reads alone, nothing drawn: ${o.readingMs.toFixed(0)} ms) and the rest handing messages to the page; ` +
      `the page's own work ${o.pageMs.toFixed(0)} ms (parsing, building, drawing); two cores for all of it`;
    console.log(
      whereTimeGoes({
        what: `every segment of all ${SKELETONS} placed`,
        ms: opening.allShown,
        goal: '; goal 500 ms',
        requests: opening.requestsPlaced,
        serverMs: serverPlacedMs,
        ownMs: ownPlacedMs,
        readingCpuMs: readingPlacedCpuMs,
        readingMs: readingPlacedMs,
        pageMs: opening.pageMs,
      }),
    );
    console.log(
      whereTimeGoes({
        what: `all ${SKELETONS} whole`,
        ms: opening.allWhole,
        goal: '',
        requests: opening.requests,
        serverMs,
        ownMs,
        readingCpuMs,
        readingMs,
        pageMs: opening.pageWholeMs,
      }),
    );
    console.log(`  ${opening.messages} messages of ${(bytes / 1e6).toFixed(1)} MB to the page in all`);
    console.log(`  orbiting, the view (joints, markers, bones, axes, grid)   ${viewFps.toFixed(1).padStart(6)} fps`);
    console.log(`  orbiting, bare three.js line segments (the bones only)    ${peerFps.toFixed(1).padStart(6)} fps`);
    console.log(`  ratio view/bare: ${(viewFps / peerFps).toFixed(2)}`);
  } finally {
    await browser.close();
    pages.close();
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

void main();
