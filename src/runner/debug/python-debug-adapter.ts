import { spawn, type ChildProcess } from 'node:child_process';
import { connect, Socket } from 'node:net';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { Emitter } from 'vscode-jsonrpc';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { toDebuggee, toEditor, type CellSource } from './cell-sources';
import type { DebugAdapterLike } from './debug-adapter-like';
import { installCommand } from './debugpy-check';
import {
  debugpyAttachArguments,
  debugpyExceptionOptions,
  debugpyLaunchArguments,
  MOTION_EXCEPTION_FILTERS,
  type MotionAttachConfiguration,
  type MotionLaunchConfiguration,
} from './motion-launch';

/** A Motion session's debugpy to attach to (Debug Cell): its port, and the cells run from files. */
interface SessionToAttach {
  port: number;
  /** Where debugpy waits: loopback unless said (an application's listener, on its machine). */
  host?: string;
  cells: readonly CellSource[];
}

/**
 * Python debugging is debugpy's own adapter (`python -m debugpy.adapter`), run with the script's
 * interpreter; this relays between VS Code and it, and says three things in motion's words: the
 * launch (interpreter, `motion` package, application URL), the exception filters (with "Raised
 * MotionError"), and what went wrong when the adapter could not start. Attaching to a Motion
 * session (Debug Cell), the adapter is the one debugpy started there, reached on its port, and the
 * sources of the cells being debugged are rewritten between their files and their cells.
 */
export class PythonDebugAdapter implements DebugAdapterLike {
  private readonly sent = new Emitter<DebugProtocol.ProtocolMessage>();
  readonly onDidSendMessage = this.sent.event;
  private readonly adapter: ChildProcess | Socket;
  private readonly writer: StreamMessageWriter;
  private readonly cells: readonly CellSource[];
  private readonly open = new Map<number, string>();
  private stderr = '';
  private ended = false;
  /** Why the adapter ended on its own: every later request is answered with it. */
  private endReason: string | undefined;
  /** Sequence numbers of messages this relay makes itself (debugpy numbers its own). */
  private ownSeq = 1_000_000;

  /** The relay to debugpy in a Motion session (Debug Cell): no interpreter of its own to start. */
  static attachedTo(session: SessionToAttach, supportDir: string): PythonDebugAdapter {
    return new PythonDebugAdapter('the Motion session’s Python', supportDir, session);
  }

  constructor(
    /** The interpreter whose `-m debugpy.adapter` is started; named in messages. */
    private readonly interpreter: string,
    private readonly supportDir: string,
    session?: SessionToAttach,
  ) {
    this.cells = session?.cells ?? [];
    const listen = (from: NodeJS.ReadableStream) =>
      new StreamMessageReader(from).listen((message) =>
        this.fromAdapter(message as unknown as DebugProtocol.ProtocolMessage),
      );
    if (session) {
      const socket = connect({ host: session.host ?? '127.0.0.1', port: session.port });
      this.adapter = socket;
      this.writer = new StreamMessageWriter(socket);
      listen(socket);
      socket.on('error', (error) => this.adapterEnded(`the Motion session's debugger: ${error.message}`));
      socket.on('close', () => this.adapterEnded('the Motion session’s debugger closed the connection'));
      return;
    }
    const adapter = spawn(interpreter, ['-m', 'debugpy.adapter'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.adapter = adapter;
    this.writer = new StreamMessageWriter(adapter.stdin);
    listen(adapter.stdout);
    adapter.stderr.setEncoding('utf8');
    adapter.stderr.on('data', (text: string) => (this.stderr = (this.stderr + text).slice(-4000)));
    adapter.on('error', (error) => this.adapterEnded(error.message));
    adapter.on('exit', (code, signal) =>
      this.adapterEnded(`the debug adapter (${interpreter} -m debugpy.adapter) exited (${signal ?? `code ${code}`})`),
    );
  }

  handleMessage(message: DebugProtocol.ProtocolMessage): void {
    if (message.type !== 'request') return void this.toAdapter(message);
    const request = message as DebugProtocol.Request;
    this.open.set(request.seq, request.command);
    if (this.ended) return this.refuse(request, this.endReason ?? 'the debug adapter is not running');
    try {
      if (request.command === 'launch')
        request.arguments = debugpyLaunchArguments(
          { ...(request.arguments as MotionLaunchConfiguration), python: this.interpreter },
          this.supportDir,
        );
      else if (request.command === 'attach')
        request.arguments = debugpyAttachArguments(request.arguments as MotionAttachConfiguration, this.supportDir);
      else if (request.command === 'setExceptionBreakpoints')
        request.arguments = debugpyExceptionOptions(
          (request.arguments as DebugProtocol.SetExceptionBreakpointsArguments).filters,
        );
    } catch (error) {
      return this.refuse(request, (error as Error).message);
    }
    toDebuggee(request.arguments, this.cells);
    this.toAdapter(request);
  }

  dispose(): void {
    this.ended = true;
    if (this.adapter instanceof Socket) this.adapter.end();
    else if (this.adapter.exitCode === null) this.adapter.kill();
    this.sent.dispose();
  }

  private toAdapter(message: DebugProtocol.ProtocolMessage): void {
    void this.writer.write(message as never).catch(() => undefined);
  }

  private fromAdapter(message: DebugProtocol.ProtocolMessage): void {
    toEditor((message as DebugProtocol.Response | DebugProtocol.Event).body, this.cells);
    if (message.type === 'response') {
      const response = message as DebugProtocol.Response;
      this.open.delete(response.request_seq);
      if (response.command === 'initialize' && response.success) {
        const capabilities = (response.body ?? {}) as DebugProtocol.Capabilities;
        capabilities.exceptionBreakpointFilters = MOTION_EXCEPTION_FILTERS.map((f) => ({ ...f }));
        capabilities.supportsExceptionOptions = false;
        response.body = capabilities;
      }
    }
    this.sent.fire(message);
  }

  /** The adapter could not start or has ended: every open request is answered, and the session ends. */
  private adapterEnded(why: string): void {
    if (this.ended) return;
    this.ended = true;
    const reason = /No module named '?debugpy/.test(this.stderr)
      ? `debugpy is not installed in ${this.interpreter}; install it with: ${installCommand(this.interpreter, false).installCommand}`
      : this.stderr.trim().split('\n').pop() || why;
    this.endReason = reason;
    this.fire({ type: 'event', event: 'output', body: { category: 'stderr', output: `${reason}\n` } });
    for (const [seq, command] of this.open) this.answerFailed(seq, command, reason);
    this.open.clear();
    this.fire({ type: 'event', event: 'terminated' });
  }

  private refuse(request: DebugProtocol.Request, message: string): void {
    this.open.delete(request.seq);
    this.answerFailed(request.seq, request.command, message);
  }

  private answerFailed(requestSeq: number, command: string, message: string): void {
    this.fire({
      type: 'response',
      request_seq: requestSeq,
      command,
      success: false,
      message,
      body: { error: { id: 1, format: message, showUser: true } },
    });
  }

  private fire(message: Omit<DebugProtocol.ProtocolMessage, 'seq'> & Record<string, unknown>): void {
    this.sent.fire({ ...message, seq: this.ownSeq++ });
  }
}
