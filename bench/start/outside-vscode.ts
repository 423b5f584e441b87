/**
 * bench:start's figures outside VS Code: `motion run --dry-run` of the 10-line tool, and two of the
 * bounds: the reference server's bare start (from its spawn to its first answer) and a Python
 * process that imports our package and makes one call (from its spawn to its exit).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { MotionClient } from '../../src/api/client/motion-client';
import { startChildServer } from '../../test/support/child-server';
import { motionProject } from './projects';
import { PRODUCT } from './workbench';
import type { Figures } from './in-vscode';

const DIST = join(PRODUCT, 'dist');

/** Runs a process to its end; its time from spawn to exit. A failure says what it printed. */
function timedRun(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    ),
  );
}

/** The reference server from its spawn to its first answer. */
export async function serverBareStart(): Promise<Figures> {
  const started = performance.now();
  const server = await startChildServer(['--log-level', 'warn']);
  const client = new MotionClient({ url: server.url });
  try {
    await client.get_version();
    return { start: performance.now() - started };
  } finally {
    await client.close();
    server.child.kill();
  }
}

/**
 * The language server from its spawn to its answer to `initialize` (its parsers loaded, its
 * analysis worker started), over stdio: the least a first completion can wait once Motion starts.
 */
export async function languageServerBareStart(): Promise<Figures> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(DIST, 'language-server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  connection.listen();
  try {
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      initializationOptions: { serverUrlFromClient: true },
    });
    return { start: performance.now() - started };
  } finally {
    connection.dispose();
    child.kill();
  }
}

/** A reference server of the demo data for the duration of `use`. */
async function withServer<T>(use: (url: string) => Promise<T>): Promise<T> {
  const server = await startChildServer(['--log-level', 'warn']);
  try {
    return await use(server.url);
  } finally {
    server.child.kill();
  }
}

/** Python importing our package and making one call, from its spawn to its exit. */
export function pythonOneCall(): Promise<Figures> {
  return withServer(async (url) => {
    const call = await timedRun(
      process.env.BENCH_PYTHON ?? 'python3',
      ['-c', 'import motion; motion.settings.processing.skeleton.get_skeleton_ids("project")'],
      { env: { ...process.env, PYTHONPATH: join(DIST, 'python'), MOTION_URL: url } },
    );
    return { call };
  });
}

/** `motion run --dry-run tool.py` against the demo data, from its spawn to its exit. */
export function cliDryRun(): Promise<Figures> {
  const project = motionProject();
  return withServer(async (url) => ({
    dryRun: await timedRun(process.execPath, [join(DIST, 'motion.js'), 'run', '--dry-run', 'tool.py', '--url', url], {
      cwd: project.folder,
    }),
  })).finally(() => rmSync(project.folder, { recursive: true, force: true }));
}
