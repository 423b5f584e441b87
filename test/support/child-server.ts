import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const SERVER_BIN = resolve(__dirname, '../../dist/motion-server.js');

export interface ChildServer {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string>;
}

/**
 * Starts the built `motion-server` as a child process and waits for its startup line. It stops
 * with the process that started it (a test run or a bench stopped half way), as the product's own
 * servers do: `--stop-with-stdin`, with a pipe for stdin that nobody writes.
 */
export function startChildServer(args: string[], timeoutMs = 10_000): Promise<ChildServer> {
  if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is missing: run npm run build first`);
  const child = spawn(process.execPath, [SERVER_BIN, '--port', '0', ...args, '--stop-with-stdin'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`motion-server did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, url: match[1], port: Number(new URL(match[1]).port), output: () => output, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`motion-server exited (${code}) before listening:\n${output}`));
    });
  });
}

/** Runs `motion-server` to completion (for start-up failures); resolves with its exit code and output. */
export function runServerToExit(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [SERVER_BIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}
