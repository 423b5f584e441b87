/**
 * npm run bench:measurement — opening a long measurement: a 10-minute, 300 Hz, 100-marker C3D file
 * (180,000 frames, 288 MB of floats), opened as motion.file.open opens it (read, decode every
 * marker's samples and residuals, make the measurement), beside a bare reader of the same bytes in
 * the same run (read the file, copy its floats into one Float32Array). Each runs in a process of
 * its own, so its memory is its own: what it keeps once the file's bytes are let go, against the
 * float32 size of the samples. Goals: within 2× the bare reader's time, within 2× the float32 size.
 * Then a whole trajectory in one get_samples call over HTTP, timed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readC3d } from '../src/api/c3d/c3d-read';
import type { C3dRecording } from '../src/api/c3d/c3d-recording';
import { writeC3d } from '../src/api/c3d/c3d-write';
import { measurementFromC3d } from '../server/scripting/measurement/measurement-from-c3d';
import { startChildServer } from '../test/support/child-server';
import { median } from './timed-reads';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FRAMES = 10 * 60 * 300;
const MARKERS = 100;
const TIME_GOAL = 2;
const MEMORY_GOAL = 2;

/** A long recording: markers on slow circles, each with a gap of a quarter second every minute. */
function longRecording(): C3dRecording {
  const markers = Array.from({ length: MARKERS }, (_, m) => {
    const positions = new Float32Array(FRAMES * 3);
    const residuals = new Float32Array(FRAMES).fill(0.8);
    for (let f = 0; f < FRAMES; f++) {
      const a = (f / 300) * 2 * Math.PI * 0.5 + m;
      positions[3 * f] = 1000 * Math.cos(a) + m;
      positions[3 * f + 1] = 1000 * Math.sin(a);
      positions[3 * f + 2] = 10 * m;
      if (f % 18_000 < 75 && f > 0) residuals[f] = -1;
    }
    return { label: `M${String(m).padStart(3, '0')}`, description: '', positions, residuals };
  });
  return {
    processor: 'intel',
    integer: false,
    pointScale: 0.1,
    frameRate: 300,
    firstFrame: 1,
    frameCount: FRAMES,
    pointUnit: 'mm',
    markers,
    analogRate: 0,
    analog: [],
    events: [],
    forcePlates: [],
    parameters: new Map(),
  };
}

/** In a child process: open the file one way, print the time and what stays in memory once collected. */
function child(mode: string, path: string): void {
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  const base = process.memoryUsage().arrayBuffers;
  const started = performance.now();
  let kept: unknown;
  if (mode === 'bare') {
    const bytes = readFileSync(path);
    const start = (bytes.readUInt16LE(16) - 1) * 512;
    kept = new Float32Array(bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + bytes.length));
  } else {
    let next = 1;
    kept = measurementFromC3d(readC3d(readFileSync(path)), path, () => next++, new Date());
  }
  const ms = performance.now() - started;
  gc();
  const bytesKept = process.memoryUsage().arrayBuffers - base;
  console.log(JSON.stringify({ ms, bytesKept, alive: kept !== undefined }));
}

function inChild(mode: string, path: string): Promise<{ ms: number; bytesKept: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--expose-gc', process.argv[1], 'child', mode, path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as { ms: number; bytesKept: number })
        : reject(new Error(`${mode}: exit ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'motion-bench-measurement-'));
  try {
    const path = join(folder, 'long.c3d');
    writeFileSync(path, writeC3d(longRecording()));
    const floats = FRAMES * MARKERS * 4 * 4;
    console.log(
      `${FRAMES.toLocaleString('en')} frames × ${MARKERS} markers at 300 Hz: ${(floats / 2 ** 20).toFixed(0)} MiB of float32 samples`,
    );
    const bare: { ms: number; bytesKept: number }[] = [];
    const ours: { ms: number; bytesKept: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Alternating, so a busy moment of the machine falls on both.
      bare.push(await inChild('bare', path));
      ours.push(await inChild('ours', path));
    }
    const [b, o] = [median(bare.map((r) => r.ms)), median(ours.map((r) => r.ms))];
    const kept = median(ours.map((r) => r.bytesKept));
    console.log(`bare reader (read, copy the floats): median ${b.toFixed(0)} ms of ${RUNS}`);
    console.log(`motion.file.open's reading:         median ${o.toFixed(0)} ms of ${RUNS}`);
    console.log(`ratio ${(o / b).toFixed(2)} (goal ≤ ${TIME_GOAL})`);
    console.log(
      `kept in memory: ${(kept / 2 ** 20).toFixed(0)} MiB against ${(floats / 2 ** 20).toFixed(0)} MiB of float32 samples, ratio ${(kept / floats).toFixed(2)} (goal ≤ ${MEMORY_GOAL})`,
    );

    const server = await startChildServer(['--empty', '--log-level', 'warn']);
    try {
      const call = async (module: string, op: string, args: unknown[]) => {
        const res = await fetch(`${server.url}/api/scripting/motion/${module}/${op}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${op}: ${text}`);
        return { value: JSON.parse(text) as unknown, bytes: text.length };
      };
      let started = performance.now();
      await call('file', 'open', [path]);
      const opened = performance.now() - started;
      const id = (await call('data/object/trajectory', 'get_trajectory_id', [0])).value as number;
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS; run++) {
        started = performance.now();
        const got = await call('data/series/_3d', 'get_samples', [id, null]);
        times.push(performance.now() - started);
        bytes = got.bytes;
        if ((got.value as unknown[]).length !== FRAMES) throw new Error('not every sample came');
      }
      console.log(
        `over HTTP: motion.file.open ${opened.toFixed(0)} ms; a whole trajectory in one get_samples call (${FRAMES.toLocaleString('en')} samples, ${(bytes / 2 ** 20).toFixed(1)} MiB of JSON): median ${median(times).toFixed(0)} ms`,
      );
    } finally {
      server.child.stdin?.end();
      await server.exited;
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') child(process.argv[3], process.argv[4]);
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
