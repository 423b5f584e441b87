import { createServer, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { FromLuaDebug, LuaDebugCommand } from '../../../src/api/runtime/lua/lua-debug-messages';

/**
 * Where VS Code's Lua debugger comes in to the server's Lua (Attach to the Application): a port on
 * 127.0.0.1 that speaks the Lua debugger's own messages (LuaDebugCommand in, FromLuaDebug out), one
 * JSON object a line. Each debugger that connects gets a fresh channel to the Lua thread (`link`);
 * one at a time: a second is told so and closed. When it leaves, the scripts run on undebugged.
 */
export class LuaDebugDoor {
  private server: Server | undefined;
  private listening: Promise<number> | undefined;
  private client: { socket: Socket; port: MessagePort } | undefined;

  constructor(private readonly link: (commands: MessagePort, signal: SharedArrayBuffer) => void) {}

  /** The port the door listens on (opened on the first ask). */
  open(): Promise<number> {
    return (this.listening ??= new Promise((resolve, reject) => {
      const server = createServer((socket) => this.admit(socket));
      this.server = server;
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    }));
  }

  private admit(socket: Socket): void {
    if (this.client) {
      socket.end(
        `${JSON.stringify({ kind: 'output', stream: 'stderr', text: "Another debugger is already attached to the application's Lua.\n" } satisfies FromLuaDebug)}\n`,
      );
      return;
    }
    const channel = new MessageChannel();
    const signal = new SharedArrayBuffer(8);
    const flags = new Int32Array(signal);
    const port = channel.port1;
    this.client = { socket, port };
    this.link(channel.port2, signal);
    port.on('message', (message: FromLuaDebug) => socket.write(`${JSON.stringify(message)}\n`));
    const lines = createInterface({ input: socket });
    lines.on('line', (line) => {
      let command: LuaDebugCommand;
      try {
        command = JSON.parse(line) as LuaDebugCommand;
      } catch {
        return; // not a command: nothing a debugger sends
      }
      port.postMessage(command);
      // The Lua thread may be blocked at a breakpoint, waiting on the signal for its next command.
      Atomics.add(flags, 0, 1);
      Atomics.notify(flags, 0);
    });
    const leave = () => {
      if (this.client?.socket !== socket) return;
      this.client = undefined;
      port.postMessage({ command: 'detach' } satisfies LuaDebugCommand);
      Atomics.add(flags, 0, 1);
      Atomics.notify(flags, 0);
      port.close();
    };
    socket.once('close', leave);
    socket.once('error', leave);
  }

  /** The Lua thread ended (the scripts start again in a new one): the debugger attached to it is let go. */
  drop(): void {
    this.client?.socket.destroy();
  }

  async close(): Promise<void> {
    this.drop();
    const server = this.server;
    this.server = undefined;
    this.listening = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
