import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { delimiter, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

import { DoneMarkers } from './python/done-markers';
import { defaultPythonCommand, findPython } from '../api/runtime/find-python';
import { pythonSupportDir } from '../api/runtime/python-support';
import type { Completeness } from './repl/statements';
import type {
  CodeOrigin,
  DisplayItem,
  LineReader,
  RunError,
  RunResult,
  ScriptSession,
  SessionDisplay,
  SessionOutput,
} from './script-session';

/** How long the output pipes are read after the interpreter ended, for what it wrote last. */
const PIPES_AFTER_EXIT_MS = 1_000;

interface PythonSessionOptions {
  /** The interpreter: a path or a command (default: python3, then python; on Windows py, python, python3). */
  interpreter?: string;
  serverUrl: string;
  cwd?: string;
  onOutput: SessionOutput;
  /** Lines for input() and sys.stdin; without it, reading gives end of input (EOFError). */
  readLine?: LineReader;
  /** A rich run's displays (its value as a table, its figures), given once all its output was. */
  onDisplay?: SessionDisplay;
}

/**
 * A long-lived Python interpreter with the `motion` package, running code in one set of globals
 * the way a scripting console does. A run that crashes the interpreter is reported, and the next
 * run starts a fresh one.
 */
export class PythonSession implements ScriptSession {
  private child: ChildProcess | undefined;
  private starting: Promise<void> | undefined;
  private nextId = 1;
  /** Sessions ended on purpose (dispose, restart, sys.exit): their exit is no crash. */
  private readonly retired = new WeakSet<ChildProcess>();
  private pending = new Map<
    number,
    { resolve: (r: RunResult) => void; reply?: RunResult; streams: number; displays: DisplayItem[][] }
  >();
  /** Ends each run's output; secret, so that no script can print it. */
  private readonly token = randomBytes(16).toString('hex');
  /** Runs go one at a time: a run sent while another is going waits for it (and for a fresh session if that one ended it). */
  private tail: Promise<unknown> = Promise.resolve();
  private inFlight = 0;
  private nextCheck = 1;
  private checks = new Map<number, (complete: boolean) => void>();
  private listens = new Map<number, (answer: { port?: number; error?: RunError }) => void>();

  constructor(private readonly options: PythonSessionOptions) {}

  /** The interpreter the session runs in now, or last ran in (a command or a path, as it was given). */
  get interpreter(): string | undefined {
    return this.startedWith;
  }
  private startedWith: string | undefined;
  /** How many times the session was ended (dispose): a start begun before the last one starts nothing. */
  private ended = 0;

  /** Whether code is running or waiting to run. */
  get running(): boolean {
    return this.inFlight > 0;
  }

  /** Runs code as if it stood at `line` of `filename` (tracebacks name the script's own lines). */
  run(code: string, where: CodeOrigin = { filename: '<selection>' }): Promise<RunResult> {
    this.inFlight++;
    const ended = this.ended;
    const result = this.tail.then(() => this.runNow(code, where, ended)).finally(() => this.inFlight--);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async runNow(code: string, where: CodeOrigin, ended: number): Promise<RunResult> {
    await this.start(ended);
    const id = this.nextId++;
    return new Promise((resolvePromise) => {
      this.pending.set(id, { resolve: resolvePromise, streams: 0, displays: [] });
      this.request({
        id,
        code,
        filename: where.filename,
        line: where.line ?? 1,
        cwd: where.cwd,
        interactive: where.interactive,
        rich: where.rich,
      });
    });
  }

  /**
   * The port of loopback on which debugpy, in this session, waits for a debugger to attach (Debug
   * Cell); it starts listening on the first call. Taken in turn with runs: on the session's own
   * thread, between them. Throws when the interpreter has no debugpy, saying so.
   */
  listenForDebugger(): Promise<number> {
    const port = this.tail.then(async () => {
      await this.start();
      const listen = this.nextCheck++;
      const answer = await new Promise<{ port?: number; error?: RunError }>((resolve) => {
        this.listens.set(listen, resolve);
        this.request({ listen });
      });
      if (answer.port === undefined) throw new Error(answer.error?.message ?? 'the session could not start debugpy');
      return answer.port;
    });
    this.tail = port.catch(() => undefined);
    return port;
  }

  /** As Python's code.InteractiveConsole decides (codeop), asked of the session's interpreter even while code runs. */
  async isComplete(code: string): Promise<Completeness> {
    await this.start();
    const check = this.nextCheck++;
    const complete = await new Promise<boolean>((resolve) => {
      this.checks.set(check, resolve);
      this.request({ check, code });
    });
    return complete ? 'complete' : 'incomplete';
  }

  private request(message: object): void {
    (this.child!.stdio[4] as Writable).write(`${JSON.stringify(message)}\n`);
  }

  /** The running code asked for a line: the answer goes back under the question's number. */
  private async answer(question: number, prompt: string, child: ChildProcess): Promise<void> {
    const text = this.options.readLine ? await this.options.readLine(prompt) : null;
    if (this.child === child && child.exitCode === null) this.request({ answer: question, text });
  }

  /**
   * Interrupts the running code (KeyboardInterrupt); the session keeps its variables. Asked on the
   * session's own request pipe, never with a signal: on Windows Node's kill('SIGINT') ends the
   * process at once, and its variables with it.
   */
  interrupt(): void {
    const [running] = this.pending.keys();
    if (this.child && running !== undefined) this.request({ interrupt: running });
  }

  /** A fresh interpreter: variables are gone. */
  async restart(): Promise<void> {
    await this.dispose();
    await this.start();
  }

  async dispose(): Promise<void> {
    this.ended++;
    const child = this.child;
    this.child = undefined;
    if (child) this.retired.add(child);
    this.starting = undefined;
    // Ended by a signal, a process has no exit code but a signal: it has exited all the same.
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
  }

  /**
   * Starts the interpreter, unless the session was ended since `ended` (when the run that asks was
   * sent): a Python started then would outlive the session that was ended.
   */
  private start(ended = this.ended): Promise<void> {
    const endedSince = () => new Error('the session was ended before this code ran');
    if (this.ended !== ended) return Promise.reject(endedSince());
    if (this.child && this.child.exitCode === null && this.starting) return this.starting;
    this.startedWith = this.options.interpreter ?? defaultPythonCommand();
    this.starting = findPython(this.options.interpreter).then((python) => {
      if (this.ended !== ended) throw endedSince();
      this.startedWith = python.command;
      return this.spawnSession(python.executable);
    });
    return this.starting;
  }

  /** Starts `interpreter`: a Python's own path (sys.executable), as findPython found it. */
  private spawnSession(interpreter: string): Promise<void> {
    return new Promise((resolveStart, rejectStart) => {
      const support = pythonSupportDir();
      const env = {
        ...process.env,
        MOTION_URL: this.options.serverUrl,
        MOTION_SESSION_TOKEN: this.token,
        PYTHONPATH: [support, process.env.PYTHONPATH].filter(Boolean).join(delimiter),
        PYTHONIOENCODING: 'utf-8',
      };
      // The script's stdin reads nothing; requests (fd 4) and replies (fd 3) are the session's own pipes.
      const child = spawn(interpreter, ['-u', join(support, 'motion_session.py')], {
        cwd: this.options.cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
      });
      this.child = child;
      let ready = false;
      child.once('error', (error) => {
        const message =
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? `the Python interpreter "${interpreter}" was not found`
            : error.message;
        this.child = undefined;
        rejectStart(new Error(message));
      });
      // An interpreter killed with a request unread resets its end of the pipes: the reset is
      // no error of ours ('close' below says how the session ended), and unheard it would end
      // the process reading it (the extension host, the CLI).
      for (const stream of child.stdio) stream?.on('error', () => undefined);
      this.relay(child.stdout!, 'stdout');
      this.relay(child.stderr!, 'stderr');
      let control = '';
      (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
        control += chunk.toString('utf8');
        for (let newline = control.indexOf('\n'); newline >= 0; newline = control.indexOf('\n')) {
          const message = JSON.parse(control.slice(0, newline)) as {
            id: number;
            ok: boolean;
            ready?: boolean;
            exited?: boolean;
            error?: RunError;
            check?: number;
            complete?: boolean;
            ask?: number;
            /** With `ask`: what input() was given (it always says, '' for none). */
            prompt: string;
            /** The answer to listen request `listening`: debugpy's port, or `error`. */
            listening?: number;
            port?: number;
            /** A display of run `display`: shown after the run's output. */
            display?: number;
            items?: DisplayItem[];
          };
          control = control.slice(newline + 1);
          if (message.display !== undefined) {
            this.pending.get(message.display)?.displays.push(message.items ?? []);
          } else if (message.listening !== undefined) {
            this.listens.get(message.listening)?.({ port: message.port, error: message.error });
            this.listens.delete(message.listening);
          } else if (message.check !== undefined) {
            this.checks.get(message.check)?.(message.complete === true);
            this.checks.delete(message.check);
          } else if (message.ask !== undefined) {
            void this.answer(message.ask, message.prompt, child);
          } else if (message.ready) {
            ready = true;
            if (!message.ok)
              this.options.onOutput('system', `motion is not available in this session: ${message.error?.message}\n`);
            resolveStart();
          } else {
            if (message.exited && this.child === child) {
              // sys.exit() ended the session: the next run starts a new one, and its exit is no crash.
              this.retired.add(child);
              this.child = undefined;
              this.starting = undefined;
            }
            this.replied(message.id, { ok: message.ok, error: message.error });
          }
        }
      });
      // A process the script started in the background holds the output pipes open after the
      // interpreter ends, and 'close' would wait for it: its end is the interpreter's, plus a
      // moment for what is still in the pipes.
      child.once('exit', () => {
        setTimeout(() => {
          for (const stream of child.stdio) stream?.destroy();
        }, PIPES_AFTER_EXIT_MS).unref();
      });
      // 'close', not 'exit': every reply and every output byte has been read by then.
      child.once('close', (code, signal) => {
        if (this.child === child) this.child = undefined;
        const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
        if (!ready) rejectStart(new Error(`the Python session ${how} before it was ready`));
        // A statement the session could not look at runs, and reports whatever is wrong with it.
        for (const [check, answer] of this.checks) {
          this.checks.delete(check);
          answer(true);
        }
        for (const [listen, answer] of this.listens) {
          this.listens.delete(listen);
          answer({ error: { type: 'SessionCrashed', message: `the Python interpreter ${how}` } });
        }
        for (const [id, run] of this.pending) {
          this.pending.delete(id);
          run.resolve({
            ok: false,
            error: {
              type: 'SessionCrashed',
              message: `the Python interpreter ${how}; the next run starts a new session`,
            },
          });
        }
        if (ready && !this.retired.has(child))
          this.options.onOutput(
            'system',
            `The Python session ${how}: its variables were cleared, and the next run starts a new session.\n`,
          );
      });
    });
  }

  /** Passes output through, minus the markers that say a run's output is complete. */
  private relay(stream: Readable, name: 'stdout' | 'stderr'): void {
    const markers = new DoneMarkers(this.token);
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      const { output, done } = markers.take(text);
      for (const id of done) this.streamDone(id);
      if (output) this.options.onOutput(name, output);
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
      // After every byte of the run's output: a run's displays come at its end (its value, its figures).
      for (const items of run.displays) this.options.onDisplay?.(items);
      run.resolve(run.reply);
    }
  }
}
