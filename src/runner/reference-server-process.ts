import { spawn, type ChildProcess } from 'node:child_process';

/** How long a reference server may take to say where it listens. */
const START_TIMEOUT_MS = 15_000;

/** The reference server stopped, or said nothing, before it listened: with all it printed. */
export class ServerDidNotStart extends Error {
  override name = 'ServerDidNotStart';
  constructor(
    message: string,
    /** Everything the server printed, stdout and stderr in the order they came. */
    readonly output: string,
    /** Whether it exited (else it was still silent at the time limit, and was killed). */
    readonly exited: boolean,
  ) {
    super(message);
  }
}

/** A reference server running as a child process, listening at `url`. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
}

/**
 * Starts the built reference server (`motion-server.js`) as a child of this process, with `args`,
 * and resolves with its URL once it says where it listens. The child's standard input is a pipe
 * this process never writes: when this process ends, however it ends (a kill -9 included), the
 * pipe closes and the server stops (`--stop-with-stdin`), so no server of ours outlives its parent.
 * `onStderr`: each chunk the server writes to stderr, as it comes.
 */
export async function startReferenceServer(
  serverScript: string,
  args: readonly string[],
  onStderr?: (text: string) => void,
): Promise<ServerProcess> {
  // In desktop VS Code the extension host runs in Electron: run the server as plain Node.
  const env = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
  const child = spawn(process.execPath, [serverScript, ...args, '--stop-with-stdin'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  let output = '';
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new ServerDidNotStart(`did not start within ${START_TIMEOUT_MS / 1000} s`, output, false));
    }, START_TIMEOUT_MS);
    const heard = (chunk: Buffer) => {
      // Once it listens, what it prints is read (a pipe left full would stop it) but not kept: the
      // embedded server runs for hours.
      if (listening) return;
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        listening = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', heard);
    child.stderr.on('data', (chunk: Buffer) => {
      heard(chunk);
      onStderr?.(chunk.toString());
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new ServerDidNotStart(`exited (${signal ?? code}) before it listened`, output, true));
    });
  });
  return { child, url };
}

/** How long a server has to stop once its input is closed, before it is killed. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * Stops a server started by startReferenceServer by closing its standard input, as the end of this
 * process would, and resolves once it has exited: it saves its state and removes its lock first.
 * Not a signal: on Windows Node's kill('SIGTERM') ends the process at once, its lock file left
 * behind. A server still running 5 s later is killed.
 */
export async function stopReferenceServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
