// A Lua session's own thread (dist/lua-worker.js): a Lua 5.4 VM (wasmoon) with the motion table.
// A long loop blocks only this thread; the debug hook checks a shared flag to interrupt it.
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { createMotionLua, userTraceback } from './motion-lua';
import { ANSWERED, INTERRUPT, type Answer, type FromLua, type ToLua } from './lua-messages';

const { serverUrl, flags, answers } = workerData as {
  serverUrl: string;
  flags: SharedArrayBuffer;
  answers: MessagePort;
};
const flag = new Int32Array(flags);
const port = parentPort!;
const send = (message: FromLua) => port.postMessage(message);

/**
 * A line for io.read: asks the session, and blocks this thread (the Lua code is waiting for it
 * anyway) until the answer is posted or the code is interrupted (false).
 */
let questions = 0;
function readLine(prompt: string): string | undefined | false {
  const question = ++questions;
  send({ kind: 'ask', question, prompt });
  for (;;) {
    const seen = Atomics.load(flag, ANSWERED);
    const answer = receiveMessageOnPort(answers)?.message as Answer | undefined;
    if (answer?.question === question) return answer.text ?? undefined; // nil: wasmoon reads null as a promise
    if (answer) continue; // the answer to a question interrupted since
    if (Atomics.exchange(flag, INTERRUPT, 0) === 1) return false;
    Atomics.wait(flag, ANSWERED, seen, 1000);
  }
}

async function main(): Promise<void> {
  const lua = await createMotionLua(serverUrl, (stream, text) => send({ kind: 'output', stream, text }));
  lua.global.set('__motion_interrupted', () => Atomics.exchange(flag, INTERRUPT, 0) === 1);
  lua.global.set('__motion_read_line', readLine);

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
