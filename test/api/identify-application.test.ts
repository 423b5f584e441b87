import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { formatVersion, identifyApplication } from '../../src/api/client/identify-application';
import { MotionConnectionError } from '../../src/api/client/motion-error';
import { startMotionServer } from '../../server/scripting/motion-server';
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
    try {
      const identity = await identifyApplication(server.url);
      assert.equal(identity.kind, 'motion');
      assert.match(identity.kind === 'motion' ? identity.version : '', /^Motion Reference Server \d+\.\d+\.\d+/);
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
  });
});
