import { Worker } from 'node:worker_threads';
import { findDocumentedOperation } from '../../../src/api/catalogue';
import { bundledWorker } from '../../../src/api/runtime/bundled-worker';
import { normalizeArguments } from '../../../src/api/runtime/lua/lua-values';
import { parseTypeCached } from '../../../src/api/types/parse-type';
import type { ScriptFunction } from '../gui/gui-model';
import type { FromLuaHost, ToLuaHost } from './lua-host-messages';
import { answerOf, functionOf, HostRequests, type HostCall } from './host-calls';
import { LuaDebugDoor } from './lua-debug-door';

/**
 * The reference server's Lua (the reference Lua 5.4, wasmoon, on a thread of its own): one state
 * for the server's life, as the application has one, running the Lua start-up scripts and the
 * functions they give. Their motion calls are answered by `call`; a function value in them
 * arrives as a ScriptFunction. What they print goes to `onOutput`.
 */
export class LuaHost {
  private worker: Worker | undefined;
  private started: Promise<void> | undefined;
  private readonly pending = new HostRequests();
  private stopping = false;
  /** Where VS Code's debugger attaches (opened when first asked). */
  private readonly door = new LuaDebugDoor((commands, signal) =>
    this.worker?.postMessage({ type: 'debug', commands, signal } satisfies ToLuaHost, [commands]),
  );

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
        else this.pending.settle(message);
      });
      worker.once('error', (error) => reject(new Error(`the server's Lua could not start: ${error.message}`)));
      worker.once('exit', (code) => {
        const gone = new Error(`the server's Lua stopped (exit ${code})`);
        reject(gone);
        this.pending.failAll(gone);
        this.worker = undefined;
        this.started = undefined;
        this.door.drop();
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
    const call = this.options.call(module, operation, normalizeArguments(args, types).map(functionOf('lua')));
    void answerOf(call, seq, `${module}.${operation}`).then((answer) => this.post(answer));
  }

  private post(message: ToLuaHost): void {
    this.worker?.postMessage(message);
  }

  private async request(
    message: { type: 'run'; file: string } | { type: 'invoke'; function: number; args: unknown[] },
  ): Promise<unknown> {
    await this.start();
    const { seq, answer } = this.pending.add();
    this.post({ ...message, seq });
    return answer;
  }

  /** Runs a Lua start-up script; rejects with ScriptFailed (its file and line) when it raised. */
  async runFile(file: string): Promise<void> {
    await this.request({ type: 'run', file });
  }

  /** Calls a function a Lua script gave; its value, or ScriptFailed. */
  invoke(fn: ScriptFunction, args: unknown[]): Promise<unknown> {
    return this.request({ type: 'invoke', function: fn.id, args });
  }

  /** The port VS Code's Lua debugger attaches on (127.0.0.1), the Lua started first. */
  async listenForDebugger(): Promise<number> {
    await this.start();
    return this.door.open();
  }

  async stop(): Promise<void> {
    await this.door.close();
    const worker = this.worker;
    if (!worker) return;
    this.stopping = true;
    await worker.terminate();
  }
}
