import assert from 'node:assert/strict';
import { createLog } from '../../server/scripting/log';
import { answerMalformed } from '../../server/scripting/http/motion-http-server';
import { SELECTION, startTestServer, type TestServer } from '../support/test-server';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('HTTP: routes, route cache and error texts (motion-http-server, in process)', () => {
  let t: TestServer;
  const lines: string[] = [];
  before(async () => {
    t = await startTestServer({ log: createLog('debug', (line) => lines.push(line)) });
  });
  after(() => t.close());
  beforeEach(() => (lines.length = 0));

  it('remembers the written path of an operation, with and without its slash, and no other form', async () => {
    assert.equal(t.server.routeCacheSize(), 0);
    const path = `/api/scripting/motion/${SELECTION}/get_selection_count`;
    assert.equal((await t.raw({ path: `${path}/`, headers: JSON_HEADERS, body: '[]' })).status, 200);
    assert.equal(t.server.routeCacheSize(), 1);
    assert.equal((await t.raw({ path, headers: JSON_HEADERS, body: '[]' })).status, 200);
    assert.equal(t.server.routeCacheSize(), 2);
    assert.equal((await t.raw({ path: path.replace('/gui', '//gui'), headers: JSON_HEADERS })).status, 200);
    assert.equal((await t.raw({ path: `${path}/?x=1`, headers: JSON_HEADERS })).status, 200, 'a query is ignored');
    assert.equal(t.server.routeCacheSize(), 2);
  });

  it('names an unknown module and lists the known ones; a path with no module says (none)', async () => {
    const unknown = await t.fails('nosuch', 'op', [], 'unknown_operation');
    assert.match(
      unknown.message,
      /^no module motion\.nosuch; known modules: motion, motion\.settings\.processing\.skeleton, .*motion\.utilities\.documentation, .*motion\.utilities\.math$/,
    );
    assert.equal(unknown.operation, 'motion.nosuch.op');
    const none = await t.raw({ path: '/api/scripting/motion/', headers: JSON_HEADERS });
    assert.equal(none.status, 404);
    assert.match(none.body.error.message, /^no module \(none\); known modules: motion, /);
  });

  it('says a path outside the API is no operation, and which prefix paths have', async () => {
    const reply = await t.raw({ path: '/other', headers: JSON_HEADERS });
    assert.equal(reply.status, 404);
    assert.deepEqual(reply.body.error, {
      code: 'unknown_operation',
      message: '/other is not a scripting operation; paths start with /api/scripting/motion/',
      operation: '/other',
    });
  });

  it('logs each request with a time no longer than the request took', async () => {
    const started = performance.now();
    await t.call(SELECTION, 'get_selection_count', []);
    const took = performance.now() - started;
    assert.equal(lines.length, 1, lines.join('\n'));
    const logged = Number(/ 200 (\d+\.\d\d)ms$/.exec(lines[0])?.[1]);
    assert.ok(logged >= 0 && logged <= took + 0.01, `logged ${logged} ms of a ${took} ms request`);
  });
});

describe('HTTP: requests the parser refused are answered with the JSON contract (answerMalformed)', () => {
  /** A socket that records what is written to it and whether it was destroyed. */
  function socket(writable = true) {
    const s = {
      writable,
      written: '',
      destroyed: false,
      end: (text: string) => (s.written += text),
      destroy: () => (s.destroyed = true),
    };
    return s;
  }
  function answer(error: Partial<NodeJS.ErrnoException> & { reason?: string }, writable = true) {
    const lines: string[] = [];
    const s = socket(writable);
    answerMalformed(
      Object.assign(new Error(error.message ?? 'parse error'), error),
      s as never,
      createLog('debug', (line) => lines.push(line)),
    );
    const [head, body] = s.written.split('\r\n\r\n');
    return { s, lines, head, body: body === undefined ? undefined : JSON.parse(body) };
  }

  it('answers headers that are too long with 431', () => {
    const { head, body } = answer({ code: 'HPE_HEADER_OVERFLOW' });
    assert.match(head, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    assert.match(head, /\r\nConnection: close$/);
    assert.match(head, new RegExp(`Content-Length: ${Buffer.byteLength(JSON.stringify(body))}\r\n`));
    assert.deepEqual(body, {
      error: {
        code: 'headers_too_large',
        message: 'the request line and headers are too long (the URL, or a header)',
        operation: '',
      },
    });
  });

  it('answers a request too slow to arrive with 408', () => {
    const { head, body } = answer({ code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    assert.match(head, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.deepEqual(body.error, {
      code: 'request_timeout',
      message: 'the request was not received in time',
      operation: '',
    });
  });

  it('answers other parse errors with 400, giving the parser’s reason, or its message', () => {
    assert.equal(
      answer({ code: 'HPE_INVALID_CHUNK_SIZE', reason: 'Invalid character in chunk size' }).body.error.message,
      'malformed HTTP request: Invalid character in chunk size',
    );
    const { head, body } = answer({ code: 'HPE_OTHER', message: 'Parse Error' });
    assert.match(head, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.equal(body.error.message, 'malformed HTTP request: Parse Error');
  });

  it('only closes the socket of a client that went away, logging it', () => {
    for (const [error, writable] of [
      [{ code: 'ECONNRESET', message: 'read ECONNRESET' }, true],
      [{ code: 'HPE_HEADER_OVERFLOW', message: 'overflow' }, false],
    ] as const) {
      const { s, lines } = answer(error, writable);
      assert.equal(s.written, '');
      assert.ok(s.destroyed);
      assert.equal(lines.length, 1);
      assert.match(lines[0], new RegExp(`debug client went away: ${error.message}$`));
    }
  });
});
