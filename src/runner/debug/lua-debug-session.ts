import { basename, dirname } from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import {
  Breakpoint,
  DebugSession,
  ExitedEvent,
  InitializedEvent,
  OutputEvent,
  Scope,
  Source,
  StackFrame,
  StoppedEvent,
  TerminatedEvent,
  Thread,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { bundledWorker } from '../../api/runtime/bundled-worker';
import type { FromLuaDebug, LuaDebugCommand, LuaDebugQuestion } from '../../api/runtime/lua/lua-debug-messages';
import { toDebuggee, toEditor, type CellSource } from './cell-sources';
import { breakableLine, codeLines } from './lua-breakable-lines';
import { listOf, type LuaSessionRun } from './lua-session-run';
import { MOTION_EXCEPTION_FILTERS, type MotionLaunchConfiguration } from './motion-launch';
import { readUserTextSync } from '../../api/files/user-text';
import { pathKey } from '../../api/files/path-key';

const THREAD = 1;

/** Lua knows no "raised anywhere" break: errors caught by pcall are out of the debugger's sight. */
const LUA_FILTERS = MOTION_EXCEPTION_FILTERS.filter((f) => f.filter !== 'raised');

/**
 * The Lua debugger: a debug adapter over the Lua 5.4 VM that sessions use (wasmoon), run in a
 * worker thread of its own per debug session (launch), or attached to a run of a Motion session's
 * own VM (Debug Cell). The VM's hook stops the script and answers questions about it while it
 * waits (lua-debugger.lua.ts); this side speaks the protocol.
 */
export class LuaDebugSession extends DebugSession {
  private worker: Worker | undefined;
  /** Whether the script's run is going: it ends once, with `exited` and `terminated`. */
  private live = false;
  private readonly channel = new MessageChannel();
  private readonly port: MessagePort;
  private readonly signal: Int32Array;
  private readonly cells: readonly CellSource[];
  private nextId = 1;
  private readonly waiting = new Map<number, (body: Record<string, unknown>) => void>();
  /** The launch, answered once the script's thread is ready (or refused if it fails before). */
  private launching: DebugProtocol.LaunchResponse | undefined;
  private configured!: () => void;
  private readonly configurationDone = new Promise<void>((resolve) => (this.configured = resolve));
  /** The error the script stopped on, for exceptionInfo. */
  private lastException: { text: string; motionError: boolean } | undefined;

  constructor(private readonly sessionRun?: LuaSessionRun) {
    super();
    this.port = sessionRun?.commands ?? this.channel.port1;
    this.signal = sessionRun?.signal ?? new Int32Array(new SharedArrayBuffer(8));
    this.cells = sessionRun?.cells ?? [];
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
  }

  // A cell's sources: its file to the VM, its URI to VS Code (cell-sources).
  protected override dispatchRequest(request: DebugProtocol.Request): void {
    toDebuggee(request.arguments, this.cells);
    super.dispatchRequest(request);
  }

  override sendResponse(response: DebugProtocol.Response): void {
    toEditor(response.body, this.cells);
    super.sendResponse(response);
  }

  override sendEvent(event: DebugProtocol.Event): void {
    toEditor(event.body, this.cells);
    super.sendEvent(event);
  }

  /**
   * Debug Cell: the run in the session takes its breakpoints and filters from the port, and starts
   * once the configuration is done; the attach is answered then (as debugpy does), so that whoever
   * started the session knows the breakpoints are set.
   */
  protected override attachRequest(response: DebugProtocol.AttachResponse): void {
    if (!this.sessionRun)
      return this.refuse(
        response,
        1,
        'a motion debug session attaches only to the application (Attach to the Application) or to a notebook cell (Debug Cell)',
      );
    this.live = true;
    this.port.on('message', (message: FromLuaDebug) => this.fromWorker(message));
    this.sendEvent(new InitializedEvent());
    void this.configurationDone.then(() => {
      this.command({ command: 'run' });
      this.sendResponse(response);
    });
  }

  protected override initializeRequest(response: DebugProtocol.InitializeResponse): void {
    response.body = {
      supportsConfigurationDoneRequest: true,
      supportsConditionalBreakpoints: true,
      supportsLogPoints: true,
      supportsEvaluateForHovers: true,
      supportsExceptionInfoRequest: true,
      supportsTerminateRequest: true,
      exceptionBreakpointFilters: LUA_FILTERS.map((f) => ({ ...f })),
    };
    this.sendResponse(response);
  }

  protected override launchRequest(
    response: DebugProtocol.LaunchResponse,
    args: DebugProtocol.LaunchRequestArguments,
  ): void {
    const config = args as unknown as MotionLaunchConfiguration;
    if (!config.serverUrl) return this.refuse(response, 1, 'no application URL (serverUrl) was given');
    const worker = new Worker(bundledWorker('lua-debug-worker.js'), {
      workerData: {
        serverUrl: config.serverUrl,
        program: config.program,
        args: config.args ?? [],
        stopOnEntry: config.stopOnEntry ?? false,
        cwd: config.cwd,
        test: config.luaTest && { ...config.luaTest, cwd: config.cwd ?? dirname(config.program) },
        commands: this.channel.port2,
        signal: this.signal.buffer,
      },
      transferList: [this.channel.port2],
    });
    this.worker = worker;
    this.live = true;
    this.launching = response;
    worker.on('message', (message: FromLuaDebug) => this.fromWorker(message));
    worker.on('error', (error) => {
      // Before it is ready (a server URL that is no URL), the launch itself fails: VS Code shows why.
      const text = `The Lua debugger failed: ${error.message}`;
      if (this.launching) this.refuse(this.launching, 3, text);
      else this.sendEvent(new OutputEvent(`${text}\n`, 'stderr'));
      this.launching = undefined;
      this.end(1);
    });
  }

  /**
   * An error answer whose text is shown as it is. The library reads `{name}` in a message as a
   * placeholder, and with no variables at all it throws on `{_name}` (an error Lua raised with
   * braces in it): an empty set leaves every brace as written.
   */
  private refuse(response: DebugProtocol.Response, id: number, text: string): void {
    this.sendErrorResponse(response, id, text, {});
  }

  private fromWorker(message: FromLuaDebug): void {
    switch (message.kind) {
      case 'ready':
        if (this.launching) this.sendResponse(this.launching);
        this.launching = undefined;
        this.sendEvent(new InitializedEvent());
        void this.configurationDone.then(() => this.command({ command: 'run' }));
        return;
      case 'output':
        return this.sendEvent(new OutputEvent(message.text, message.stream === 'system' ? 'console' : message.stream));
      case 'log':
        return this.sendEvent(new OutputEvent(message.text, 'console'));
      case 'stopped':
        this.lastException =
          message.reason === 'exception'
            ? { text: message.text ?? '', motionError: message.motionError === true }
            : undefined;
        return this.sendEvent(new StoppedEvent(message.reason, THREAD, message.text));
      case 'reply': {
        const answer = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        return answer?.(message.body);
      }
      case 'done':
        return this.end(message.ok ? 0 : 1);
    }
  }

  private end(code: number): void {
    if (!this.live) return;
    this.live = false;
    const worker = this.worker;
    this.worker = undefined;
    this.sendEvent(new ExitedEvent(code));
    this.sendEvent(new TerminatedEvent());
    void worker?.terminate();
  }

  private command(command: LuaDebugCommand): void {
    this.port.postMessage(command);
    Atomics.add(this.signal, 0, 1);
    Atomics.notify(this.signal, 0);
  }

  /** A question for the stopped script, answered from its own thread. */
  private ask(question: LuaDebugQuestion): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.command({ ...question, id });
    });
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.configured();
    this.sendResponse(response);
  }

  protected override setBreakPointsRequest(
    response: DebugProtocol.SetBreakpointsResponse,
    args: DebugProtocol.SetBreakpointsArguments,
  ): void {
    const path = args.source.path ?? '';
    let lines = new Set<number>();
    try {
      lines = codeLines(readUserTextSync(path));
    } catch {
      // An unreadable file: no line holds code, every breakpoint stays unverified.
    }
    const placed = (args.breakpoints ?? []).map((b) => ({ ...b, line: breakableLine(lines, b.line) }));
    this.command({
      command: 'breakpoints',
      path: pathKey(path),
      breakpoints: placed
        .filter((b) => b.line !== undefined)
        .map((b) => ({ line: b.line!, condition: b.condition, logMessage: b.logMessage })),
    });
    response.body = {
      breakpoints: placed.map((b, i) => {
        const breakpoint: DebugProtocol.Breakpoint = new Breakpoint(
          b.line !== undefined,
          b.line ?? args.breakpoints![i].line,
        );
        if (b.line === undefined) breakpoint.message = 'no code on this line or after it';
        return breakpoint;
      }),
    };
    this.sendResponse(response);
  }

  protected override setExceptionBreakPointsRequest(
    response: DebugProtocol.SetExceptionBreakpointsResponse,
    args: DebugProtocol.SetExceptionBreakpointsArguments,
  ): void {
    this.command({ command: 'filters', filters: args.filters });
    this.sendResponse(response);
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    response.body = {
      threads: [new Thread(THREAD, this.sessionRun?.application ? "The application's Lua" : 'Lua script')],
    };
    this.sendResponse(response);
  }

  protected override stackTraceRequest(response: DebugProtocol.StackTraceResponse): void {
    void this.answerStackTrace(response);
  }

  private async answerStackTrace(response: DebugProtocol.StackTraceResponse): Promise<void> {
    const { frames } = (await this.ask({ command: 'stack' })) as {
      frames: { id: number; name: string; path: string; line: number }[];
    };
    const list = listOf(frames);
    response.body = {
      stackFrames: list.map((f) => new StackFrame(f.id, f.name, new Source(basename(f.path), f.path), f.line)),
      totalFrames: list.length,
    };
    this.sendResponse(response);
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    void this.answerScopes(response, args);
  }

  private async answerScopes(
    response: DebugProtocol.ScopesResponse,
    args: DebugProtocol.ScopesArguments,
  ): Promise<void> {
    const { scopes } = (await this.ask({ command: 'scopes', frame: args.frameId })) as {
      scopes: { name: string; variablesReference: number; expensive?: boolean }[];
    };
    const list = listOf(scopes);
    response.body = { scopes: list.map((s) => new Scope(s.name, s.variablesReference, s.expensive ?? false)) };
    this.sendResponse(response);
  }

  protected override variablesRequest(
    response: DebugProtocol.VariablesResponse,
    args: DebugProtocol.VariablesArguments,
  ): void {
    void this.answerVariables(response, args);
  }

  private async answerVariables(
    response: DebugProtocol.VariablesResponse,
    args: DebugProtocol.VariablesArguments,
  ): Promise<void> {
    const { variables } = (await this.ask({ command: 'variables', reference: args.variablesReference })) as {
      variables: DebugProtocol.Variable[];
    };
    response.body = { variables: listOf(variables) };
    this.sendResponse(response);
  }

  protected override evaluateRequest(
    response: DebugProtocol.EvaluateResponse,
    args: DebugProtocol.EvaluateArguments,
  ): void {
    void this.answerEvaluate(response, args);
  }

  private async answerEvaluate(
    response: DebugProtocol.EvaluateResponse,
    args: DebugProtocol.EvaluateArguments,
  ): Promise<void> {
    const answer = (await this.ask({
      command: 'evaluate',
      expression: args.expression,
      frame: args.frameId,
    })) as { result: string; variablesReference: number; type: string } | { error: string };
    if ('error' in answer) return this.refuse(response, 2, answer.error);
    // The script's side describes every value it gives (lua-debugger's `variable`): a preview, a type, a reference.
    response.body = { result: answer.result, variablesReference: answer.variablesReference, type: answer.type };
    this.sendResponse(response);
  }

  protected override exceptionInfoRequest(response: DebugProtocol.ExceptionInfoResponse): void {
    response.body = {
      exceptionId: this.lastException?.motionError ? 'MotionError' : 'error',
      description: this.lastException?.text ?? '',
      breakMode: 'always',
    };
    this.sendResponse(response);
  }

  protected override continueRequest(response: DebugProtocol.ContinueResponse): void {
    this.resume('continue', response);
  }

  protected override nextRequest(response: DebugProtocol.NextResponse): void {
    this.resume('next', response);
  }

  protected override stepInRequest(response: DebugProtocol.StepInResponse): void {
    this.resume('stepIn', response);
  }

  protected override stepOutRequest(response: DebugProtocol.StepOutResponse): void {
    this.resume('stepOut', response);
  }

  private resume(command: 'continue' | 'next' | 'stepIn' | 'stepOut', response: DebugProtocol.Response): void {
    this.command({ command });
    this.sendResponse(response);
  }

  protected override pauseRequest(response: DebugProtocol.PauseResponse): void {
    Atomics.store(this.signal, 1, 1);
    // A run in another process sees no shared signal: it is told in a message as well.
    if (this.sessionRun?.application) this.command({ command: 'pause' });
    this.sendResponse(response);
  }

  protected override terminateRequest(response: DebugProtocol.TerminateResponse): void {
    this.sendResponse(response);
    // The application's scripts go on without the debugger: it only leaves.
    if (this.sessionRun?.application) return this.leaveApplication();
    // A session's run is interrupted (the session goes on), and says when it has ended.
    if (this.sessionRun && this.live) return this.command({ command: 'terminate' });
    this.end(1);
  }

  /** Detached from the application's Lua: a stopped script goes on, breakpoints gone, and the session ends. */
  private leaveApplication(): void {
    if (this.live) this.command({ command: 'detach' });
    this.end(0);
    this.sessionRun?.close?.();
  }

  protected override disconnectRequest(response: DebugProtocol.DisconnectResponse): void {
    if (this.sessionRun?.application) {
      this.leaveApplication();
      return this.sendResponse(response);
    }
    if (this.sessionRun && this.live) this.command({ command: 'terminate' });
    this.live = false;
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    this.port.close();
    this.sendResponse(response);
  }
}
