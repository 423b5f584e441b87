import { execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const CLI_BIN = resolve(__dirname, '../../dist/motion.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `motion` CLI as a child process (in `cwd`, default this one's); `input` is piped to its stdin. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  input?: string,
  cwd?: string,
): Promise<CliRun> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [CLI_BIN, ...args],
      // A guard for a CLI that hangs, not a time it must keep: on a loaded machine `motion test` of
      // the examples took longer than 30 s, was killed, and left its private servers running.
      { env: { ...process.env, ...env }, timeout: 120_000, cwd },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? '');
  });
}

/**
 * Runs the CLI in a pseudo-terminal (util-linux `script`), as a person at a terminal: each step
 * waits until the screen shows `awaited`, then types `keys` (\r for Enter, \x03 for Ctrl+C). Resolves
 * to everything the terminal showed once the CLI has exited.
 */
export function typeInTerminal(
  args: string[],
  env: Record<string, string>,
  steps: [awaited: string, keys: string][],
  timeoutMs = 30_000,
): Promise<string> {
  const command = [process.execPath, CLI_BIN, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { ...process.env, ...env, TERM: 'dumb' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  let seen = 0;
  const pending = [...steps];
  const advance = () => {
    while (pending.length > 0) {
      const at = screen.indexOf(pending[0][0], seen);
      if (at < 0) return;
      seen = at + pending[0][0].length;
      child.stdin.write(pending.shift()![1]);
      // script(1) waits for its own input to end as well as for the CLI.
      if (pending.length === 0) child.stdin.end();
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
    advance();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`the terminal never showed ${JSON.stringify(pending[0]?.[0])}; it showed ${JSON.stringify(screen)}`),
      );
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      if (pending.length > 0)
        reject(new Error(`the CLI ended before ${JSON.stringify(pending[0][0])}: ${JSON.stringify(screen)}`));
      else resolve(screen);
    });
  });
}
