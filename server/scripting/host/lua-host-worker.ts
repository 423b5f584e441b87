// The reference server's Lua (dist/lua-host-worker.js): start-up scripts in Lua 5.4 (wasmoon), as the
// application runs them, on a thread of their own. Motion calls go to the server as messages and
// come back as answers; functions given to motion.gui stay here, called back by handle.
import { dirname } from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { installLuaDebugger, type LuaDebugChannel } from '../../../src/api/runtime/lua/lua-debug-bridge';
import type { FromLuaDebug, LuaDebugCommand } from '../../../src/api/runtime/lua/lua-debug-messages';
import { luaFactory } from '../../../src/api/runtime/lua/lua-factory';
import { MOTION_RUNTIME_LUA } from '../../../src/api/runtime/lua/motion-runtime.lua';
import { installUserFiles } from '../../../src/api/runtime/lua/lua-user-files';
import { readUserTextSync } from '../../../src/api/files/user-text';
import { LUA_HOST } from './lua-host.lua';
import type { FromLuaHost, ToLuaHost } from './lua-host-messages';

const port = parentPort!;
const send = (message: FromLuaHost) => port.postMessage(message);
const waiting = new Map<number, (reply: string) => void>();
let nextCall = 1;

type Failure = { message: string; traceback: string };

/** A Lua value as JSON would carry it: a table with keys 1..n is a list. */
function fromLua(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(fromLua);
  const entries = Object.entries(value as Record<string, unknown>);
  const list = entries.length > 0 && entries.every(([key], i) => key === String(i + 1));
  if (list) return entries.map(([, v]) => fromLua(v));
  return Object.fromEntries(entries.map(([k, v]) => [k, fromLua(v)]));
}

/** Where a Lua error happened: `path/tool.lua:12: …` in its message, else the first such line of its traceback. */
function located(failure: Failure) {
  const at = /^(.+?\.lua):(\d+): /.exec(failure.message) ?? /\n\s*(.+?\.lua):(\d+): in /.exec(failure.traceback);
  return {
    type: 'LuaError',
    message: failure.message,
    file: at ? at[1] : null,
    line: at ? Number(at[2]) : null,
    traceback: failure.traceback,
  };
}

async function main(): Promise<void> {
  const lua = await luaFactory().createEngine();
  let folders: string[] = [process.cwd()];
  lua.global.set('__motion_documentation', (workerData as { documentation: string }).documentation);
  lua.global.set('__motion_write', (text: string) => send({ type: 'output', text }));
  lua.global.set('__motion_write_error', (text: string) => send({ type: 'output', text }));
  lua.global.set('__motion_interrupted', () => false);
  lua.global.set(
    '__motion_call',
    (module: string, operation: string, packed: Record<string, unknown>) =>
      new Promise<string>((resolve) => {
        const seq = nextCall++;
        waiting.set(seq, resolve);
        const count = Number(packed.n ?? 0);
        const args = Array.from({ length: count }, (_, i) => fromLua(packed[String(i + 1)]));
        send({ type: 'call', seq, module, operation, args });
      }),
  );
  await installUserFiles(lua, () => folders);
  await lua.doString(MOTION_RUNTIME_LUA);
  await lua.doString(LUA_HOST);
  // The debugger is there from the start, its hook off until VS Code attaches (Attach to the Application).
  let debugging: LuaDebugChannel | undefined;
  await installLuaDebugger(lua, () => {
    if (!debugging) throw new Error('no debugger is attached');
    return debugging;
  });
  const applyDebug = lua.global.get('__motion_debug_apply') as (command: LuaDebugCommand) => void;
  const attach = lua.global.get('__motion_debug_attach') as () => void;

  /**
   * A debugger attached: breakpoints and filters apply at once (the scripts are idle, or waiting on a
   * motion call); "run" (configuration done) debugs every later run and call. While a script is
   * stopped, this thread is blocked and the debugger reads the port itself.
   */
  function attachDebugger(commands: MessagePort, signal: SharedArrayBuffer): void {
    const channel: LuaDebugChannel = {
      commands,
      signal: new Int32Array(signal),
      send: (m: FromLuaDebug) => commands.postMessage(m),
    };
    debugging = channel;
    commands.on('message', (command: LuaDebugCommand) => {
      if (command.command === 'run') attach();
      else if (command.command === 'breakpoints' || command.command === 'filters' || command.command === 'detach')
        applyDebug(command);
    });
    commands.once('close', () => {
      if (debugging === channel) applyDebug({ command: 'detach' });
    });
  }

  port.on('message', (message: ToLuaHost) => void handle(message));
  async function handle(message: ToLuaHost): Promise<void> {
    if (message.type === 'debug') return attachDebugger(message.commands, message.signal);
    if (message.type === 'answer') {
      const answer = waiting.get(message.seq);
      waiting.delete(message.seq);
      answer?.(JSON.stringify(message.ok ? { value: message.value ?? null } : { error: message.error }));
      return;
    }
    try {
      if (message.type === 'run') {
        // As the application runs a project script: require finds its helpers beside it first.
        folders = [dirname(message.file), process.cwd()];
        lua.global.set('__code', readUserTextSync(message.file));
        lua.global.set('__chunk', `@${message.file}`);
        const failure = (await lua.doString('return __motion_exec(__code, __chunk, 1, __motion_debug_attached())')) as
          Failure | undefined;
        return send(
          failure
            ? { type: 'done', seq: message.seq, ok: false, error: located(failure) }
            : { type: 'done', seq: message.seq, ok: true },
        );
      }
      lua.global.set('__handle', message.function);
      lua.global.set('__arguments', JSON.stringify(message.args));
      const outcome = (await lua.doString('return __motion_invoke(__handle, __arguments)')) as {
        value?: unknown;
        failed?: Failure;
      };
      send(
        outcome.failed
          ? { type: 'done', seq: message.seq, ok: false, error: located(outcome.failed) }
          : { type: 'done', seq: message.seq, ok: true, value: fromLua(outcome.value) },
      );
    } catch (error) {
      send({
        type: 'done',
        seq: message.seq,
        ok: false,
        error: located({ message: (error as Error).message, traceback: '' }),
      });
    }
  }
  send({ type: 'ready' });
}

void main();
