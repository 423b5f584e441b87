// A Lua session's own thread (dist/lua-worker.js): a Lua 5.4 VM (wasmoon) with the motion table.
// A long loop blocks only this thread; the debug hook checks a shared flag to interrupt it.
import { parentPort, workerData } from 'node:worker_threads';
import { createMotionLua, userTraceback } from './motion-lua';
import type { FromLua, ToLua } from './lua-messages';

const { serverUrl, interrupt } = workerData as { serverUrl: string; interrupt: SharedArrayBuffer };
const flag = new Int32Array(interrupt);
const port = parentPort!;
const send = (message: FromLua) => port.postMessage(message);

async function main(): Promise<void> {
  const lua = await createMotionLua(serverUrl, (stream, text) => send({ kind: 'output', stream, text }));
  lua.global.set('__motion_interrupted', () => Atomics.exchange(flag, 0, 0) === 1);

  // One run at a time: the session sends the next only after this one's `done`; every failure is caught below.
  port.on('message', (message: ToLua) => void run(message));
  async function run(message: ToLua): Promise<void> {
    lua.global.set('__code', message.code);
    lua.global.set('__chunk', `@${message.filename}`);
    lua.global.set('__line', message.line);
    try {
      const failure = (await lua.doString('return __motion_exec(__code, __chunk, __line)')) as
        { message: string; traceback: string; code?: string } | undefined;
      if (!failure) return send({ kind: 'done', id: message.id, ok: true });
      send({ kind: 'output', stream: 'stderr', text: `${userTraceback(failure.traceback)}\n` });
      const at = new RegExp(`${escape(message.filename)}:(\\d+):`);
      const line = (at.exec(failure.message) ?? at.exec(failure.traceback))?.[1];
      const interrupted = /interrupted$/.test(failure.message);
      send({
        kind: 'done',
        id: message.id,
        ok: false,
        error: {
          type: interrupted ? 'Interrupted' : failure.code ? 'MotionError' : 'LuaError',
          message: failure.message,
          code: failure.code,
          line: line ? Number(line) : undefined,
        },
      });
    } catch (error) {
      send({ kind: 'done', id: message.id, ok: false, error: { type: 'LuaError', message: (error as Error).message } });
    }
  }
  send({ kind: 'ready' });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

void main();
