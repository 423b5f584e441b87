/**
 * npm run bench:server — throughput and latency of the reference server against a bare node:http
 * server that answers a constant, measured in the same run with the same load (autocannon,
 * loopback): get_skeleton_count alone, then a mixed read/write workload. Not a test: it prints.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { startChildServer, type ChildServer } from '../test/support/child-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const S = '/api/scripting/motion/settings/processing/skeleton';
const json = { 'content-type': 'application/json' };

type Requests = autocannon.Request[];

const READS: Requests = [{ method: 'POST', path: `${S}/get_skeleton_count/`, headers: json, body: '["project"]' }];

/** A steady-state mix: the writes replace values rather than grow the state, so the run measures the server, not a growing tree. */
function mixed(): Requests {
  let n = 0;
  const marker = (i: number) => [{ name: 'LASI', position: [120 + (i % 7), 80, 0], weight: 1 }];
  const matrix = (i: number) => [
    [1, 0, 0, i % 100],
    [0, 1, 0, 0],
    [0, 0, 1, 950],
    [0, 0, 0, 1],
  ];
  return [
    { method: 'POST', path: `${S}/get_skeleton_count/`, headers: json, body: '["project"]' },
    { method: 'POST', path: `${S}/get_segment_ids/`, headers: json, body: '["project",1]' },
    { method: 'POST', path: `${S}/get_segment_markers/`, headers: json, body: '["project",2]' },
    {
      method: 'POST',
      path: `${S}/set_skeleton_scale/`,
      headers: json,
      setupRequest: (r) => ({ ...r, body: JSON.stringify(['project', 1, 1 + (n++ % 90) / 10]) }),
    },
    {
      method: 'POST',
      path: `${S}/set_segment_markers/`,
      headers: json,
      setupRequest: (r) => ({ ...r, body: JSON.stringify(['project', 2, marker(n++)]) }),
    },
    { method: 'POST', path: `${S}/get_segment_degrees_of_freedom/`, headers: json, body: '["project",3]' },
    {
      method: 'POST',
      path: `${S}/set_segment_transform/`,
      headers: json,
      setupRequest: (r) => ({ ...r, body: JSON.stringify(['project', 3, matrix(n++)]) }),
    },
    {
      method: 'POST',
      path: '/api/scripting/motion/gui/selection/set_selections/',
      headers: json,
      body: '[[{"type":"trajectory","id":73}]]',
    },
  ];
}

function startBare(): Promise<ChildServer> {
  const child = spawn(process.execPath, [resolve(__dirname, 'bare-server.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | string>((done) => child.once('exit', (c, s) => done(c ?? s ?? -1)));
  return new Promise((ok) => {
    child.stdout.on('data', (d: Buffer) => {
      const url = /listening on (\S+)/.exec(d.toString())?.[1];
      if (url) ok({ child, url, port: Number(new URL(url).port), output: () => '', exited });
    });
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, requests: Requests): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, requests }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  return {
    rps: r.requests.total / SECONDS,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

async function workload(name: string, requests: () => Requests): Promise<number> {
  const reference = await startChildServer(['--log-level', 'warn']);
  const ours = await measure(reference.url, requests());
  reference.child.kill('SIGTERM');
  await reference.exited;
  const bare = await startBare();
  const peer = await measure(bare.url, requests());
  bare.child.kill('SIGTERM');
  await bare.exited;
  const ratio = ours.rps / peer.rps;
  const row = (who: string, f: Figures) =>
    `  ${who.padEnd(18)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms   errors ${f.errors}`;
  console.log(`${name} (${CONNECTIONS} connections, ${SECONDS} s each, loopback)`);
  console.log(row('reference server', ours));
  console.log(row('bare node:http', peer));
  console.log(`  ratio reference/bare: ${ratio.toFixed(2)}`);
  return ratio;
}

async function main(): Promise<void> {
  const reads = await workload('get_skeleton_count', () => READS);
  await workload('mixed reads and writes (4 reads : 4 writes, in memory)', mixed);
  const verdict = reads >= 0.7 ? 'meets' : 'misses';
  console.log(
    `\nreads: the reference server ${verdict} the goal of at least 0.7 of the bare server (${reads.toFixed(2)})`,
  );
}

void main();
