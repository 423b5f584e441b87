import assert from 'node:assert/strict';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { acquirePool, releasePool } from '../../src/api/client/connection-pool';
import { dottedPath } from '../../src/api/client/call-paths';
import { MotionClient, type RequestEvent } from '../../src/api/client/motion-client';
import { MotionConnectionError, MotionError } from '../../src/api/client/motion-error';
import { json, startFakeApplication, type FakeApplication } from '../support/fake-application';

/** What a call to `app` gives: its value, or the error it was refused with. */
async function outcome(app: FakeApplication, options: { maxResponseBytes?: number } = {}): Promise<unknown> {
  const client = new MotionClient({ url: app.url, ...options });
  try {
    return await client.call('motion', 'get_version', [], { effect: 'read' });
  } catch (error) {
    return error;
  } finally {
    await client.close();
  }
}

/** An application that answers every call with this status, body and content type. */
function answering(status: number, body: string): Promise<FakeApplication> {
  return startFakeApplication((_p, _b, _req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}

async function withApp<T>(app: FakeApplication, use: (app: FakeApplication) => Promise<T>): Promise<T> {
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

describe('MotionClient: how each answer is read', () => {
  it('takes 2xx as success and 300 as a refusal', async () => {
    assert.equal(await withApp(await answering(200, '"1.0"'), outcome), '1.0');
    assert.deepEqual(await withApp(await answering(299, '[1]'), outcome), [1]);
    const refused = await withApp(await answering(300, '"1.0"'), outcome);
    assert.ok(refused instanceof MotionError);
    assert.deepEqual([refused.status, refused.code, refused.message], [300, 'http_300', '"1.0"']);
  });

  it('reads a body of white space as no result', async () => {
    assert.equal(await withApp(await answering(200, ' \r\n\t'), outcome), null);
  });

  it('quotes the first 120 characters of an answer that is not JSON', async () => {
    const text = `<html>${'x'.repeat(300)}`;
    const refused = await withApp(await answering(200, text), outcome);
    assert.ok(refused instanceof MotionConnectionError);
    assert.equal(refused.kind, 'bad_response');
    assert.match(
      refused.message,
      new RegExp(
        `^motion\\.get_version: the server at http://127\\.0\\.0\\.1:\\d+ answered with something that is not JSON: ${text.slice(0, 120)}$`,
      ),
    );
  });

  it('names a refusal outside the contract by its status, with its text trimmed or the status alone', async () => {
    const trimmed = await withApp(await answering(502, '  Bad gateway \n'), outcome);
    assert.ok(trimmed instanceof MotionError);
    assert.deepEqual(
      [trimmed.code, trimmed.message, trimmed.operation],
      ['http_502', 'Bad gateway', 'motion.get_version'],
    );
    const empty = await withApp(await answering(503, ''), outcome);
    assert.ok(empty instanceof MotionError);
    assert.deepEqual([empty.code, empty.message], ['http_503', 'HTTP 503']);
  });

  it('takes an "error" that is not the contract’s error object for a value', async () => {
    for (const body of [
      '{"error": null}',
      '{"error": "none"}',
      '{"error": {"code": 1, "message": "m"}}',
      '{"error": {"code": "c"}}',
      'null',
    ])
      assert.deepEqual(await withApp(await answering(200, body), outcome), JSON.parse(body), body);
    const refusal = await withApp(
      await answering(200, '{"error": {"code": "c", "message": "m", "operation": 3, "parameter": 4}}'),
      outcome,
    );
    assert.ok(refusal instanceof MotionError);
    assert.deepEqual([refusal.code, refusal.operation, refusal.parameter], ['c', 'motion.get_version', undefined]);
  });

  it('reads an answer of exactly its limit, and refuses one byte more, saying so', async () => {
    assert.equal(await withApp(await answering(200, '12345'), (app) => outcome(app, { maxResponseBytes: 5 })), 12345);
    const refused = await withApp(await answering(200, '123456'), (app) => outcome(app, { maxResponseBytes: 5 }));
    assert.ok(refused instanceof MotionConnectionError);
    assert.match(
      refused.message,
      /^motion\.get_version: the answer from 127\.0\.0\.1:\d+ is larger than 5 bytes; it was not read$/,
    );
    assert.match(String((refused.cause as Error).message), /^larger than 5 bytes$/);
  });
});

describe('MotionClient: what it sends', () => {
  it('posts JSON to the operation’s path, asking for JSON, without trailing omitted arguments', async () => {
    const seen: { path: string; body: string; type?: string; accept?: string }[] = [];
    const app = await startFakeApplication((path, body, req, res) => {
      seen.push({ path, body, type: req.headers['content-type'], accept: req.headers.accept });
      json(res, 200, 0);
    });
    const client = new MotionClient({ url: app.url });
    await client.settings.processing.skeleton.get_skeleton_count('project');
    await (client.call as (...a: unknown[]) => Promise<unknown>)('/gui/selection/', 'get_selections', []);
    await (client.gui.selection.get_selections as (...a: unknown[]) => Promise<unknown>)(undefined, undefined);
    assert.deepEqual(seen, [
      {
        path: '/api/scripting/motion/settings/processing/skeleton/get_skeleton_count/',
        body: '["project"]',
        type: 'application/json',
        accept: 'application/json',
      },
      {
        path: '/api/scripting/motion/gui/selection/get_selections/',
        body: '[]',
        type: 'application/json',
        accept: 'application/json',
      },
      {
        path: '/api/scripting/motion/gui/selection/get_selections/',
        body: '[]',
        type: 'application/json',
        accept: 'application/json',
      },
    ]);
    await client.close();
    await app.close();
  });

  it('writes module paths one way, whichever way they were given', () => {
    for (const [given, dotted] of [
      ['', 'motion'],
      ['motion', 'motion'],
      ['/gui/selection/', 'motion.gui.selection'],
      ['gui.selection', 'motion.gui.selection'],
      ['motion/gui//selection', 'motion.gui.selection'],
    ])
      assert.equal(dottedPath(given), dotted, given);
  });

  it('refuses a URL that is not http://, and text that is no URL', () => {
    assert.throws(() => new MotionClient({ url: 'https://127.0.0.1:7979' }), {
      message: 'the server URL must be http://, got https://127.0.0.1:7979/',
    });
    assert.throws(() => new MotionClient({ url: 'localhost 7979' }), {
      message: 'the server URL must be http://, got "localhost 7979", which is no URL',
    });
  });

  it('never pipelines a write behind another request on one connection; reads may be', async () => {
    // A bare TCP peer: it counts the requests each connection sent before it had any answer back.
    let most = 0;
    const server: TcpServer = createTcpServer((socket) => {
      let waiting = 0;
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        const requests = text.split('POST /').length - 1;
        text = text.slice(text.lastIndexOf('POST /') + 1);
        waiting += requests;
        most = Math.max(most, waiting);
        setTimeout(() => {
          for (; waiting > 0; waiting--)
            socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1\r\n\r\n1');
        }, 100);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new MotionClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    const burst = (effect: 'read' | 'write') =>
      Promise.all(Array.from({ length: 24 }, () => client.call('motion', 'op', [], { effect })));
    most = 0;
    await burst('write');
    assert.equal(most, 1, 'one write at a time per connection');
    most = 0;
    await burst('read');
    assert.ok(most > 1, `reads are pipelined (${most} at most on one connection)`);
    await client.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
  });
});

describe('MotionClient: failures, retries and closing', () => {
  it('reports each attempt of a retried read, numbered, with how long it took', async () => {
    let drop = true;
    const app = await startFakeApplication((_p, _b, req, res) => {
      if (drop) {
        drop = false;
        return req.socket.destroy();
      }
      json(res, 200, 7);
    });
    const events: RequestEvent[] = [];
    const client = new MotionClient({ url: app.url, onRequest: (e) => events.push(e) });
    assert.equal(await client.settings.processing.skeleton.get_skeleton_count('project'), 7);
    assert.deepEqual(
      events.map((e) => [e.operation, e.status, e.attempt, e.error instanceof MotionConnectionError && e.error.kind]),
      [
        ['motion.settings.processing.skeleton.get_skeleton_count', 'failed', 1, 'dropped'],
        ['motion.settings.processing.skeleton.get_skeleton_count', 200, 2, false],
      ],
    );
    assert.ok(
      events.every((e) => e.milliseconds >= 0 && e.milliseconds < 10_000),
      'durations, not clock readings',
    );
    await client.close();
    await app.close();
  });

  it('does not retry a read that could not connect', async () => {
    const app = await startFakeApplication(() => undefined);
    const url = app.url;
    await app.close();
    const events: RequestEvent[] = [];
    const client = new MotionClient({ url, onRequest: (e) => events.push(e) });
    await assert.rejects(
      client.get_version(),
      (e) => e instanceof MotionConnectionError && e.kind === 'unreachable' && e.cause instanceof Error,
    );
    assert.equal(events.length, 1);
    await client.close();
  });

  it('calls a name that cannot be looked up unreachable', async () => {
    const client = new MotionClient({ url: 'http://no-such-application.invalid:7979', timeoutMs: 4_000 });
    await assert.rejects(client.get_version(), (e) => {
      assert.ok(e instanceof MotionConnectionError);
      assert.equal(e.kind, 'unreachable');
      assert.equal(
        e.message,
        'no machine named no-such-application.invalid could be found — check the address, and that this machine is on its network',
      );
      return true;
    });
    await client.close();
  });

  it('says what answers does not speak HTTP', async () => {
    const sockets = new Set<Socket>();
    const server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.end('HELLO THERE\r\n\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const client = new MotionClient({ url: `http://127.0.0.1:${port}` });
    await assert.rejects(client.call('motion', 'op', [], { effect: 'write' }), (e) => {
      assert.ok(e instanceof MotionConnectionError, String(e));
      assert.equal(e.kind, 'bad_response');
      assert.match(
        e.message,
        new RegExp(`^motion\\.op: what answers at 127\\.0\\.0\\.1:${port} does not speak HTTP \\(\\S.*\\)$`),
      );
      assert.ok(e.cause instanceof Error);
      return true;
    });
    await client.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('keeps the cause of a cancellation', async () => {
    const app = await startFakeApplication(() => undefined);
    const client = new MotionClient({ url: app.url });
    const stop = new AbortController();
    const call = client.with({ signal: stop.signal }).get_version();
    setTimeout(() => stop.abort(), 50);
    await assert.rejects(
      call,
      (e) => e instanceof MotionConnectionError && e.kind === 'cancelled' && e.cause !== undefined,
    );
    await client.close();
    await app.close();
  });

  it('gives its connection pool back once, however often it is closed', async () => {
    const app = await startFakeApplication((_p, _b, _req, res) => json(res, 200, 1));
    const closing = new MotionClient({ url: app.url });
    const staying = new MotionClient({ url: app.url });
    await closing.close();
    await closing.close();
    assert.equal(await staying.get_version(), 1, 'the other client’s pool is still open');
    const pool = acquirePool(app.url);
    await releasePool(app.url, pool);
    await staying.close();
    assert.equal(pool.closed, true, 'closed with its last client');
    await app.close();
  });
});
