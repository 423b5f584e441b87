/**
 * npm run bench:slow — the Skeletons view's tree and the 3D view's reads against an application
 * that answers every request late (motion-server --delay-ms): 2 ms (a busy application) and 25 ms
 * (an application on a capture PC across the network), where how many requests are in flight
 * decides the time; beside the same loads at full speed. Each load is
 * printed beside its bound: its requests at the server's own rate, measured in the same run with
 * the same reads by autocannon (which keeps as many in flight as the server takes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MotionClient } from '../src/api/client/motion-client';
import { loadSkeletons } from '../src/api/skeletons/skeleton-loader';
import { sendViewScene } from '../src/extension/skeletons-in-3d/view-scene';
import { startChildServer } from '../test/support/child-server';
import { serverRate, type BenchCall } from './server-rate';
import { populateStage, viewReads } from './stage';
import { median, timed } from './timed-reads';
import { populateTree, treeReads } from './tree-stage';

/** The late answers tried, in ms (BENCH_DELAY_MS=2,25). */
const DELAYS_MS = (process.env.BENCH_DELAY_MS ?? '2,25').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Stages a state file once, at full speed. */
async function stage(file: string, populate: (client: MotionClient) => Promise<void>): Promise<void> {
  const server = await startChildServer(['--state', file, '--empty', '--log-level', 'warn']);
  const client = new MotionClient({ url: server.url });
  await populate(client);
  await client.close();
  server.child.kill('SIGTERM');
  await server.exited;
}

interface Load {
  what: string;
  ms: number;
  requests: number;
  boundMs: number;
}

/** Loads on the application staged in `file`, answering `delayMs` late: median time, requests, bound. */
async function measure(
  file: string,
  delayMs: number,
  what: string,
  reads: (client: MotionClient) => Promise<BenchCall[]>,
  load: (client: MotionClient) => Promise<unknown>,
): Promise<Load> {
  const server = await startChildServer(['--state', file, '--log-level', 'warn', '--delay-ms', String(delayMs)]);
  try {
    const setup = new MotionClient({ url: server.url });
    const calls = await reads(setup);
    await setup.close();
    const rate = await serverRate(server.url, calls);
    const runs: { ms: number; requests: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timed(server.url, load));
    const ms = median(runs.map((r) => r.ms));
    const requests = runs[0].requests;
    return { what, ms, requests, boundMs: requests / rate };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'motion-bench-slow-'));
  const tree = join(dir, 'tree.json');
  const view = join(dir, 'view.json');
  await stage(tree, populateTree);
  await stage(view, populateStage);
  console.log(
    `The tree (20 skeletons × 50 segments) and the 3D view's reads (20 × 100 segments, 4 markers each), median of ${RUNS} runs, loopback`,
  );
  for (const delay of [0, ...DELAYS_MS]) {
    const loads = [
      await measure(tree, delay, 'tree (Skeletons view)', treeReads, (c) => loadSkeletons(c, 'project')),
      await measure(view, delay, '3D view, every skeleton read', viewReads, (c) =>
        sendViewScene(c, { source: 'project' }, () => undefined),
      ),
    ];
    console.log(
      delay >= 10
        ? `  an application on another machine, answering ${delay} ms late:`
        : delay
          ? `  an application answering ${delay} ms late:`
          : '  the reference server at full speed:',
    );
    for (const l of loads)
      console.log(
        `    ${l.what.padEnd(30)} ${l.ms.toFixed(0).padStart(6)} ms   ${String(l.requests).padStart(6)} requests   bound ${l.boundMs.toFixed(0).padStart(5)} ms   ${(l.ms / l.boundMs).toFixed(2)}× the bound`,
      );
  }
  rmSync(dir, { recursive: true, force: true });
}

void main();
