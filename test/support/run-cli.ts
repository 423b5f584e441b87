import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

export const CLI_BIN = resolve(__dirname, '../../dist/motion.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `motion` CLI as a child process; `input` is piped to its stdin. */
export function runCli(args: string[], env: Record<string, string> = {}, input?: string): Promise<CliRun> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [CLI_BIN, ...args],
      { env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? '');
  });
}
