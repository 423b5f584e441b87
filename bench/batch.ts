/**
 * npm run bench:batch — one script over 100 measurements of the demo's size (the Qualisys walk,
 * 1.2 MB each): `motion batch --dry-run --jobs 2` (each file against a private server started for
 * it), beside its peer in the same run: the script run once per file against one warm reference
 * server (`motion batch` against it, a session per file, the file opened and closed). Goal: the dry
 * run within 1.5× the peer's time on these two cores. BENCH_FILES changes the count.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChildServer } from '../test/support/child-server';

const FILES = Number(process.env.BENCH_FILES ?? 100);
const GOAL = 1.5;
const CLI = resolve(__dirname, '../dist/motion.js');
const QUALISYS = resolve(__dirname, '../test/fixtures/c3d/Qualisys.c3d');
const SCRIPT = `import motion
traj = motion.data.object.trajectory
first = traj.get_trajectory_ids()[0]
traj.set_label(first, traj.get_label(first) + "_checked")
`;

function batch(args: string[], cwd: string): Promise<number> {
  const started = performance.now();
  return new Promise((done, fail) =>
    execFile(process.execPath, [CLI, 'batch', ...args], { cwd, maxBuffer: 64 * 2 ** 20 }, (error, _out, stderr) =>
      error ? fail(new Error(`motion batch ${args.join(' ')} failed: ${stderr}`)) : done(performance.now() - started),
    ),
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'motion-bench-batch-'));
  const server = await startChildServer(['--state', join(dir, 'state.motion.json'), '--log-level', 'warn']);
  try {
    const trials = join(dir, 'trials');
    mkdirSync(trials);
    for (let i = 0; i < FILES; i++) copyFileSync(QUALISYS, join(trials, `trial${String(i).padStart(3, '0')}.c3d`));
    writeFileSync(join(dir, 'relabel.py'), SCRIPT);
    // The warm server: one run first, so that neither side pays the first start.
    await batch(['relabel.py', join(trials, 'trial000.c3d'), '--url', server.url], dir);
    const peer = await batch(['relabel.py', 'trials', '--url', server.url], dir);
    const dry = await batch(['relabel.py', 'trials', '--dry-run', '--jobs', '2'], dir);
    console.log(
      `peer: the script once per file against one warm server: ${(peer / 1000).toFixed(1)} s for ${FILES} files (${(peer / FILES).toFixed(0)} ms each)`,
    );
    console.log(
      `motion batch --dry-run --jobs 2:                         ${(dry / 1000).toFixed(1)} s for ${FILES} files (${(dry / FILES).toFixed(0)} ms each)`,
    );
    console.log(`ratio ${(dry / peer).toFixed(2)} (goal < ${GOAL})`);
  } finally {
    server.child.kill();
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
