import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EmbeddedServer } from '../../src/extension/connection/embedded-server';

describe('the embedded server process (built dist/motion-server.js)', () => {
  let dir: string;
  let server: EmbeddedServer;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'motion-embedded-'));
    server = new EmbeddedServer(
      resolve(__dirname, '../../dist/motion-server.js'),
      join(dir, 'state.json'),
      () => undefined,
    );
  });
  afterEach(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts once for concurrent callers, and stop() leaves nothing running', async () => {
    const [a, b] = await Promise.all([server.start(), server.start()]);
    assert.equal(a, b);
    const pid = server.pid!;
    await server.stop();
    assert.throws(() => process.kill(pid, 0), /ESRCH/, 'the one server started is gone');
    assert.equal(server.running, false);
  });

  it('tells when the server stops without being asked, and not when stopped', async () => {
    const exits: string[] = [];
    server.onUnexpectedExit((description) => exits.push(description));
    await server.start();
    const stopped = new Promise<void>((resolveExit) => server.onUnexpectedExit(() => resolveExit()));
    process.kill(server.pid!, 'SIGKILL');
    await stopped;
    assert.deepEqual(exits, ['killed by SIGKILL']);
    assert.equal(server.running, false);
    await server.start();
    await server.stop();
    assert.deepEqual(exits, ['killed by SIGKILL'], 'an asked-for stop is not reported');
  });
});
