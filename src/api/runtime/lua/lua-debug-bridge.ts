import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { statSync } from 'node:fs';
import type { LuaEngine } from 'wasmoon';
import { readUserTextSync } from '../../files/user-text';
import { LUA_DEBUGGER } from './lua-debugger.lua';
import type { FromLuaDebug, LuaDebugCommand } from './lua-debug-messages';

/** Where a debugged run's commands come from and its events go: its port, its signal, its sender. */
export interface LuaDebugChannel {
  commands: MessagePort;
  /** `[0]` is bumped after each command, `[1]` asks for a pause. */
  signal: Int32Array;
  send(message: FromLuaDebug): void;
}

/**
 * Gives a VM the debugger (lua-debugger.lua.ts) and the four functions it calls, bound to the
 * channel of the run being debugged: the debug worker's one run, or a Motion session's debugged
 * run of the moment. Loaded before any user code, so that its Globals leave out only the runtime's.
 */
export async function installLuaDebugger(lua: LuaEngine, channel: () => LuaDebugChannel): Promise<void> {
  lua.global.set(
    '__dbg_event',
    (
      event: { kind: 'log'; text: string } | { kind: 'stopped'; reason: string; text?: string; motionError?: boolean },
    ) =>
      channel().send(
        event.kind === 'log'
          ? { kind: 'log', text: event.text }
          : { kind: 'stopped', reason: event.reason, text: event.text, motionError: event.motionError === true },
      ),
  );
  lua.global.set('__dbg_wait', () => nextCommand(channel()));
  lua.global.set('__dbg_poll', () => {
    const { signal, commands } = channel();
    if (Atomics.exchange(signal, 1, 0) === 1) return { command: 'pause' };
    return receiveMessageOnPort(commands)?.message as LuaDebugCommand | undefined;
  });
  lua.global.set('__dbg_reply', (id: number, body: Record<string, unknown>) =>
    channel().send({ kind: 'reply', id, body }),
  );
  lua.global.set('__dbg_source_line', sourceLine);
  // Breakpoints are matched by pathKey's rule (src/api/files/path-key.ts), which depends on the platform.
  lua.global.set('__motion_windows', process.platform === 'win32');
  await lua.doString(LUA_DEBUGGER);
}

/** The files' lines, read once per version of the file (a stopped frame's name is read from its first line). */
const sources = new Map<string, { mtimeMs: number; lines: string[] }>();

/** Line `line` of the file at `path` (1-based), or undefined when it cannot be read. */
function sourceLine(path: string, line: number): string | undefined {
  try {
    const { mtimeMs } = statSync(path);
    let known = sources.get(path);
    if (known?.mtimeMs !== mtimeMs) {
      known = { mtimeMs, lines: readUserTextSync(path).split(/\r?\n/) };
      sources.set(path, known);
    }
    return known.lines[line - 1];
  } catch {
    return undefined;
  }
}

/** The next command, waiting for it (this thread blocks): the version is read before the port, so no notify is missed. */
export function nextCommand({ signal, commands }: LuaDebugChannel): LuaDebugCommand {
  for (;;) {
    const version = Atomics.load(signal, 0);
    const received = receiveMessageOnPort(commands);
    if (received) return received.message as LuaDebugCommand;
    Atomics.wait(signal, 0, version, 1000);
  }
}
