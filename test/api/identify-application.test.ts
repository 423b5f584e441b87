import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { acquirePool, releasePool } from '../../src/api/client/connection-pool';
import { formatVersion, identifyApplication } from '../../src/api/client/identify-application';
import { MotionConnectionError } from '../../src/api/client/motion-error';
import { startMotionServer } from '../../server/scripting/motion-server';
import { json, startFakeApplication } from '../support/fake-application';
import { freePort } from '../support/free-port';

/** A plain HTTP server answering every request with `status` and `body`: what "any other server" looks like. */
async function otherServer(status: number, body: string, type = 'text/html'): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': type }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, server };
}

describe('identifying the application at a URL', () => {
  it('knows the reference server as a motion application, with its version', async () => {
    const server = await startMotionServer({ port: 0, logLevel: 'silent' });
    const origin = new URL(server.url).origin;
    const ours = acquirePool(origin);
    try {
      const identity = await identifyApplication(server.url);
      await releasePool(origin, ours);
      assert.equal(ours.closed, true, 'the pool was given back: ours was its last use');
      assert.equal(identity.kind, 'motion');
      assert.match(
        identity.kind === 'motion' ? identity.version : '',
        /^\d+\.\d+\.\d+$/,
        'get_version’s numbers, read',
      );
    } finally {
      await server.close();
    }
  });

  it('calls any other HTTP server what it is: not a motion application', async () => {
    for (const [status, body, type, reason] of [
      [404, '<html>Not found</html>', 'text/html', /answered HTTP 404/],
      [200, '<html>a web page</html>', 'text/html', /does not answer in JSON/],
      [200, '"qtm"', 'application/json', /names the package "qtm", not "motion"/],
      [200, '{"anything": true}', 'application/json', /names the package \{"anything":true\}/],
    ] as const) {
      const { url, server } = await otherServer(status, body, type);
      try {
        const identity = await identifyApplication(url);
        assert.equal(identity.kind, 'foreign', body);
        assert.match(identity.kind === 'foreign' ? identity.reason : '', reason);
      } finally {
        server.close();
      }
    }
  });

  it('throws when nothing answers at all', async () => {
    await assert.rejects(
      identifyApplication(`http://127.0.0.1:${await freePort()}`),
      (error) => error instanceof MotionConnectionError && error.kind === 'unreachable',
    );
  });

  it('reads the version as the application writes it, an object or a string', () => {
    assert.equal(formatVersion({ major: 2024, minor: 2, build: 8900 }), '2024.2.8900');
    assert.equal(formatVersion('Motion Reference Server 0.1.0'), 'Motion Reference Server 0.1.0');
    assert.equal(formatVersion(null), 'version unknown');
    assert.equal(formatVersion({ major: 'x' }), 'version unknown');
    assert.equal(formatVersion({ major: 3, minor: 'x', build: 1 }), 'version unknown', 'major and minor both');
    assert.equal(formatVersion({ major: 3, minor: 1 }), '3.1');
    assert.equal(formatVersion({ major: 3, minor: 1, build: 'nightly' }), '3.1');
    assert.equal(formatVersion(' \t'), 'version unknown');
    assert.equal(formatVersion(42), 'version unknown');
  });

  it('knows an application without get_version, and says its version is unknown', async () => {
    const app = await startFakeApplication((path, _b, req, res) =>
      path.endsWith('/get_package_name/')
        ? json(res, 200, 'motion')
        : json(res, 404, { error: { code: 'unknown_operation', message: 'no', operation: 'motion.get_version' } }),
    );
    try {
      assert.deepEqual(await identifyApplication(app.url), { kind: 'motion', version: 'version unknown' });
      assert.deepEqual(app.requests, [
        '/api/scripting/motion/utilities/documentation/get_package_name/',
        '/api/scripting/motion/get_version/',
      ]);
    } finally {
      await app.close();
    }
  });

  it('throws when the connection drops while asking the version', async () => {
    const app = await startFakeApplication((path, _b, req, res) =>
      path.endsWith('/get_package_name/') ? json(res, 200, 'motion') : req.socket.destroy(),
    );
    try {
      await assert.rejects(
        identifyApplication(app.url),
        (e) => e instanceof MotionConnectionError && e.kind === 'dropped',
      );
    } finally {
      await app.close();
    }
  });
});
