import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { createLog } from '../../server/scripting/log';
import { referenceServer } from '../support/reference-server';

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function raw(port: number, request: string): Promise<{ status: number; body: any; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      resolve({ status, body: parsed, text });
    });
  });
}

const PATH = '/api/scripting/motion/get_version/';

describe('HTTP: malformed requests get the JSON error contract, and a client going away is no internal error', () => {
  const lines: string[] = [];
  const app = referenceServer({ per: 'suite', log: createLog('debug', (line) => lines.push(line)) });

  for (const [what, request, status, code] of [
    [
      'a Content-Length that is not a number',
      `POST ${PATH} HTTP/1.1\r\nHost: HOST\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n[]`,
      400,
      'bad_request',
    ],
    [
      'Content-Length together with Transfer-Encoding',
      `POST ${PATH} HTTP/1.1\r\nHost: HOST\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n`,
      400,
      'bad_request',
    ],
    [
      'a chunk whose size is not hexadecimal',
      `POST ${PATH} HTTP/1.1\r\nHost: HOST\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n[]\r\n0\r\n\r\n`,
      400,
      'bad_request',
    ],
    [
      'a URL longer than the header limit',
      `POST /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: HOST\r\n\r\n`,
      431,
      'headers_too_large',
    ],
  ] as const) {
    it(`answers ${what} with ${status} and a JSON error`, async () => {
      const reply = await raw(app.server.port, request.replaceAll('HOST', `127.0.0.1:${app.server.port}`));
      assert.equal(reply.status, status, reply.text.slice(0, 200));
      assert.equal(reply.body?.error?.code, code, reply.text.slice(0, 300));
      assert.equal(typeof reply.body.error.message, 'string');
    });
  }

  it('logs a client that disconnects mid-body as going away, not as an internal error', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(app.server.port, '127.0.0.1', () => {
        socket.write(
          `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1:${app.server.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[1,2`,
        );
        setImmediate(() => socket.destroy());
      });
      socket.on('close', () => resolve());
    });
    // The server sees the close after the client: ask it something, so its events have run.
    await fetch(`${app.server.url}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
    assert.equal(lines.filter((l) => /internal error|error /.test(l)).length, 0, lines.join('\n'));
  });
});
