import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { DEFAULT_PORT } from '../../../src/api/client/application-url';
import type { Log } from '../log';
import { Fault } from '../model/faults';
import { findEntry, invoke } from '../operations/dispatch';
import type { OperationEntry, OperationTable } from '../operations/operation-table';
import type { DurableModel } from '../persistence/durable-model';
import { parseArguments } from './parse-arguments';
import { ClientWentAway, readBody } from './read-body';
import { allowedHostsFor, allowedOriginsFor, checkHeaders } from './request-guard';

const API_PREFIX = '/api/scripting/motion/';

/** A report of the server (not an operation of the interface): its answer to the arguments given. */
export type Report = (args: unknown[]) => unknown;

interface MotionHttpOptions {
  /** Reads see what is saved; writes become visible once saved. */
  model: DurableModel;
  table: OperationTable;
  log: Log;
  host?: string;
  port?: number;
  /** Every answer this many milliseconds late, as a slow application gives it (benches); 0: at once. */
  delayMs?: number;
  /** The server's own reports, outside the scripting interface: path → its JSON, answered to a POST as any call is. */
  reports?: Record<string, Report>;
}

export interface RunningMotionServer {
  url: string;
  port: number;
  server: Server;
  /** How many paths the route cache holds: bounded by the operations, whatever clients send. */
  routeCacheSize(): number;
  close(): Promise<void>;
}

/** Serves the operation table over HTTP with the contract of docs/design.md §3. */
export async function listen(options: MotionHttpOptions): Promise<RunningMotionServer> {
  const { model, table, log } = options;
  const host = options.host ?? '127.0.0.1';
  const delayMs = options.delayMs ?? 0;
  // A slow application's answers: each late by the same time, so those of one connection stay in order.
  const answer: typeof send = delayMs > 0 ? (...reply) => void setTimeout(() => send(...reply), delayMs) : send;
  let hosts = new Set<string>();
  let origins = new Set<string>();

  // Paths are few and repeat: remember where each one leads. Only the written form of an operation's
  // path is remembered (misses, and padded variants such as `motion//gui`, are looked up each time),
  // so the cache holds at most two keys per operation whatever clients send.
  const routes = new Map<string, OperationEntry>();
  const route = (path: string): OperationEntry | undefined => {
    let entry = routes.get(path);
    if (!entry && path.startsWith(API_PREFIX)) {
      entry = findEntry(table, path.slice(API_PREFIX.length));
      const written = entry && `${API_PREFIX}${entry.fullName.split('.').slice(1).join('/')}`;
      if (entry && (path === written || path === `${written}/`)) routes.set(path, entry);
    }
    return entry;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const started = log.enabled('debug') ? performance.now() : 0;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    let entry: OperationEntry | undefined;
    const finish = (status: number) => {
      if (started)
        log.debug(
          `${req.method} ${entry?.fullName ?? operationNameOf(path)} ${status} ${(performance.now() - started).toFixed(2)}ms`,
        );
    };
    const fail = (error: unknown) => {
      const operation = entry?.fullName ?? operationNameOf(path);
      const fault = error instanceof Fault ? error : internal(error, operation, log);
      const body = {
        error: {
          code: fault.code,
          message: fault.message,
          operation,
          ...(fault.parameter ? { parameter: fault.parameter } : {}),
        },
      };
      const headers: Record<string, string> = fault.code === 'method_not_allowed' ? { Allow: 'POST' } : {};
      if (fault.code === 'payload_too_large') headers.Connection = 'close';
      answer(res, fault.status, JSON.stringify(body), headers);
      finish(fault.status);
    };
    /** A value that came later (a report's, a call that waited for a script's function). */
    const answerValue = (value: unknown) => {
      answer(res, 200, JSON.stringify(value ?? null));
      finish(200);
    };
    // The server's own reports: their arguments are a JSON array too, their answer JSON.
    const answerReport = (report: Report): void => {
      readBody(req, (error, text) => {
        if (error) return error instanceof ClientWentAway ? undefined : fail(error);
        let args: unknown[];
        try {
          args = parseArguments(text);
        } catch (e) {
          return fail(e);
        }
        Promise.resolve()
          .then(() => report(args))
          .then(answerValue, fail);
      });
    };
    try {
      checkHeaders(req, hosts, origins);
      const report = options.reports?.[path];
      if (report) return answerReport(report);
      entry = route(path);
      if (!entry) throw unknownOperation(table, path, operationNameOf(path));
    } catch (error) {
      return fail(error);
    }
    const found = entry;
    readBody(req, (error, text) => {
      if (error instanceof ClientWentAway || (error && req.socket.destroyed)) {
        log.debug(`${entry?.fullName ?? path}: ${error.message}`);
        return;
      }
      if (error) return fail(error);
      let outcome: ReturnType<typeof invoke>;
      try {
        outcome = invoke(found.spec.effect === 'write' ? model.head : model.visible, found, parseArguments(text));
      } catch (e) {
        return fail(e);
      }
      if (outcome.pending) return void outcome.pending.then(answerValue, fail);
      const body = JSON.stringify(outcome.result);
      if (!outcome.changes) {
        answer(res, 200, body);
        return finish(200);
      }
      // The reply waits for the change to be saved; if it cannot be, nothing changed and the reply says so.
      model.saved(outcome.changes).then(() => {
        answer(res, 200, body);
        finish(200);
      }, fail);
    });
  };

  const server = createServer({ keepAliveTimeout: 5_000, headersTimeout: 10_000, requestTimeout: 30_000 }, handle);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerMalformed(error, socket, log));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHostsFor(host, port);
  origins = allowedOriginsFor(hosts);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    server,
    routeCacheSize: () => routes.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/**
 * A request Node's parser refused (bad Content-Length, Content-Length with Transfer-Encoding, a bad
 * chunk, headers or URL too long, too slow): answered with the JSON error contract, not a bare status.
 */
export function answerMalformed(error: NodeJS.ErrnoException, socket: Duplex, log: Log): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    log.debug(`client went away: ${error.message}`);
    socket.destroy();
    return;
  }
  const fault =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new Fault('headers_too_large', 'the request line and headers are too long (the URL, or a header)')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new Fault('request_timeout', 'the request was not received in time')
        : new Fault('bad_request', `malformed HTTP request: ${(error as { reason?: string }).reason ?? error.message}`);
  const body = JSON.stringify({ error: { code: fault.code, message: fault.message, operation: '' } });
  socket.end(
    `HTTP/1.1 ${fault.status} ${STATUS_CODES[fault.status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** `/api/scripting/motion/gui/selection/select/` → `motion.gui.selection.select`, for logs and errors. */
function operationNameOf(path: string): string {
  if (!path.startsWith(API_PREFIX)) return path;
  return ['motion', ...path.slice(API_PREFIX.length).split('/').filter(Boolean)].join('.');
}

function unknownOperation(table: OperationTable, path: string, operation: string): Fault {
  if (!path.startsWith(API_PREFIX))
    return new Fault('unknown_operation', `${path} is not a scripting operation; paths start with ${API_PREFIX}`);
  const modulePath = operation.split('.').slice(0, -1).join('.');
  const module = table.get(modulePath);
  if (!module)
    return new Fault(
      'unknown_operation',
      `no module ${modulePath || '(none)'}; known modules: ${[...table.keys()].join(', ')}`,
    );
  const name = operation.split('.').pop();
  const readOnly =
    modulePath.startsWith('motion.data.') && name?.startsWith('set_') ? ' (the module is read-only)' : '';
  return new Fault('unknown_operation', `module ${modulePath} has no operation ${name}${readOnly}`);
}

function internal(error: unknown, operation: string, log: Log): Fault {
  log.error(`internal error in ${operation}: ${(error as Error)?.stack ?? String(error)}`);
  return new Fault(
    'internal',
    `internal error in ${operation}: ${(error as Error)?.message ?? String(error)}; the state is unchanged`,
  );
}
