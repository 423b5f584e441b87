import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findOperation } from '../../api/catalogue';
import { isReadOperation } from '../../api/catalogue/read-operations';
import { dottedPath } from '../../api/client/call-paths';
import { CALLER_HEADER, type MotionClient } from '../../api/client/motion-client';
import { MotionConnectionError, MotionError } from '../../api/client/motion-error';

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

const PREFIX = '/api/scripting/motion/';
const DOCUMENTATION = 'motion.utilities.documentation';

/** Objects with their keys in order: a Lua table has no order of its own, and a list must read the same each time. */
function sortedKeys(_key: string, value: unknown): unknown {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
    : value;
}

/** A call as a person reads it: `motion.gui.message.add_message("Done", "", "info")`, long values cut. */
export function describeCall(call: { operation: string; args: unknown[] }): string {
  const shown = call.args.map((arg) => {
    const text = JSON.stringify(arg, sortedKeys) ?? 'null';
    if (text.length <= 40) return text;
    return Array.isArray(arg) ? '[…]' : typeof arg === 'object' && arg !== null ? '{…}' : `${text.slice(0, 37)}…`;
  });
  return `${call.operation}(${shown.join(', ')})`;
}

/**
 * What a script in a dry run talks to. The operations the reference server models go to the private
 * server that holds the snapshot; a read it does not model goes to the application, which answers
 * it (recorded, in order); a change it does not model is never sent anywhere: the script gets null,
 * and the call is listed as not sent. No change reaches the application, whatever the script calls.
 */
export class DryRunGateway {
  readonly notSent: NotSentCall[] = [];
  readonly reads: PassedRead[] = [];
  private readonly server: Server;
  private address = '';

  /** `application`: where unmodelled reads are answered; without one, they are refused, saying so. */
  private constructor(
    private readonly privateUrl: string,
    private readonly application: MotionClient | undefined,
  ) {
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

  /** Starts a gateway in front of the private server at `privateUrl`, on a free loopback port. */
  static async start(privateUrl: string, application: MotionClient | undefined): Promise<DryRunGateway> {
    const gateway = new DryRunGateway(privateUrl, application);
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
    const { privateUrl, application } = this;
    const path = req.url ?? '';
    const parts = path.startsWith(PREFIX) ? path.slice(PREFIX.length).split('/').filter(Boolean) : [];
    const name = parts.pop();
    const module = dottedPath(parts.join('/'));
    if (!name) return forward(privateUrl, req, res, body);
    // The script's package is built from the documentation it reads: the application's, when it
    // answers, so that a script may call every operation it has (those we do not model included);
    // else the reference server's (a dry run from a snapshot file, the application away).
    if (module === DOCUMENTATION && application) return this.documentation(application, name, body, req, res);
    if (findOperation(module, name)) return forward(privateUrl, req, res, body);
    const operation = `${module}.${name}`;
    let args: unknown[];
    try {
      const parsed: unknown = body.trim() === '' ? [] : JSON.parse(body);
      args = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return forward(privateUrl, req, res, body); // the reference server says what is wrong with it
    }
    const caller = typeof req.headers[CALLER_HEADER] === 'string' ? req.headers[CALLER_HEADER] : undefined;
    if (!isReadOperation(operation)) {
      this.notSent.push({ operation, args, ...(caller ? { caller } : {}) });
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('null');
    }
    const before = [...this.notSent].reverse().find((call) => call.operation.startsWith(`${module}.`));
    if (module !== DOCUMENTATION)
      this.reads.push({
        operation,
        args,
        ...(caller ? { caller } : {}),
        ...(before ? { mayDependOn: describeCall(before) } : {}),
      });
    if (!application)
      return refuse(res, 404, {
        code: 'not_recorded',
        message: `${describeCall({ operation, args })} reads the application, and the dry run has none to ask: run it with the application connected`,
        operation,
      });
    try {
      const value = await application.call(module, name, args, { effect: 'read' });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value ?? null));
    } catch (error) {
      if (error instanceof MotionError)
        return refuse(res, error.status, {
          code: error.code,
          message: error.message,
          operation: error.operation,
          ...(error.parameter ? { parameter: error.parameter } : {}),
        });
      const message = error instanceof MotionConnectionError ? error.message : String(error);
      refuse(res, 502, {
        code: 'unreachable',
        message: `the application could not answer ${operation}: ${message}`,
        operation,
      });
    }
  }

  /** A documentation read: the application's answer, or the reference server's when the application is away. */
  private async documentation(
    application: MotionClient,
    name: string,
    body: string,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    try {
      const args: unknown = body.trim() === '' ? [] : JSON.parse(body);
      const value = await application.call(DOCUMENTATION, name, Array.isArray(args) ? args : [args], {
        effect: 'read',
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value ?? null));
    } catch {
      forward(this.privateUrl, req, res, body);
    }
  }
}

function refuse(res: ServerResponse, status: number, error: Record<string, string>): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
}

/** The request as it came, to the private server, and its answer as it comes back. */
function forward(privateUrl: string, req: IncomingMessage, res: ServerResponse, body: string): void {
  const out = request(
    `${privateUrl}${req.url ?? '/'}`,
    { method: req.method, headers: { 'content-type': req.headers['content-type'] ?? 'application/json' } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
      answer.pipe(res);
    },
  );
  out.on('error', (error) => refuse(res, 502, { code: 'unreachable', message: error.message, operation: '' }));
  out.end(body);
}
