import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { MotionClient } from '../../src/api/client/motion-client';
import { MotionConnectionError, MotionError } from '../../src/api/client/motion-error';
import { runCli } from '../support/run-cli';

/** A loopback server whose every answer is written by `answer`: a bad peer, under the test's control. */
async function peer(answer: (res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => req.resume().on('end', () => answer(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

describe('the client and the CLI against bad peers', () => {
  const servers: Server[] = [];
  const start = async (answer: (res: ServerResponse) => void) => {
    const p = await peer(answer);
    servers.push(p.server);
    return p.url;
  };
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('gives up on a server that trickles its answer a byte at a time: one deadline for the whole call', async () => {
    const url = await start((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => res.write('1,'), 200);
      res.on('close', () => clearInterval(timer));
    });
    const client = new MotionClient({ url, timeoutMs: 1_000 });
    try {
      await assert.rejects(
        client.call('motion', 'get_version', [], { effect: 'write' }),
        (error) =>
          error instanceof MotionConnectionError && error.kind === 'timeout' && /within 1000 ms/.test(error.message),
      );
    } finally {
      await client.close();
    }
  });

  it('refuses an answer larger than its limit without reading it all', async () => {
    const url = await start((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`"${'x'.repeat(2 * 1024 * 1024)}"`);
    });
    const client = new MotionClient({ url, maxResponseBytes: 1024 * 1024 });
    try {
      await assert.rejects(
        client.call('motion', 'get_version'),
        (error) =>
          error instanceof MotionConnectionError &&
          error.kind === 'bad_response' &&
          /larger than 1048576 bytes/.test(error.message),
      );
    } finally {
      await client.close();
    }
  });

  it('takes an error object in a 200 reply for the error it is', async () => {
    const url = await start((res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"error": {"code": "invalid_argument", "message": "bad scale"}}'),
    );
    const client = new MotionClient({ url });
    try {
      await assert.rejects(
        client.call('motion.settings.processing.skeleton', 'set_skeleton_scale', ['project', 1, 500]),
        (error) => error instanceof MotionError && error.code === 'invalid_argument',
      );
    } finally {
      await client.close();
    }
    const cli = await runCli([
      'call',
      '--url',
      url,
      'settings/processing/skeleton',
      'set_skeleton_scale',
      'project',
      '1',
      '500',
    ]);
    assert.equal(cli.code, 1, 'refused: exit 1, not a result');
    assert.match(cli.stderr, /invalid_argument: bad scale/);
    assert.equal(cli.stdout, '');
  });

  it('shows control characters of an application’s message as escapes, never raw to the terminal', async () => {
    const url = await start((res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ error: { code: 'invalid_argument', message: 'red \u001b[31mALERT\u001b]0;pwned\u0007' } }),
        ),
    );
    const cli = await runCli(['call', '--url', url, 'motion', 'get_version']);
    assert.equal(cli.code, 1);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    assert.equal(/[\u0000-\u0008\u000b-\u001f]/.test(cli.stderr), false, JSON.stringify(cli.stderr));
    assert.match(cli.stderr, /red \\x1b\[31mALERT\\x1b\]0;pwned\\x07/);
  });

  it('says clearly that stubs cannot be written where asked, with the usage exit code and no stack trace', async () => {
    const cli = await runCli(['stubs', '--url', 'http://127.0.0.1:9', '--out', '/dev/null/x']);
    assert.equal(cli.code, 2, cli.stderr);
    assert.match(cli.stderr, /cannot write the stubs to --out \/dev\/null\/x: ENOTDIR/);
    assert.doesNotMatch(cli.stderr, /\n\s+at /, 'no JavaScript stack');
  });
});
