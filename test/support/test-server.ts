import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Measurement } from '../../server/scripting/measurement/measurement';
import { Pool } from 'undici';
import { CATALOGUE } from '../../src/api/catalogue';
import { startMotionServer, type MotionServer, type MotionServerOptions } from '../../server/scripting/motion-server';
import { encodeState } from '../../src/api/state/state-document';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface TestServer {
  server: MotionServer;
  url: string;
  port: number;
  /** POST a JSON array to /api/scripting/motion/<module>/<op>/; `args` undefined sends an empty body. */
  call(module: string, op: string, args?: unknown[]): Promise<Reply>;
  /** call() that must succeed; returns the result. */
  ok<T = any>(module: string, op: string, args?: unknown[]): Promise<T>;
  /** call() that must fail with `code`; returns the error object. */
  fails(
    module: string,
    op: string,
    args: unknown[] | undefined,
    code: string,
  ): Promise<{ code: string; message: string; operation: string; parameter?: string }>;
  /** Any request, headers under the test's control. */
  raw(options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }): Promise<Reply>;
  /** `module/op` of every call that succeeded: for "every operation was exercised" checks. */
  succeeded: Set<string>;
  /** The whole state as the state file would hold it: for "nothing changed" checks. */
  stateText(): string;
  close(): Promise<void>;
}

export const SETTINGS = 'settings/processing/skeleton';
export const DATA = 'data/object/skeleton';
export const SELECTION = 'gui/selection';
export const DOCS = 'utilities/documentation';

export async function startTestServer(options: MotionServerOptions = {}): Promise<TestServer> {
  const server = await startMotionServer({ port: 0, logLevel: 'silent', ...options });
  const succeeded = new Set<string>();
  const pool = new Pool(server.url, { connections: 4 });
  const call = async (module: string, op: string, args?: unknown[]): Promise<Reply> => {
    const path = `/api/scripting/motion/${module ? `${module}/` : ''}${op}/`;
    const res = await pool.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: args === undefined ? '' : JSON.stringify(args),
    });
    const text = await res.body.text();
    if (res.statusCode === 200) succeeded.add(`${module}/${op}`);
    return { status: res.statusCode, headers: res.headers, body: JSON.parse(text) };
  };
  const t: TestServer = {
    server,
    url: server.url,
    port: server.port,
    call,
    succeeded,
    async ok(module, op, args) {
      const reply = await call(module, op, args);
      if (reply.status !== 200)
        throw new Error(
          `${module}/${op} ${JSON.stringify(args)} failed: ${reply.status} ${JSON.stringify(reply.body)}`,
        );
      return reply.body;
    },
    async fails(module, op, args, code) {
      const before = t.stateText();
      const reply = await call(module, op, args);
      if (reply.status === 200 || reply.body?.error?.code !== code) {
        throw new Error(
          `${module}/${op} ${JSON.stringify(args)}: expected error ${code}, got ${reply.status} ${JSON.stringify(reply.body)}`,
        );
      }
      if (t.stateText() !== before) throw new Error(`${module}/${op} was refused (${code}) but changed the state`);
      return reply.body.error;
    },
    raw: (options) => rawRequest(server.port, options),
    stateText: () => encodeState(server.model.snapshot()) + measurementDigest(server.model.measurement()),
    async close() {
      await pool.close();
      await server.close();
    },
  };
  return t;
}

/** The open measurement in a few lines (its arrays by their hash): what a refused call must leave as it was. */
function measurementDigest(measurement: Measurement | null): string {
  if (!measurement) return '\nno measurement';
  const hash = createHash('sha1');
  for (const [id, s] of measurement.samples)
    hash.update(`${id}:`).update(new Uint8Array(s.positions.buffer)).update(new Uint8Array(s.residuals.buffer));
  for (const c of measurement.channels) hash.update(`${c.id}:${c.name}`).update(new Uint8Array(c.samples.buffer));
  const { recording: _recording, samples: _samples, channels: _channels, ...rest } = measurement;
  return `\n${JSON.stringify(rest)}\n${hash.digest('hex')}`;
}

export function rawRequest(
  port: number,
  {
    method = 'POST',
    path,
    headers = {},
    body,
  }: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers }, setHost: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            parsed = { unparsable: text };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Asserts that every operation of a module (by catalogue) succeeded at least once on this server. */
export function assertAllExercised(t: TestServer, modulePath: string, urlPath: string): void {
  const module = CATALOGUE.find((m) => m.path === modulePath)!;
  const missing = module.operations.map((op) => op.name).filter((name) => !t.succeeded.has(`${urlPath}/${name}`));
  if (missing.length > 0) throw new Error(`operations of ${modulePath} never exercised: ${missing.join(', ')}`);
}
