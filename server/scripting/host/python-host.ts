import { spawn, type ChildProcess } from 'node:child_process';
import { delimiter, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { findPython } from '../../../src/api/runtime/find-python';
import { pythonSupportDir } from '../../../src/api/runtime/python-support';
import type { ScriptFunction } from '../gui/gui-model';
import { answerOf, functionOf, HostRequests, type HostCall, type ScriptError } from './host-calls';

/** What asking the interpreter to listen for a debugger came to: the port, or that its Python has no debugpy. */
export type DebuggerListening = { debugpy: true; python: string; port: number } | { debugpy: false; python: string };

interface HostMessage {
  type: 'ready' | 'done' | 'call';
  seq?: number;
  ok?: boolean;
  value?: unknown;
  error?: ScriptError;
  interrupted?: boolean;
  module?: string;
  operation?: string;
  args?: unknown[];
}

/**
 * The reference server's own Python (`motion_host.py`): one interpreter for the server's life, as
 * the application has one, running the start-up scripts and the functions they give. Its motion
 * calls come over a private pair of pipes and are answered by `call`; a function value in them
 * arrives as a ScriptFunction. What it prints goes to `onOutput`.
 */
export class PythonHost {
  private child: ChildProcess | undefined;
  private requests: Writable | undefined;
  private readonly pending = new HostRequests();
  private started: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly options: {
      python?: string;
      call: HostCall;
      onOutput: (stream: 'stdout' | 'stderr', text: string) => void;
      /** The interpreter ended on its own (a crash, a script's os._exit): not when stopped. */
      onExit?: (why: string) => void;
      cwd?: string;
    },
  ) {}

  /** Starts the interpreter (once): resolves when the motion package is imported in it. */
  start(): Promise<void> {
    return (this.started ??= this.spawn());
  }

  private async spawn(): Promise<void> {
    const python = await findPython(this.options.python);
    const support = pythonSupportDir();
    // Frozen standard modules off: debugpy would otherwise warn in the terminal that it may miss breakpoints.
    const child = spawn(python.executable, ['-u', '-Xfrozen_modules=off', join(support, 'motion_host.py')], {
      cwd: this.options.cwd,
      env: {
        ...process.env,
        PYTHONPATH: [support, process.env.PYTHONPATH].filter(Boolean).join(delimiter),
        PYTHONIOENCODING: 'utf-8',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    this.requests = child.stdio[4] as Writable;
    for (const stream of child.stdio) stream?.on('error', () => undefined);
    child.stdout!.setEncoding('utf8').on('data', (text: string) => this.options.onOutput('stdout', text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => this.options.onOutput('stderr', text));
    const ready = new Promise<void>((resolve, reject) => {
      let buffered = '';
      (child.stdio[3] as Readable).setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
          const message = JSON.parse(buffered.slice(0, nl)) as HostMessage;
          buffered = buffered.slice(nl + 1);
          if (message.type !== 'ready') this.heard(message);
          else if (message.ok) resolve();
          else reject(new Error(`the server's Python could not import motion: ${message.error?.message}`));
        }
      });
      child.once('error', (error) =>
        reject(new Error(`the server's Python (${python.command}) could not start: ${error.message}`)),
      );
      child.once('exit', (code, signal) => {
        const gone = new Error(`the server's Python stopped (${signal ?? `exit ${code}`})`);
        reject(gone);
        this.pending.failAll(gone);
        this.child = undefined;
        this.started = undefined;
        const stopped = this.stopping;
        this.stopping = false;
        if (!stopped) this.options.onExit?.(gone.message);
      });
    });
    return ready;
  }

  private heard(message: HostMessage): void {
    if (message.type === 'done') return this.pending.settle(message);
    // A motion call of a script: answered in turn, its functions as handles.
    const { seq, module, operation, args } = message;
    const call = this.options.call(module!, operation!, (args ?? []).map(functionOf('python')));
    void answerOf(call, seq, `${module}.${operation}`).then((answer) => this.send(answer));
  }

  private send(message: object): void {
    this.requests?.write(`${JSON.stringify(message)}\n`);
  }

  private request(message: object): Promise<unknown> {
    const { seq, answer } = this.pending.add();
    this.send({ ...message, seq });
    return answer;
  }

  /** Runs a start-up script in the interpreter; rejects with ScriptFailed when it raised. */
  async runFile(file: string): Promise<void> {
    await this.start();
    await this.request({ type: 'run', file });
  }

  /** Calls a function a script gave; its value, or ScriptFailed. */
  async invoke(fn: ScriptFunction, args: unknown[]): Promise<unknown> {
    await this.start();
    return this.request({ type: 'invoke', function: fn.id, args });
  }

  /** debugpy listening in the interpreter (once): its port, or that this Python has no debugpy, naming it. */
  async listenForDebugger(): Promise<DebuggerListening> {
    await this.start();
    return (await this.request({ type: 'listen' })) as DebuggerListening;
  }

  /**
   * Stops a function that runs too long: KeyboardInterrupt in it. Windows has no SIGINT to send
   * a child: false there, and the caller ends the interpreter instead.
   */
  interrupt(): boolean {
    if (!this.child || process.platform === 'win32') return false;
    return this.child.kill('SIGINT');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.stopping = true;
    child.kill('SIGKILL');
    await exited;
  }
}
