/**
 * npm run bench:tree — loading 20 skeletons × 50 segments with the src/api loader (all requests
 * issued concurrently, reads pipelined) against a naive loader that asks one field at a time,
 * sequentially; same server, same run. Prints both times, request counts and the ratio; and the
 * bound: what the loader's requests cost at the server's own rate (measured in the same run with
 * the same reads by autocannon), and the loader's time over it.
 */
import { MotionClient } from '../src/api/client/motion-client';
import { loadSkeletons } from '../src/api/skeletons/skeleton-loader';
import { startChildServer } from '../test/support/child-server';
import { median, timed } from './timed-reads';
import { loadTreeNaively } from './naive-tree-loader';
import { serverRate } from './server-rate';
import { populateTree, SEGMENTS, SKELETONS, treeReads } from './tree-stage';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function main(): Promise<void> {
  const server = await startChildServer(['--empty', '--log-level', 'warn']);
  const setup = new MotionClient({ url: server.url });
  await populateTree(setup);
  const reads = await treeReads(setup);
  await setup.close();
  // The machine is shared: the server's rate is measured again before each load, and each load is
  // set against the rate of its moment.
  const rates: number[] = [];
  const ratios: number[] = [];
  const ours: number[] = [];
  const naive: number[] = [];
  let oursRequests = 0;
  let naiveRequests = 0;
  for (let i = 0; i < RUNS; i++) {
    const rate = await serverRate(server.url, reads, { seconds: 1 });
    const a = await timed(server.url, (c) => loadSkeletons(c, 'project'));
    rates.push(rate);
    ratios.push(a.ms / (a.requests / rate));
    const segments = a.result.reduce((n, s) => n + s.segmentCount, 0);
    if (a.result.length !== SKELETONS || segments !== SKELETONS * SEGMENTS)
      throw new Error(`loader saw ${a.result.length} skeletons, ${segments} segments`);
    ours.push(a.ms);
    oursRequests = a.requests;
    const b = await timed(server.url, (c) => loadTreeNaively(c, 'project'));
    if (b.result.segments !== SKELETONS * SEGMENTS) throw new Error(`naive loader saw ${b.result.segments} segments`);
    naive.push(b.ms);
    naiveRequests = b.requests;
  }
  server.child.kill('SIGTERM');
  await server.exited;

  const [o, n] = [median(ours), median(naive)];
  console.log(
    `Loading ${SKELETONS} skeletons × ${SEGMENTS} segments (name, scale, root; each segment's name, solver, endpoint, markers, parent)`,
  );
  console.log(`median of ${RUNS} runs, reference server in a child process, loopback`);
  console.log(`  src/api loader (concurrent, pipelined)   ${o.toFixed(0).padStart(6)} ms   ${oursRequests} requests`);
  console.log(`  naive loader (one field at a time)       ${n.toFixed(0).padStart(6)} ms   ${naiveRequests} requests`);
  console.log(`  ratio naive/loader: ${(n / o).toFixed(1)}× faster`);
  const rate = median(rates);
  const bound = oursRequests / rate;
  const ratio = median(ratios);
  console.log(
    `  bound: ${oursRequests} requests at the server's own rate (median ${(rate * 1000).toFixed(0)} req/s, autocannon, measured before each load) = ${bound.toFixed(0)} ms; ` +
      `each load over the bound of its moment: median ${ratio.toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×), ` +
      `${ratio <= 1.5 ? 'within' : 'NOT within'} the 1.5× goal`,
  );
}

void main();
