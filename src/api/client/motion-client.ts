import type { Pool } from 'undici';
import { CATALOGUE, PACKAGE_NAME, findOperation, type ModuleSpec } from '../catalogue';
import { dottedPath, requestPath } from './call-paths';
import { moduleTree, type ModuleTree } from '../catalogue/module-tree';
import { DEFAULT_URL } from './application-url';
import { CallCancellation } from './call-cancellation';
import { acquirePool, releasePool } from './connection-pool';
import type { MotionApi } from './motion-api.generated';
import { whatToCheck } from './what-to-check';
import { MotionConnectionError, MotionError } from './motion-error';
import { DeadlineExceeded, PendingAnswer, TooLarge } from './pending-answer';

export const DEFAULT_TIMEOUT_MS = 5_000;
/** The largest answer read (the documentation of a large application is a few MB). */
const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export interface MotionClientOptions {
  /** Base URL of the application (default http://127.0.0.1:7979). */
  url?: string;
  /** Per-call deadline in milliseconds, from sending to the last byte of the answer (default 5 s). */
  timeoutMs?: number;
  /** Answers larger than this are refused, not read (default 32 MiB). */
  maxResponseBytes?: number;
  /** Told about every request once it settled: for logs and request counts. */
  onRequest?: (event: RequestEvent) => void;
  /**
   * Around every call that changes the application: `send` makes it. A recording of the user's edits
   * names the call's objects before it is made (a delete's object is gone after).
   */
  aroundWrite?: (write: WriteCall, send: () => Promise<unknown>) => Promise<unknown>;
}

/** A call that changes the application, as it is made. */
export interface WriteCall {
  /** Dotted, with the package prefix: `motion.settings.processing.skeleton`. */
  module: string;
  operation: string;
  args: unknown[];
}

interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Whether the call changes state; unknown operations count as writes (never retried). */
  effect?: 'read' | 'write';
  /**
   * Where in a script the call was made (`tool.py:14`), sent as the `motion-caller` header: a dry
   * run names the line of each call it did not send. The application ignores it.
   */
  caller?: string;
}

export interface RequestEvent {
  operation: string;
  status: number | 'failed';
  milliseconds: number;
  attempt: number;
  error?: Error;
}

/**
 * The HTTP client of the scripting interface. `call()` reaches any operation, including modules a
 * newer application has and the catalogue does not; the typed wrappers (`client.gui.selection.select(...)`)
 * are derived from the catalogue.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the typed wrappers are attached in the constructor
export class MotionClient {
  readonly url: string;
  readonly timeoutMs: number;
  private readonly origin: string;
  private readonly pool: Pool;
  private closed = false;
  private readonly cancellation = new CallCancellation();

  constructor(private readonly options: MotionClientOptions = {}) {
    const url = parsedUrl(options.url ?? DEFAULT_URL);
    if (url.protocol !== 'http:') throw new Error(`the server URL must be http://, got ${url.href}`);
    this.origin = url.origin;
    this.url = url.origin;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pool = acquirePool(this.origin);
    Object.assign(
      this,
      buildTypedApi((module, op, args, effect) => this.call(module, op, args, { effect })),
    );
  }

  /** Typed wrappers bound to a signal or timeout: `client.with({ signal }).gui.selection.get_selections()`. */
  with(options: Omit<CallOptions, 'effect'>): MotionApi {
    return buildTypedApi((module, op, args, effect) =>
      this.call(module, op, args, { ...options, effect }),
    ) as unknown as MotionApi;
  }

  /**
   * Calls `<module path>/<operation>` with positional arguments. The module path may be dotted
   * (`motion.gui.selection`) or slashed (`gui/selection`); the root module is `motion` or ``.
   */
  call(modulePath: string, operation: string, args: unknown[] = [], options: CallOptions = {}): Promise<unknown> {
    // Not an async function: a view makes thousands of calls, and one more promise each (resolved
    // with callNow's) is work for nothing. What throws here is still a rejection.
    try {
      const dotted = dottedPath(modulePath);
      const effect = options.effect ?? findOperation(dotted, operation)?.effect ?? 'write';
      const around = this.options.aroundWrite;
      if (effect === 'write' && around)
        return around({ module: dotted, operation, args }, () =>
          this.callNow(dotted, operation, args, effect, options),
        );
      return this.callNow(dotted, operation, args, effect, options);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private async callNow(
    dotted: string,
    operation: string,
    args: unknown[],
    effect: 'read' | 'write',
    options: CallOptions,
  ): Promise<unknown> {
    const name = `${dotted}.${operation}`;
    const path = requestPath(dotted, operation);
    const body = JSON.stringify(args);
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      try {
        const { status, text } = await this.send(path, body, effect, options);
        this.options.onRequest?.({ operation: name, status, milliseconds: performance.now() - started, attempt });
        return this.interpret(name, status, text);
      } catch (error) {
        const failure = this.translate(error, name, options);
        this.options.onRequest?.({
          operation: name,
          status: failure instanceof MotionError ? failure.status : 'failed',
          milliseconds: performance.now() - started,
          attempt,
          error: failure,
        });
        // A keep-alive connection the server had closed (restart, idle timeout): a read is safe to send again.
        if (
          failure instanceof MotionConnectionError &&
          failure.kind === 'dropped' &&
          effect === 'read' &&
          attempt === 1
        )
          continue;
        throw failure;
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await releasePool(this.origin, this.pool);
  }

  /**
   * Sends one request and reads its answer through undici's dispatch interface: a view reads
   * thousands of small values at once, and a response stream and an AbortController per call cost
   * more than the request itself (measured: about twice the time of the bare dispatch).
   */
  private send(
    path: string,
    body: string,
    effect: 'read' | 'write',
    options: CallOptions,
  ): Promise<{ status: number; text: string }> {
    // One deadline for the whole call: undici's own timers only bound the gaps between chunks, so a
    // server trickling a byte at a time would otherwise hold the caller for ever.
    const timeout = options.timeoutMs ?? this.timeoutMs;
    const limit = this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    return new Promise((resolve, reject) => {
      const answer = new PendingAnswer(limit, resolve, reject);
      answer.timer = setTimeout(() => answer.abort(new DeadlineExceeded()), timeout);
      if (options.signal) answer.unfollow = this.cancellation.follow(options.signal, answer);
      // A closed pool, or a request undici refuses, is reported to the handler too, not thrown.
      this.pool.dispatch(
        {
          method: 'POST',
          path,
          headers: options.caller
            ? { ...JSON_HEADERS, [CALLER_HEADER]: callerHeaderValue(options.caller) }
            : JSON_HEADERS,
          body,
          headersTimeout: timeout,
          bodyTimeout: timeout,
          idempotent: effect === 'read',
          // undici holds a connection's next request until this one's headers arrive unless told the
          // answer comes quickly: reads are answered at once, so they may queue on a busy connection.
          blocking: effect !== 'read',
        },
        answer,
      );
    });
  }

  private interpret(operation: string, status: number, text: string): unknown {
    if (status >= 200 && status < 300) {
      if (text.trim() === '') return null; // a real application may answer an operation without result with an empty body
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new MotionConnectionError(
          'bad_response',
          this.url,
          operation,
          `${operation}: the server at ${this.url} answered with something that is not JSON: ${text.slice(0, 120)}`,
        );
      }
      // An error in a success reply is still an error: no operation returns {"error": {...}}.
      const e = errorBody(value);
      if (e) throw new MotionError(status, e.code, e.operation ?? operation, e.message, e.parameter);
      return value;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const e = errorBody(parsed);
    if (e) throw new MotionError(status, e.code, e.operation ?? operation, e.message, e.parameter);
    throw new MotionError(status, `http_${status}`, operation, text.trim() || `HTTP ${status}`);
  }

  private translate(error: unknown, operation: string, options: CallOptions): Error {
    if (error instanceof MotionError || error instanceof MotionConnectionError) return error;
    const where = new URL(this.url).host;
    if (options.signal?.aborted)
      return new MotionConnectionError('cancelled', this.url, operation, `${operation} was cancelled`, {
        cause: error,
      });
    if (error instanceof TooLarge)
      return new MotionConnectionError(
        'bad_response',
        this.url,
        operation,
        `${operation}: the answer from ${where} is larger than ${error.limit} bytes; it was not read`,
        { cause: error },
      );
    // A failure to connect to `localhost` (both addresses tried) is an AggregateError that carries
    // its errors' code itself.
    const e = error as NodeJS.ErrnoException;
    const codes = [e?.code, e?.name, (e?.cause as NodeJS.ErrnoException | undefined)?.code];
    if (
      error instanceof DeadlineExceeded ||
      (error as Error)?.cause instanceof DeadlineExceeded ||
      codes.includes('UND_ERR_HEADERS_TIMEOUT') ||
      codes.includes('UND_ERR_BODY_TIMEOUT')
    ) {
      const ms = options.timeoutMs ?? this.timeoutMs;
      return new MotionConnectionError(
        'timeout',
        this.url,
        operation,
        `${operation}: no answer from ${where} within ${ms} ms — ${whatToCheck(this.url)}`,
        { cause: error },
      );
    }
    if (codes.includes('ECONNREFUSED'))
      return new MotionConnectionError(
        'unreachable',
        this.url,
        operation,
        `nothing is listening on ${where} — start the application or the embedded server`,
        { cause: error },
      );
    if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN'))
      // EAI_AGAIN: a name that could not be looked up now (no resolver reachable).
      return new MotionConnectionError(
        'unreachable',
        this.url,
        operation,
        `no machine named ${new URL(this.url).hostname} could be found — check the address, and that this machine is on its network`,
        { cause: error },
      );
    if (codes.includes('UND_ERR_CONNECT_TIMEOUT') || codes.includes('EHOSTUNREACH') || codes.includes('ENETUNREACH'))
      return new MotionConnectionError(
        'unreachable',
        this.url,
        operation,
        `${where} cannot be reached — check that the machine is on, that the network to it is up, and that its firewall lets the application's port through`,
        { cause: error },
      );
    if (codes.some((c) => c === 'UND_ERR_SOCKET' || c === 'ECONNRESET' || c === 'EPIPE' || c === 'UND_ERR_CLOSED')) {
      return new MotionConnectionError(
        'dropped',
        this.url,
        operation,
        `${operation}: the connection to ${where} was closed before it answered`,
        { cause: error },
      );
    }
    if (codes.includes('HTTPParserError'))
      return new MotionConnectionError(
        'bad_response',
        this.url,
        operation,
        `${operation}: what answers at ${where} does not speak HTTP (${(error as Error).message})`,
        { cause: error },
      );
    return new MotionConnectionError(
      'unreachable',
      this.url,
      operation,
      `${operation}: could not reach ${where}: ${(error as Error)?.message ?? error}`,
      { cause: error },
    );
  }
}

// The typed wrappers: `client.settings.processing.skeleton.add_skeleton(...)`, declared by the generated MotionApi.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface MotionClient extends MotionApi {}

type Invoke = (modulePath: string, operation: string, args: unknown[], effect: 'read' | 'write') => Promise<unknown>;

/** Builds the nested object of wrappers from the catalogue: one function per operation. */
function buildTypedApi(invoke: Invoke): Record<string, unknown> {
  const build = (node: ModuleTree<ModuleSpec>): Record<string, unknown> => {
    const api: Record<string, unknown> = {};
    for (const [name, child] of node.children) api[name] = build(child);
    for (const op of node.module?.operations ?? []) {
      api[op.name] = (...args: unknown[]) => {
        while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
        return invoke(node.path, op.name, args, op.effect);
      };
    }
    return api;
  };
  return build(moduleTree(PACKAGE_NAME, CATALOGUE));
}

/** The error object of docs/design.md §3, if `value` is one. */
function errorBody(
  value: unknown,
): { code: string; message: string; operation?: string; parameter?: string } | undefined {
  const e = (value as { error?: Record<string, unknown> } | null)?.error;
  if (!e || typeof e !== 'object' || typeof e.code !== 'string' || typeof e.message !== 'string') return undefined;
  return {
    code: e.code,
    message: e.message,
    operation: typeof e.operation === 'string' ? e.operation : undefined,
    parameter: typeof e.parameter === 'string' ? e.parameter : undefined,
  };
}

/** The header that says where in a script a call was made (a dry run's gateway reads it). */
export const CALLER_HEADER = 'motion-caller';

/**
 * The caller as a header value: percent-encoded UTF-8, since a header carries bytes, not text, and
 * a script under `C:\Users\Zoë` or `C:\Users\Łukasz` must name its file exactly (the Python package
 * encodes it the same way, with urllib.parse.quote).
 */
function callerHeaderValue(caller: string): string {
  return encodeURIComponent(caller).replace(/%(2F|3A|5C)/g, (escape) => decodeURIComponent(escape));
}

/** The caller a header names; a value that is not percent-encoded UTF-8 is taken as it is. */
export function callerFromHeader(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The headers of every call: one object, not one per call. */
const JSON_HEADERS = Object.freeze({ 'content-type': 'application/json', accept: 'application/json' });

/** The URL in `text`; text that is no URL is named in the error (URL's own says only "Invalid URL"). */
function parsedUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new Error(`the server URL must be http://, got "${text}", which is no URL`);
  }
}
