import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startMotionServer } from '../../server/scripting/motion-server';
import { startTestServer, type TestServer } from '../support/test-server';

const PATH = '/api/scripting/motion/get_version/';

describe('HTTP: security (docs/design.md §3)', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  const post = (headers: Record<string, string>) =>
    t.raw({ path: PATH, headers: { 'content-type': 'application/json', ...headers } });

  it('binds to loopback by default', () => {
    assert.match(t.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const address = t.server.server.address();
    assert.ok(address && typeof address === 'object' && address.address === '127.0.0.1');
  });

  it('accepts the loopback host names with the server port', async () => {
    for (const host of [`127.0.0.1:${t.port}`, `localhost:${t.port}`, `[::1]:${t.port}`, `LOCALHOST:${t.port}`]) {
      assert.equal((await post({ host })).status, 200, host);
    }
  });

  it('refuses other hosts, other ports, and no port (DNS rebinding)', async () => {
    for (const host of [
      'evil.example:' + t.port,
      'localhost',
      '127.0.0.1',
      `127.0.0.1:${t.port + 1}`,
      `localhost.evil.example:${t.port}`,
      `0.0.0.0:${t.port}`,
    ]) {
      const reply = await post({ host });
      assert.equal(reply.status, 403, host);
      assert.equal(reply.body.error.code, 'forbidden');
    }
  });

  it('refuses foreign origins and allows its own', async () => {
    for (const origin of ['http://evil.example', 'null', `http://localhost:${t.port + 1}`, 'vscode-webview://abc']) {
      assert.equal((await post({ origin })).status, 403, origin);
    }
    assert.equal((await post({ origin: `http://127.0.0.1:${t.port}` })).status, 200);
    assert.equal((await post({ origin: `http://localhost:${t.port}` })).status, 200);
  });

  it('never sends CORS headers, even to a preflight', async () => {
    const preflight = await t.raw({
      method: 'OPTIONS',
      path: PATH,
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    assert.ok(preflight.status >= 400);
    for (const reply of [preflight, await post({ origin: `http://127.0.0.1:${t.port}` })]) {
      assert.ok(
        !Object.keys(reply.headers).some((h) => h.startsWith('access-control-')),
        JSON.stringify(reply.headers),
      );
    }
  });

  it('checks the host before anything else: a forbidden request learns nothing', async () => {
    const reply = await t.raw({ method: 'GET', path: '/nowhere', headers: { host: 'evil.example' } });
    assert.equal(reply.status, 403);
  });

  it('sets explicit header, request and keep-alive timeouts', () => {
    const s = t.server.server;
    assert.ok(s.headersTimeout > 0 && s.headersTimeout <= 60_000);
    assert.ok(s.requestTimeout > 0 && s.requestTimeout <= 120_000);
    assert.ok(s.keepAliveTimeout > 0);
  });

  it('accepts the host it was bound to when that is another loopback address', async () => {
    const other = await startMotionServer({ host: '127.0.0.2', port: 0, logLevel: 'silent' });
    try {
      assert.match(other.url, /^http:\/\/127\.0\.0\.2:/);
      const reply = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.2',
            port: other.port,
            method: 'POST',
            path: PATH,
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      assert.equal(reply, 200);
    } finally {
      await other.close();
    }
  });
});
