// A Lua session's own thread (dist/lua-worker.js): a Lua 5.4 VM (wasmoon) with the motion table.
// A long loop blocks only this thread; the debug hook checks a shared flag to interrupt it.
import { dirname, isAbsolute } from 'node:path';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { installLuaDebugger, nextCommand, type LuaDebugChannel } from '../../api/runtime/lua/lua-debug-bridge';
import type { LuaDebugCommand, LuaDebugLink } from '../../api/runtime/lua/lua-debug-messages';
import { createMotionLua, userTraceback } from './motion-lua';
import { ANSWERED, INTERRUPT, type Answer, type FromLua, type ToLua } from './lua-messages';
import { installUserFiles } from '../../api/runtime/lua/lua-user-files';

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
  // require, dofile and loadfile read the user's files from the running script's folder, then the
  // folder it runs in (as a script run where it lies finds its helpers).
  let folders: string[] = [process.cwd()];
  await installUserFiles(lua, () => folders);
  // The debugger is there from the start (Debug Cell debugs a run of this session), its hook off.
  let debugging: LuaDebugChannel | undefined;
  await installLuaDebugger(lua, () => {
    if (!debugging) throw new Error('no run is being debugged');
    return debugging;
  });

  /**
   * A run's debugger: its breakpoints and filters, given before VS Code says the configuration is
   * done; false when it was stopped before the run began.
   */
  function beginDebugging(link: LuaDebugLink): boolean {
    debugging = {
      commands: link.commands,
      signal: new Int32Array(link.signal),
      send: (m) => link.commands.postMessage(m),
    };
    const apply = lua.global.get('__motion_debug_apply') as (command: LuaDebugCommand) => void;
    for (let command = nextCommand(debugging); command.command !== 'run'; command = nextCommand(debugging)) {
      if (command.command === 'terminate') return false;
      apply(command);
    }
    return true;
  }

  function endDebugging(ok: boolean): void {
    debugging?.send({ kind: 'done', ok });
    debugging?.commands.close();
    debugging = undefined;
  }

  // One run at a time: the session sends the next only after this one's `done`; every failure is caught below.
  port.on('message', (message: ToLua) => void run(message));
  async function run(message: ToLua): Promise<void> {
    folders = [...(isAbsolute(message.filename) ? [dirname(message.filename)] : []), message.cwd ?? process.cwd()];
    await lua.doString('__motion_forget_changed_modules()');
    lua.global.set('__code', message.code);
    lua.global.set('__chunk', `@${message.filename}`);
    lua.global.set('__line', message.line);
    const debugged = message.debugger !== undefined;
    try {
      if (message.debugger && !beginDebugging(message.debugger)) {
        endDebugging(false);
        return send({
          kind: 'done',
          id: message.id,
          ok: false,
          error: { type: 'Interrupted', message: 'interrupted' },
        });
      }
      lua.global.set('__debugged', debugged);
      const failure = (await lua.doString('return __motion_exec(__code, __chunk, __line, __debugged)')) as
        { message: string; traceback: string; code?: string } | undefined;
      if (debugged) endDebugging(!failure);
      if (!failure) return send({ kind: 'done', id: message.id, ok: true });
      send({ kind: 'output', stream: 'stderr', text: `${userTraceback(failure.traceback)}\n` });
      const at = new RegExp(`${escape(message.filename)}:(\\d+):`);
      const line = (at.exec(failure.message) ?? at.exec(failure.traceback))?.[1];
      // Else the file Lua's message names (a module the script required): "helpers/io.lua:7: …".
      const elsewhere = line ? undefined : /^(.+?\.lua):(\d+): /.exec(failure.message);
      const interrupted = /interrupted$/.test(failure.message);
      send({
        kind: 'done',
        id: message.id,
        ok: false,
        error: {
          type: interrupted ? 'Interrupted' : failure.code ? 'MotionError' : 'LuaError',
          message: failure.message,
          code: failure.code,
          line: line ? Number(line) : elsewhere ? Number(elsewhere[2]) : undefined,
          ...(elsewhere ? { file: elsewhere[1] } : {}),
        },
      });
    } catch (error) {
      if (debugged) endDebugging(false);
      send({ kind: 'done', id: message.id, ok: false, error: { type: 'LuaError', message: (error as Error).message } });
    }
  }
  send({ kind: 'ready' });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

void main();
