import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { embeddedNeededNow, HeldLines, nothingListensAt } from '../../src/extension/connection/embedded-server-early';
import type { MachineFacts } from '../../src/api/client/windows-host';

/** A machine that is not WSL, whatever this one is. */
const NOT_WSL: MachineFacts = { platform: 'linux', env: {}, read: async () => '6.1.0-generic' };
const WSL: MachineFacts = { platform: 'linux', env: { WSL_DISTRO_NAME: 'Ubuntu' }, read: async () => undefined };

describe('the embedded server started as Motion starts, when it is sure to be needed', function () {
  this.timeout(10_000);
  let listening: Server;
  const sockets: Socket[] = [];
  let listeningUrl: string;
  /** A loopback port nothing listens on (one the system gave, then closed). */
  let refusedUrl: string;
  before(async () => {
    // It keeps what connects open: the answer must come from the connection itself, not from its end.
    listening = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    listeningUrl = `http://127.0.0.1:${(listening.address() as { port: number }).port}`;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    refusedUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
    await new Promise((resolve) => closed.close(resolve));
  });
  after(() => {
    for (const socket of sockets) socket.destroy();
    listening.close();
  });

  it('knows nothing listens where the system refuses a connection, and not where one is taken', async () => {
    assert.equal(await nothingListensAt(refusedUrl), true);
    // A name is looked up first, which can take longer than the start waits (then nothing is concluded).
    assert.equal(await nothingListensAt(refusedUrl.replace('127.0.0.1', 'localhost'), 2_000), true);
    // Concluded when the connection is taken, not at the end of the time given.
    const started = performance.now();
    assert.equal(await nothingListensAt(listeningUrl, 5_000), false);
    assert.ok(performance.now() - started < 2_000, 'told by the connection');
    // Another failure than a refusal (a name nobody has) concludes nothing either.
    assert.equal(await nothingListensAt('http://no-such-host.invalid:7979', 5_000), false);
    // No answer at all (a port whose SYN is dropped) cannot be made on this loopback: the time limit
    // that concludes nothing then is not tried here.
  });

  it('in auto: only for a loopback URL where nothing listens, and not in WSL (the application may be on the Windows host)', async () => {
    assert.equal(await embeddedNeededNow(refusedUrl, 'auto', NOT_WSL), true);
    assert.equal(await embeddedNeededNow(listeningUrl, 'auto', NOT_WSL), false);
    assert.equal(await embeddedNeededNow(refusedUrl, 'auto', WSL), false);
    // Another machine's URL is never tried here: its answer may take a while.
    const started = performance.now();
    assert.equal(await embeddedNeededNow('http://192.0.2.1:7979', 'auto', NOT_WSL, 5_000), false);
    assert.ok(performance.now() - started < 1_000, 'not tried');
    assert.equal(await embeddedNeededNow('not a url', 'auto', NOT_WSL), false);
  });

  it('always: at once, whatever listens; never: never', async () => {
    assert.equal(await embeddedNeededNow(listeningUrl, 'always', WSL), true);
    assert.equal(await embeddedNeededNow(refusedUrl, 'never', NOT_WSL), false);
  });

  it('holds the lines said before Motion’s log exists, then passes them on in order, and every later one', () => {
    const lines = new HeldLines();
    lines.say('embedded server listening on http://127.0.0.1:40001');
    lines.say('second');
    const log: string[] = [];
    lines.sendTo((line) => log.push(line));
    lines.say('third');
    assert.deepEqual(log, ['embedded server listening on http://127.0.0.1:40001', 'second', 'third']);
  });
});
