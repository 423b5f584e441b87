import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../api/runtime/bundled-worker';
import type { FromLua, ToLua } from './lua/lua-messages';
import type { CodeOrigin, RunResult, ScriptSession, SessionOutput } from './script-session';

interface LuaSessionOptions {
  serverUrl: string;
  onOutput: SessionOutput;
}

/**
 * A Lua 5.4 session (wasmoon: the reference Lua compiled to WebAssembly, in-process, nothing to
 * install) with the same `motion` table and help() as the application's console. The VM runs in a
 * worker thread so a long loop can be interrupted and never blocks the editor.
 */
export class LuaSession implements ScriptSession {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private interruptFlag = new Int32Array(new SharedArrayBuffer(4));
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
      const message: ToLua = { id, code, filename: where.filename, line: where.line ?? 1 };
      this.worker!.postMessage(message);
    });
  }

  interrupt(): void {
    if (this.running) Atomics.store(this.interruptFlag, 0, 1);
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
    await worker?.terminate();
  }

  private start(): Promise<void> {
    if (this.worker && this.ready) return this.ready;
    const data = { serverUrl: this.options.serverUrl, interrupt: this.interruptFlag.buffer };
    const worker = new Worker(bundledWorker('lua-worker.js'), { workerData: data });
    this.worker = worker;
    Atomics.store(this.interruptFlag, 0, 0);
    this.ready = new Promise((resolve, reject) => {
      worker.on('message', (message: FromLua) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'output') this.options.onOutput(message.stream, message.text);
        else {
          const done = this.pending.get(message.id);
          this.pending.delete(message.id);
          Atomics.store(this.interruptFlag, 0, 0);
          done?.({ ok: message.ok, error: message.error });
        }
      });
      worker.on('error', (error) => {
        this.options.onOutput('system', `Lua session failed: ${error.message}\n`);
        reject(error);
      });
      worker.on('exit', (code) => {
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
        if (this.disposing !== worker)
          this.options.onOutput(
            'system',
            `The Lua session stopped (exit ${code}): its variables were cleared, and the next run starts a new session.\n`,
          );
      });
    });
    return this.ready;
  }
}
