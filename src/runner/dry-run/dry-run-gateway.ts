import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findOperation } from '../../api/catalogue';
import { isHostModule } from '../../api/catalogue/host-modules';
import { isMeasurementModule } from '../../api/catalogue/measurement-modules';
import { isReadOperation } from '../../api/catalogue/read-operations';
import { dottedPath } from '../../api/client/call-paths';
import { CALLER_HEADER, callerFromHeader, type MotionClient } from '../../api/client/motion-client';
import { MotionConnectionError, MotionError } from '../../api/client/motion-error';
import { RecordedAnswers, sortedKeys, type RecordedAnswer } from '../../api/state/recorded-answers';
import { TestingCalls } from './testing-calls';
import { isHostTestingCall, serveHostTestingCall } from './testing-host';

/** A change a dry run did not send: the script got null, and the application was not asked. */
export interface NotSentCall {
  operation: string;
  args: unknown[];
  /** Where the script made it: `tool.py:14`, when the session said. */
  caller?: string;
}

/** A read the reference server does not model, answered by the application. */
export interface PassedRead {
  operation: string;
  args: unknown[];
  caller?: string;
  /** A call not sent before it, of the same module, that the answer may not reflect. */
  mayDependOn?: string;
}

/** A change the private server made for the script: which call, where the script made it, what it answered. */
export interface MadeCall {
  operation: string;
  /** As given, but a list or an object kept as null: only what can name an object is kept. */
  args: unknown[];
  caller?: string;
  /** The answer, when the server made the change (an added object's identifier, or null). */
  answer: unknown;
}

const PREFIX = '/api/scripting/motion/';
const DOCUMENTATION = 'motion.utilities.documentation';

/** Where a gateway's answers come from, besides the private server. */
interface GatewayOptions {
  /** The application: answers the reads the reference server does not model (never a change). */
  application?: MotionClient;
  /** Answers a snapshot carries (motion snapshot --record): replayed before the application is asked. */
  recorded?: RecordedAnswers;
  /** A test's application: motion.testing.answer and motion.testing.calls are served. */
  testing?: boolean;
  /**
   * Modules the snapshot could not read (its application lacks them): served as the reference
   * server's unmodelled ones. A promise while the snapshot is being taken: a call waits for it.
   */
  lacking?: readonly string[] | Promise<readonly string[]>;
  /**
   * Whether the private server has a measurement open (the demo's walk, a snapshot that holds one):
   * then it answers the measurement's operations itself, reads and changes alike.
   */
  measurement?: boolean | Promise<boolean>;
  /** The application's package documentation, read before the run (documentationBeforeRun): what the script's package is built from. */
  documentation?: unknown;
}

/** A call as a person reads it: `motion.gui.message.add_message("Done", "", "info")`, long values cut. */
export function describeCall(call: { operation: string; args: unknown[] }): string {
  const shown = call.args.map((arg) => {
    const text = JSON.stringify(arg, sortedKeys) ?? 'null';
    if (text.length <= 40) return text;
    // null is short: only a list, an object or a long text is cut.
    return Array.isArray(arg) ? '[…]' : typeof arg === 'object' ? '{…}' : `${text.slice(0, 37)}…`;
  });
  return `${call.operation}(${shown.join(', ')})`;
}

/**
 * What a script in a dry run or a test talks to. The operations the reference server models go to
 * the private server that holds the snapshot; a read it does not model is answered by what a test
 * declared, else by the snapshot's recording, else by the application (recorded, in order); a
 * change it does not model is never sent anywhere: the script gets null (or what a test declared),
 * and the call is listed as not sent. No change reaches the application, whatever the script calls.
 */
export class DryRunGateway {
  readonly notSent: NotSentCall[] = [];
  readonly reads: PassedRead[] = [];
  /** The changes the private server made, in order: which line made each change the diff shows (change-callers.ts). */
  readonly made: MadeCall[] = [];
  /** What the application answered (documentation included): what `motion snapshot --record` keeps. */
  readonly answered = new RecordedAnswers(undefined);
  private readonly testing: TestingCalls | undefined;
  private readonly server: Server;
  private address = '';

  /** The private server's address: a promise while it starts (the script's session may start meanwhile). */
  private readonly privateServer: Promise<string>;

  private constructor(
    privateUrl: string | Promise<string>,
    private readonly options: GatewayOptions,
  ) {
    this.privateServer = Promise.resolve(privateUrl);
    // A server that never started fails the calls that wait for it, each on its own.
    this.privateServer.catch(() => undefined);
    this.testing = options.testing ? new TestingCalls() : undefined;
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        // Whatever goes wrong here is the call's error, never the host's unhandled rejection.
        this.answer(req, res, body).catch((error: unknown) => {
          if (!res.headersSent)
            refuse(res, 500, { code: 'internal', message: (error as Error)?.message ?? String(error), operation: '' });
        });
      });
    });
  }

  /**
   * Starts a gateway in front of the private server at `privateUrl`, on a free loopback port. Given
   * the promise of a server still starting, it listens at once: a call for the server waits for it,
   * and what the gateway answers itself (the documentation read before, a recorded answer) does not.
   */
  static async start(privateUrl: string | Promise<string>, options: GatewayOptions = {}): Promise<DryRunGateway> {
    const gateway = new DryRunGateway(privateUrl, options);
    await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
    gateway.address = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
    return gateway;
  }

  /** Where the script's session sends its calls. */
  get url(): string {
    return this.address;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const { options, testing } = this;
    const caller = callerFromHeader(req.headers[CALLER_HEADER]);
    const toServer = async (operation?: string, args?: unknown[]) => {
      // A change the server makes is kept with its answer; a read, or a refused change, is not.
      // Only the arguments that can name an object are kept (a run's samples would be held twice).
      const named = args?.map((arg) => (arg !== null && typeof arg === 'object' ? null : arg));
      const made =
        operation && named && !isReadOperation(operation)
          ? (answer: unknown) => this.made.push({ operation, args: named, ...(caller ? { caller } : {}), answer })
          : undefined;
      forward(await this.privateServer, req, res, body, operation, made);
    };
    const path = req.url ?? '';
    const parts = path.startsWith(PREFIX) ? path.slice(PREFIX.length).split('/').filter(Boolean) : [];
    const name = parts.pop();
    const module = dottedPath(parts.join('/'));
    if (!name) return toServer();
    const operation = `${module}.${name}`;
    let args: unknown[];
    try {
      const parsed: unknown = body.trim() === '' ? [] : JSON.parse(body);
      args = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return toServer(operation); // the reference server says what is wrong with it
    }
    if (module === TestingCalls.MODULE) {
      if (!testing)
        return refuse(res, 404, {
          code: 'unknown_operation',
          message: `${operation} works in tests run by motion test or the Test Explorer`,
          operation,
        });
      const served = isHostTestingCall(name, args)
        ? await serveHostTestingCall(await this.privateServer, name, args)
        : testing.serve(name, args);
      return 'error' in served ? refuse(res, 400, served.error) : reply(res, served.value);
    }
    // The script's package is built from the documentation it reads: the application's (answered
    // now, or as recorded), so that a script may call every operation it has, those we do not model
    // included; else the reference server's.
    if (module === DOCUMENTATION) return this.documentation(operation, args, req, res, body);
    testing?.made(operation, args);
    if (findOperation(module, name) && !(await options.lacking)?.includes(module)) return toServer(operation, args);
    const declared = testing?.declared(operation, args);
    if (!declared && isMeasurementModule(module) && (await options.measurement)) return toServer(operation, args);
    // A test's application is the tools' host too: commands sent run there, dialogs are answered there.
    if (!declared && testing && isHostModule(module)) return toServer(operation, args);
    if (!isReadOperation(operation)) {
      this.notSent.push({ operation, args, ...(caller ? { caller } : {}) });
      return reply(res, declared ? declared.value : null);
    }
    const before = [...this.notSent].reverse().find((call) => call.operation.startsWith(`${module}.`));
    this.reads.push({
      operation,
      args,
      ...(caller ? { caller } : {}),
      ...(before ? { mayDependOn: describeCall(before) } : {}),
    });
    if (declared) return reply(res, declared.value);
    const recorded = options.recorded?.find(operation, args);
    if (recorded) return replay(res, recorded);
    if (!options.application) return refuse(res, 404, this.notRecorded(operation, args));
    const answer = await this.ask(options.application, module, name, args);
    // Offline from a recording (the application away): what is missing is the recording's answer.
    if (options.recorded && 'error' in answer && answer.error.code === 'unreachable')
      return refuse(res, 404, this.notRecorded(operation, args));
    return replay(res, answer);
  }

  /**
   * The read as the application answers it: its value or its refusal (both kept, for a recording:
   * a script may catch the refusal), or why it could not answer (not kept: no answer of the application).
   */
  /** The application's answer to a read; `failed`: how a call that got no answer failed (nothing is recorded then). */
  private async ask(
    application: MotionClient,
    module: string,
    name: string,
    args: unknown[],
  ): Promise<RecordedAnswer & { failed?: MotionConnectionError['kind'] | 'error' }> {
    const operation = `${module}.${name}`;
    let answer: RecordedAnswer;
    try {
      answer = { operation, args, answer: (await application.call(module, name, args, { effect: 'read' })) ?? null };
    } catch (error) {
      if (!(error instanceof MotionError)) {
        const message = error instanceof MotionConnectionError ? error.message : String(error);
        const why = `the application could not answer ${operation}: ${message}`;
        const failed = error instanceof MotionConnectionError ? error.kind : 'error';
        return { operation, args, error: { code: 'unreachable', message: why, status: 502 }, failed };
      }
      const { code, message, parameter, status } = error;
      answer = { operation, args, error: { code, message, ...(parameter ? { parameter } : {}), status } };
    }
    this.answered.add(answer);
    return answer;
  }

  /** What is said of a read nobody can answer: which call, and how to get its answer. */
  private notRecorded(operation: string, args: unknown[]): Record<string, string> {
    const call = describeCall({ operation, args });
    const { recorded } = this.options;
    const record = 'motion snapshot --record SCRIPT -o FILE, the application connected';
    const [where, how] = recorded
      ? [
          'was not recorded in the snapshot',
          recorded.script
            ? `take the snapshot again with the script that makes it (motion snapshot --record ${recorded.script} -o FILE, the application connected)`
            : `take the snapshot again with a script that makes it (${record})`,
        ]
      : this.testing
        ? ['reads the application, and a test has none', `start the test from a snapshot that recorded it (${record})`]
        : [
            'reads the application, and the dry run has none to ask',
            `run it with the application connected, or from a snapshot that recorded it (${record})`,
          ];
    const inTests = this.testing ? `, or answer it in the test with motion.testing.answer("${operation}", value)` : '';
    return { code: 'not_recorded', message: `${call} ${where}: ${how}${inTests}`, operation };
  }

  /** A documentation read: as recorded, else the application's answer (recorded), else the reference server's. */
  private async documentation(
    operation: string,
    args: unknown[],
    req: IncomingMessage,
    res: ServerResponse,
    body: string,
  ): Promise<void> {
    const recorded = this.options.recorded?.find(operation, args);
    if (recorded && 'answer' in recorded) return reply(res, recorded.answer);
    const { application, documentation } = this.options;
    if (documentation !== undefined && operation === `${DOCUMENTATION}.get_package_documentation`) {
      this.answered.add({ operation, args, answer: documentation });
      return reply(res, documentation);
    }
    if (application) {
      const answer = await this.ask(application, DOCUMENTATION, operation.slice(DOCUMENTATION.length + 1), args);
      if ('answer' in answer) return reply(res, answer.answer);
      // Only an application that is away (the dry run of a snapshot file, offline), or one without
      // this operation, leaves the documentation to the reference server: a refusal is the
      // script's to hear, never swapped for a smaller interface that fails where the application would not.
      const missing = answer.error.code === 'unknown_operation' || answer.error.status === 404;
      if (answer.failed !== 'unreachable' && !missing) return replay(res, answer);
    }
    forward(await this.privateServer, req, res, body, operation);
  }
}

function reply(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value ?? null));
}

/** A recorded answer as the application gave it: the value, or its refusal with its status. */
function replay(res: ServerResponse, answer: RecordedAnswer): void {
  if ('answer' in answer) return reply(res, answer.answer);
  const { status, ...error } = answer.error;
  refuse(res, status ?? 400, { ...error, operation: answer.operation });
}

function refuse(res: ServerResponse, status: number, error: Record<string, string>): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
}

/**
 * The request as it came, to the private server, and its answer as it comes back; `made` hears
 * the answer's value when the server made the change (a 200).
 */
function forward(
  privateUrl: string,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  operation = '',
  made?: (answer: unknown) => void,
): void {
  const out = request(
    `${privateUrl}${req.url ?? '/'}`,
    { method: req.method, headers: { 'content-type': req.headers['content-type'] ?? 'application/json' } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
      answer.pipe(res);
      if (!made || answer.statusCode !== 200) return;
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => {
        try {
          made(JSON.parse(text));
        } catch {
          made(null);
        }
      });
    },
  );
  out.on('error', (error) =>
    refuse(res, 502, {
      code: 'unreachable',
      message: `the dry run's private server could not answer${operation ? ` ${operation}` : ''}: ${error.message}`,
      operation,
    }),
  );
  out.end(body);
}
