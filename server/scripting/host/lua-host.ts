import { Worker } from 'node:worker_threads';
import { findDocumentedOperation } from '../../../src/api/catalogue';
import { bundledWorker } from '../../../src/api/runtime/bundled-worker';
import { normalizeArguments } from '../../../src/api/runtime/lua/lua-values';
import { parseTypeCached } from '../../../src/api/types/parse-type';
import { ScriptFunction } from '../gui/gui-model';
import type { FromLuaHost, ToLuaHost } from './lua-host-messages';
import { faultOf, ScriptFailed, type HostCall } from './python-host';

/**
 * The reference server's Lua (the reference Lua 5.4, wasmoon, on a thread of its own): one state
 * for the server's life, as the application has one, running the Lua start-up scripts and the
 * functions they give. Their motion calls are answered by `call`; a function value in them
 * arrives as a ScriptFunction. What they print goes to `onOutput`.
 */
export class LuaHost {
  private worker: Worker | undefined;
  private started: Promise<void> | undefined;
  private nextSeq = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private stopping = false;

  constructor(
    private readonly options: {
      call: HostCall;
      onOutput: (text: string) => void;
      onExit?: (why: string) => void;
    },
  ) {}

  start(): Promise<void> {
    return (this.started ??= this.spawn());
  }

  private async spawn(): Promise<void> {
    // The scripts' motion table is built from the server's own documentation, as the application's is.
    const documentation = JSON.stringify(
      await this.options.call('motion.utilities.documentation', 'get_package_documentation', []),
    );
    const worker = new Worker(bundledWorker('lua-host-worker.js'), { workerData: { documentation } });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromLuaHost) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'output') this.options.onOutput(message.text);
        else if (message.type === 'call') this.answer(message);
        else this.done(message);
      });
      worker.once('error', (error) => reject(new Error(`the server's Lua could not start: ${error.message}`)));
      worker.once('exit', (code) => {
        const gone = new Error(`the server's Lua stopped (exit ${code})`);
        reject(gone);
        for (const { reject: fail } of this.waiting.values()) fail(gone);
        this.waiting.clear();
        this.worker = undefined;
        this.started = undefined;
        const stopped = this.stopping;
        this.stopping = false;
        if (!stopped) this.options.onExit?.(gone.message);
      });
    });
  }

  private answer(message: Extract<FromLuaHost, { type: 'call' }>): void {
    const { seq, module, operation, args } = message;
    // A Lua table is a list or a record as the parameter's documented type says ({} where a list is expected: []).
    const types = findDocumentedOperation(module, operation)?.parameters.map((p) => parseTypeCached(p.type)) ?? [];
    this.options.call(module, operation, normalizeArguments(args, types).map(asLuaFunction)).then(
      (value) => this.post({ type: 'answer', seq, ok: true, value: value ?? null }),
      (error: unknown) =>
        this.post({ type: 'answer', seq, ok: false, error: faultOf(error, `${module}.${operation}`) }),
    );
  }

  private done(message: Extract<FromLuaHost, { type: 'done' }>): void {
    const waiter = this.waiting.get(message.seq);
    this.waiting.delete(message.seq);
    if (!waiter) return;
    if (message.ok) waiter.resolve(message.value ?? null);
    else waiter.reject(new ScriptFailed(message.error!));
  }

  private post(message: ToLuaHost): void {
    this.worker?.postMessage(message);
  }

  private async request(
    message: { type: 'run'; file: string } | { type: 'invoke'; function: number; args: unknown[] },
  ): Promise<unknown> {
    await this.start();
    const seq = this.nextSeq++;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.post({ ...message, seq });
    });
  }

  /** Runs a Lua start-up script; rejects with ScriptFailed (its file and line) when it raised. */
  async runFile(file: string): Promise<void> {
    await this.request({ type: 'run', file });
  }

  /** Calls a function a Lua script gave; its value, or ScriptFailed. */
  invoke(fn: ScriptFunction, args: unknown[]): Promise<unknown> {
    return this.request({ type: 'invoke', function: fn.id, args });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.stopping = true;
    await worker.terminate();
  }
}

/** `{"$function": id, "name": …}` from the Lua thread: the function it holds. */
function asLuaFunction(value: unknown): unknown {
  if (value && typeof value === 'object' && '$function' in value) {
    const { $function: id, name } = value as { $function: number; name?: string };
    return new ScriptFunction('lua', id, name ?? 'function');
  }
  return value;
}
