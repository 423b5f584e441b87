import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { MessageChannel } from 'node:worker_threads';
import type { FromLuaDebug, LuaDebugCommand } from '../../api/runtime/lua/lua-debug-messages';
import type { LuaSessionRun } from './lua-session-run';

/**
 * The Lua debugger's end of Attach to the Application: the reference server's Lua reached on its
 * debug port (host:port), as a port the debug session reads and writes like a run of its own.
 * Messages go as JSON lines (server/scripting/host/lua-debug-door.ts). When the connection ends,
 * the session is told why, and ends.
 */
export function luaApplicationRun(host: string, port: number): LuaSessionRun {
  const channel = new MessageChannel();
  const far = channel.port2;
  const socket = connect({ host, port });
  let open = true;
  const end = (why?: string) => {
    if (!open) return;
    open = false;
    if (why) far.postMessage({ kind: 'output', stream: 'stderr', text: `${why}\n` } satisfies FromLuaDebug);
    far.postMessage({ kind: 'done', ok: !why } satisfies FromLuaDebug);
    far.close();
    socket.destroy();
  };
  far.on('message', (command: LuaDebugCommand) => {
    if (open) socket.write(`${JSON.stringify(command)}\n`);
  });
  createInterface({ input: socket }).on('line', (line) => {
    try {
      far.postMessage(JSON.parse(line) as FromLuaDebug);
    } catch {
      // not a message: nothing the server sends
    }
  });
  socket.once('error', (error) => end(`The application's Lua cannot be reached on ${host}:${port}: ${error.message}`));
  socket.once('close', () =>
    end("The application's Lua closed the debugger's connection (it stopped, or the scripts' Lua started again)."),
  );
  return {
    commands: channel.port1,
    signal: new Int32Array(new SharedArrayBuffer(8)),
    cells: [],
    application: true,
    close: () => end(),
  };
}
