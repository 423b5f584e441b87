// A debugged Lua script's own thread (dist/lua-debug-worker.js): the session's VM and motion table,
// with the debugger's hook. While the script is stopped this thread blocks (Atomics.wait) and
// reads the adapter's commands synchronously from its port: the VM's state stays exactly as it was.
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { installTestRunner, usersOutcome, type LuaOutcome } from './lua-test-host';
import { installUserFiles } from '../../api/runtime/lua/lua-user-files';
import { parentPort, workerData } from 'node:worker_threads';
import { installLuaDebugger, nextCommand, type LuaDebugChannel } from '../../api/runtime/lua/lua-debug-bridge';
import type { FromLuaDebug, LuaDebugCommand, LuaDebugStart } from '../../api/runtime/lua/lua-debug-messages';
import { createMotionLua, userTraceback } from './motion-lua';
import { readUserTextSync } from '../../api/files/user-text';

const start = workerData as LuaDebugStart;
const send = (message: FromLuaDebug) => parentPort!.postMessage(message);
const channel: LuaDebugChannel = { commands: start.commands, signal: new Int32Array(start.signal), send };

async function main(): Promise<void> {
  const lua = await createMotionLua(
    start.serverUrl,
    (stream, text) => send({ kind: 'output', stream, text }),
    start.test?.stateFile,
  );
  if (start.test) await installTestRunner(lua, start.test.cwd);
  // A script debugged finds its helpers as when it runs: beside it, then where it runs.
  else await installUserFiles(lua, () => [dirname(start.program), start.cwd ?? process.cwd()]);
  await installLuaDebugger(lua, () => channel);
  send({ kind: 'ready' });

  // Breakpoints and filters come before the run, as VS Code sends them before configurationDone.
  const apply = lua.global.get('__motion_debug_apply') as (command: LuaDebugCommand) => void;
  for (let command = nextCommand(channel); command.command !== 'run'; command = nextCommand(channel)) apply(command);

  let code: string;
  try {
    code = readUserTextSync(start.program);
  } catch (error) {
    fail(`The Lua script could not be read: ${(error as Error).message}`);
    return;
  }
  lua.global.set('__program', start.program);
  lua.global.set('__code', code.replace(/^#![^\n]*/, ''));
  lua.global.set('__args', start.args);
  lua.global.set('__stop_on_entry', start.stopOnEntry);
  if (start.test) {
    // The spec file runs as the program (its breakpoints, its lines), its describe/it running only the chosen test.
    (lua.global.get('__motion_choose_test') as (file: string, names: string[]) => void)(
      start.program,
      start.test.names,
    );
  }
  try {
    const failure = (await lua.doString('return __motion_debug_run(__program, __code, __args, __stop_on_entry)')) as
      { traceback: string } | undefined;
    if (start.test) {
      const chosen = lua.global.get('__motion_chosen_result') as (ok: boolean, problem?: string) => LuaOutcome;
      writeFileSync(start.test.report, JSON.stringify(usersOutcome(chosen(!failure, failure?.traceback))));
    }
    if (failure) fail(userTraceback(failure.traceback));
    else send({ kind: 'done', ok: true });
  } catch (error) {
    fail(`The Lua debugger failed: ${(error as Error).message}`);
  }
}

/** Ends the run as failed: what went wrong is the last thing on stderr (the exit code says only that it failed). */
function fail(text: string): void {
  send({ kind: 'output', stream: 'stderr', text: `${text}\n` });
  send({ kind: 'done', ok: false });
}

void main();
