import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** Where the session's output goes: the code's own stdout and stderr, and the session's notices. */
export type SessionOutput = (stream: 'stdout' | 'stderr' | 'system', text: string) => void;

export interface RunError {
  type: string;
  message: string;
  /** MotionError's code, when the application refused a call. */
  code?: string;
  /** The line in the script where it happened. */
  line?: number;
}

export interface RunResult {
  ok: boolean;
  error?: RunError;
}

export interface PythonSessionOptions {
  /** The interpreter: a path or a command (default python3, then python). */
  interpreter?: string;
  serverUrl: string;
  cwd?: string;
  onOutput: SessionOutput;
}

/** The `motion` package and the session driver: next to the bundle in dist/python, or in the sources. */
export function pythonSupportDir(): string {
  for (const dir of [join(__dirname, 'python'), resolve(__dirname, '../src/runner/python'), resolve(__dirname, 'python')]) {
    if (existsSync(join(dir, 'motion_session.py'))) return dir;
  }
  throw new Error('the motion Python package is missing from this installation');
}

const DONE = /\x00motion-done:(\d+)\x00\n/g;

/**
 * A long-lived Python interpreter with the `motion` package, running code in one set of globals
 * the way a scripting console does. A run that crashes the interpreter is reported, and the next
 * run starts a fresh one.
 */
export class PythonSession {
  private child: ChildProcess | undefined;
  private starting: Promise<void> | undefined;
  private nextId = 1;
  private disposing: ChildProcess | undefined;
  private pending = new Map<number, { resolve: (r: RunResult) => void; reply?: RunResult; streams: number }>();

  constructor(private readonly options: PythonSessionOptions) {}

  get running(): boolean {
    return this.pending.size > 0;
  }

  /** Runs code as if it stood at `line` of `filename` (tracebacks name the script's own lines). */
  async run(code: string, where: { filename: string; line?: number } = { filename: '<selection>' }): Promise<RunResult> {
    await this.start();
    const id = this.nextId++;
    return new Promise((resolvePromise) => {
      this.pending.set(id, { resolve: resolvePromise, streams: 0 });
      this.child!.stdin!.write(`${JSON.stringify({ id, code, filename: where.filename, line: where.line ?? 1 })}\n`);
    });
  }

  /** Interrupts the running code (KeyboardInterrupt); the session keeps its variables. */
  interrupt(): void {
    if (this.child && this.running) this.child.kill('SIGINT');
  }

  /** A fresh interpreter: variables are gone. */
  async restart(): Promise<void> {
    await this.dispose();
    await this.start();
  }

  async dispose(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.disposing = child;
    this.starting = undefined;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
  }

  private start(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.starting) return this.starting;
    const candidates = this.options.interpreter ? [this.options.interpreter] : ['python3', 'python'];
    this.starting = candidates.slice(1).reduce(
      (attempt, next) => attempt.catch((error: Error) => (/was not found/.test(error.message) ? this.spawnSession(next) : Promise.reject(error))),
      this.spawnSession(candidates[0]),
    );
    return this.starting;
  }

  private spawnSession(interpreter: string): Promise<void> {
    return new Promise((resolveStart, rejectStart) => {
      const support = pythonSupportDir();
      const env = { ...process.env, MOTION_URL: this.options.serverUrl, PYTHONPATH: [support, process.env.PYTHONPATH].filter(Boolean).join(delimiter), PYTHONIOENCODING: 'utf-8' };
      const child = spawn(interpreter, ['-u', join(support, 'motion_session.py')], { cwd: this.options.cwd, env, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
      this.child = child;
      let ready = false;
      child.once('error', (error) => {
        const message = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `the Python interpreter "${interpreter}" was not found` : error.message;
        this.child = undefined;
        rejectStart(new Error(message));
      });
      this.relay(child.stdout!, 'stdout');
      this.relay(child.stderr!, 'stderr');
      let control = '';
      (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
        control += chunk.toString('utf8');
        for (let newline = control.indexOf('\n'); newline >= 0; newline = control.indexOf('\n')) {
          const message = JSON.parse(control.slice(0, newline)) as { id: number; ok: boolean; ready?: boolean; error?: RunError };
          control = control.slice(newline + 1);
          if (message.ready) {
            ready = true;
            if (!message.ok) this.options.onOutput('system', `motion is not available in this session: ${message.error?.message}\n`);
            resolveStart();
          } else this.replied(message.id, { ok: message.ok, error: message.error });
        }
      });
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined;
        const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
        if (!ready) rejectStart(new Error(`the Python session ${how} before it was ready`));
        for (const [id, run] of this.pending) {
          this.pending.delete(id);
          run.resolve({ ok: false, error: { type: 'SessionCrashed', message: `the Python interpreter ${how}; the next run starts a new session` } });
        }
        if (ready && this.disposing !== child) this.options.onOutput('system', `The Python session ${how}: its variables were cleared, and the next run starts a new session.\n`);
      });
    });
  }

  /** Passes output through, minus the markers that say a run's output is complete. */
  private relay(stream: Readable, name: 'stdout' | 'stderr'): void {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      buffer += text;
      let last = 0;
      let output = '';
      for (const match of buffer.matchAll(DONE)) {
        output += buffer.slice(last, match.index);
        last = match.index! + match[0].length;
        this.streamDone(Number(match[1]));
      }
      output += buffer.slice(last);
      // Keep a possible marker start for the next chunk.
      const hold = output.lastIndexOf('\x00');
      buffer = hold >= 0 && !output.slice(hold).includes('\n') ? output.slice(hold) : '';
      const shown = hold >= 0 && buffer ? output.slice(0, hold) : output;
      if (shown) this.options.onOutput(name, shown);
    });
  }

  private streamDone(id: number): void {
    const run = this.pending.get(id);
    if (!run) return;
    run.streams++;
    this.settle(id);
  }

  private replied(id: number, result: RunResult): void {
    const run = this.pending.get(id);
    if (!run) return;
    run.reply = result;
    this.settle(id);
  }

  private settle(id: number): void {
    const run = this.pending.get(id)!;
    if (run.reply && run.streams === 2) {
      this.pending.delete(id);
      run.resolve(run.reply);
    }
  }
}
