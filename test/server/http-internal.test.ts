import assert from 'node:assert/strict';
import { createLog } from '../../server/scripting/log';
import { demoState } from '../../server/scripting/model/demo-data';
import { startMotionServer } from '../../server/scripting/motion-server';
import { parseArguments } from '../../server/scripting/http/parse-arguments';
import { SETTINGS, startTestServer } from '../support/test-server';

describe('HTTP: internal errors, argument bodies and the address shown (in process)', () => {
  it('answers a bug of the server as an internal error with its message, and logs its stack', async () => {
    const state = demoState();
    // A state no call could make (loaded without its checks): reading it breaks inside an operation.
    (state.skeletons.project[0].segments[2] as { children?: number[] }).children = undefined;
    const lines: string[] = [];
    const t = await startTestServer({ initialState: state, log: createLog('info', (line) => lines.push(line)) });
    try {
      const error = await t.fails(SETTINGS, 'get_segment_child_count', ['project', 2], 'internal');
      assert.equal(
        error.message,
        `internal error in motion.settings.processing.skeleton.get_segment_child_count: Cannot read properties of undefined (reading 'length'); the state is unchanged`,
      );
      const logged = lines.find((line) => line.includes('internal error in'));
      assert.match(logged ?? '', /get_segment_child_count: TypeError: Cannot read properties of undefined[^]*\n\s+at /);
    } finally {
      await t.close();
    }
  });

  it('reads a body as the positional arguments, and names what is wrong with one that is not', () => {
    assert.deepEqual(parseArguments('  '), []);
    assert.deepEqual(parseArguments('["project", 1]'), ['project', 1]);
    assert.throws(
      () => parseArguments('["project",'),
      (error: Error & { code?: string }) =>
        error.code === 'bad_request' && /^body is not valid JSON: /.test(error.message),
    );
    assert.throws(
      () => parseArguments('[{"__proto__": {"admin": true}}]'),
      (error: Error & { code?: string }) =>
        error.code === 'bad_request' && /^body is not valid JSON: /.test(error.message),
    );
    assert.throws(
      () => parseArguments('{"source": "project"}'),
      (error: Error) => error.message === 'body must be a JSON array of the positional arguments',
    );
  });

  it('shows an IPv6 loopback address in brackets in its URL', async function () {
    let server;
    try {
      server = await startMotionServer({ host: '::1', port: 0, logLevel: 'silent' });
    } catch (error) {
      if (/EADDRNOTAVAIL|EAFNOSUPPORT/.test(String((error as NodeJS.ErrnoException).code))) this.skip();
      throw error;
    }
    try {
      assert.equal(server.url, `http://[::1]:${server.port}`);
      const reply = await fetch(`${server.url}/api/scripting/motion/get_version/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[]',
      });
      assert.equal(reply.status, 200);
    } finally {
      await server.close();
    }
  });
});
