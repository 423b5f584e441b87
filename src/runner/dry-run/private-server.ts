import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The private server would not serve the snapshot it was given (corrupt, hand-edited, another format version). */
export class SnapshotRefused extends Error {
  override name = 'SnapshotRefused';
}

/** A reference server of one's own: started from a state file on a free loopback port, stopped when done. */
interface PrivateServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built reference server (`motion-server.js`) as a child process serving `stateFile`.
 * Nobody else's application is touched: the port is a free one on 127.0.0.1. A file the server
 * cannot serve (corrupt, hand-edited, another format version) is refused with the server's own
 * words, which name the field.
 */
async function startPrivateServer(serverScript: string, stateFile: string): Promise<PrivateServer> {
  // In desktop VS Code the extension host runs in Electron: run it as plain Node.
  const env = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
  const child = spawn(process.execPath, [serverScript, '--port', '0', '--state', stateFile, '--log-level', 'warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the private server did not start within 15 s:\n${output.trim()}`));
    }, 15_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', () => {
      clearTimeout(timer);
      // The server speaks of its state file (our copy) and how to repair it: say only what is wrong.
      const said = output.trim().replace(/^motion-server: /, '');
      const problem = /is corrupt: (.*?)\. It was left as it is/s.exec(said)?.[1] ?? said;
      reject(new SnapshotRefused(`the snapshot cannot be served: ${problem || 'the private server stopped at start'}`));
    });
  });
  return { url, stop };
}

/**
 * Runs `use` with a private server serving a copy of `snapshot` (a state file's text; undefined:
 * the demo data), and its state file, which holds every change once the call that made it has
 * answered. The server and the copy are gone when it returns, whatever happened.
 */
export async function withPrivateServer<T>(
  serverScript: string,
  snapshot: string | undefined,
  use: (server: { url: string; stateFile: string }) => Promise<T>,
): Promise<T> {
  // Named after this process: whoever looks for leftovers can tell its own from other processes'.
  const dir = await mkdtemp(join(tmpdir(), `motion-private-${process.pid}-`));
  const stateFile = join(dir, 'state.motion.json');
  try {
    // Without a snapshot the server creates the file from its demo data.
    if (snapshot !== undefined) await writeFile(stateFile, snapshot);
    const server = await startPrivateServer(serverScript, stateFile);
    try {
      return await use({ url: server.url, stateFile });
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
