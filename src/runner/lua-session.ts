import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { bundledWorker } from '../api/runtime/bundled-worker';
import { ANSWERED, INTERRUPT, type Answer, type FromLua, type ToLua } from './lua/lua-messages';
import { luaCompleteness } from './lua/lua-completeness';
import type { Completeness } from './repl/statements';
import type { CodeOrigin, LineReader, RunResult, ScriptSession, SessionOutput } from './script-session';

interface LuaSessionOptions {
  serverUrl: string;
  onOutput: SessionOutput;
  /** Lines for io.read; without it, reading gives end of input (nil). */
  readLine?: LineReader;
}

/**
 * A Lua 5.4 session (wasmoon: the reference Lua compiled to WebAssembly, in-process, nothing to
 * install) with the same `motion` table and help() as the application's console. The VM runs in a
 * worker thread so a long loop can be interrupted and never blocks the editor.
 */
export class LuaSession implements ScriptSession {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private flags = new Int32Array(new SharedArrayBuffer(8));
  private answers: MessagePort | undefined;
  private nextId = 1;
  private pending = new Map<number, (result: RunResult) => void>();
  private disposing: Worker | undefined;

  constructor(private readonly options: LuaSessionOptions) {}

  get running(): boolean {
    return this.pending.size > 0;
  }

  async run(code: string, where: CodeOrigin = { filename: 'selection' }): Promise<RunResult> {
    await this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      const message: ToLua = {
        id,
        code,
        filename: where.filename,
        line: where.line ?? 1,
        cwd: where.cwd,
        debugger: where.debugger,
      };
      this.worker!.postMessage(message, where.debugger ? [where.debugger.commands] : []);
    });
  }

  interrupt(): void {
    if (!this.running) return;
    Atomics.store(this.flags, INTERRUPT, 1);
    this.wake();
  }

  /** As Lua's own interpreter decides: a chunk that fails to compile "near <eof>" needs more lines. */
  isComplete(code: string): Promise<Completeness> {
    return luaCompleteness(code);
  }

  private async answer(question: number, prompt: string, answers: MessagePort): Promise<void> {
    const text = this.options.readLine ? await this.options.readLine(prompt) : null;
    answers.postMessage({ question, text } satisfies Answer);
    this.wake();
  }

  private wake(): void {
    Atomics.add(this.flags, ANSWERED, 1);
    Atomics.notify(this.flags, ANSWERED);
  }

  async restart(): Promise<void> {
    await this.dispose();
    await this.start();
  }

  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    this.disposing = worker;
    this.answers?.close();
    this.answers = undefined;
    await worker?.terminate();
  }

  private start(): Promise<void> {
    if (this.worker && this.ready) return this.ready;
    const { port1: answers, port2: workerAnswers } = new MessageChannel();
    this.answers?.close();
    this.answers = answers;
    const data = { serverUrl: this.options.serverUrl, flags: this.flags.buffer, answers: workerAnswers };
    const worker = new Worker(bundledWorker('lua-worker.js'), { workerData: data, transferList: [workerAnswers] });
    this.worker = worker;
    Atomics.store(this.flags, INTERRUPT, 0);
    this.ready = new Promise((resolve, reject) => {
      worker.on('message', (message: FromLua) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'output') this.options.onOutput(message.stream, message.text);
        else if (message.kind === 'ask') void this.answer(message.question, message.prompt, answers);
        else {
          const done = this.pending.get(message.id);
          this.pending.delete(message.id);
          Atomics.store(this.flags, INTERRUPT, 0);
          done?.({ ok: message.ok, error: message.error });
        }
      });
      let failed = false;
      worker.on('error', (error) => {
        failed = true;
        this.options.onOutput('system', `Lua session failed: ${error.message}\n`);
        reject(error);
      });
      worker.on('exit', (code) => {
        // A thread that ends before it is ready fails the runs waiting for it to start (once ready,
        // this does nothing): they would otherwise wait for ever.
        reject(
          new Error(
            this.disposing === worker
              ? 'the session was ended before this code ran'
              : `the Lua session stopped (exit ${code}) before it was ready`,
          ),
        );
        if (this.worker === worker) {
          this.worker = undefined;
          this.ready = undefined;
        }
        for (const [id, done] of this.pending) {
          this.pending.delete(id);
          done({
            ok: false,
            error: {
              type: 'SessionCrashed',
              message: `the Lua session stopped (exit ${code}); the next run starts a new session`,
            },
          });
        }
        // A session that failed has said so: its thread's end is not news.
        if (this.disposing !== worker && !failed)
          this.options.onOutput(
            'system',
            `The Lua session stopped (exit ${code}): its variables were cleared, and the next run starts a new session.\n`,
          );
      });
    });
    return this.ready;
  }
}
