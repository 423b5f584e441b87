import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { acquirePool, localhostFirst, releasePool } from '../../src/api/client/connection-pool';
import { MotionClient } from '../../src/api/client/motion-client';

/** A server that answers every call with 1 after `delayMs`, and counts the connections it was given. */
async function countingServer(
  host: string,
  delayMs = 0,
): Promise<{ server: Server; port: number; sockets: Set<unknown> }> {
  const sockets = new Set<unknown>();
  const server = createServer((req, res) => {
    sockets.add(req.socket);
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('1');
      }, delayMs),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

describe('connection pools', () => {
  it('share one pool per origin while any client uses it, and close it with the last', async () => {
    const origin = 'http://127.0.0.1:1';
    const first = acquirePool(origin);
    const second = acquirePool(origin);
    assert.equal(second, first);
    await releasePool(origin, first);
    assert.equal(first.closed, false, 'still used by one client');
    assert.equal(acquirePool(origin), first, 'a third client joins it');
    await releasePool(origin, first);
    await releasePool(origin, first);
    assert.equal(first.closed, true);
    const fresh = acquirePool(origin);
    assert.notEqual(fresh, first, 'a closed pool is not handed out again');
    await releasePool(origin, fresh);
  });

  it('ignore a release of a pool that is no longer the origin’s', async () => {
    const origin = 'http://127.0.0.1:2';
    const old = acquirePool(origin);
    await old.destroy();
    const current = acquirePool(origin);
    assert.notEqual(current, old, 'a destroyed pool is replaced');
    await releasePool(origin, old);
    assert.equal(current.closed, false);
    assert.equal(acquirePool(origin), current);
    await releasePool(origin, current);
    await releasePool(origin, current);
    assert.equal(current.closed, true);
    await releasePool('http://127.0.0.1:3', current); // never acquired: nothing to do
  });

  it('open at most 8 connections to an application however many calls wait', async () => {
    const { server, port, sockets } = await countingServer('127.0.0.1', 100);
    const client = new MotionClient({ url: `http://127.0.0.1:${port}` });
    await Promise.all(Array.from({ length: 40 }, () => client.call('motion', 'get_version', [], { effect: 'read' })));
    assert.ok(sockets.size >= 2 && sockets.size <= 8, `${sockets.size} connections`);
    await client.close();
    await closeServer(server);
  });

  it('send the requests that follow one arrival of answers in one write, not one write each', async () => {
    const { server, port, sockets } = await countingServer('127.0.0.1');
    const client = new MotionClient({ url: `http://127.0.0.1:${port}` });
    await client.call('motion', 'get_version', [], { effect: 'read' });
    // Every write a client's socket makes passes through _write (one chunk) or _writev (corked
    // chunks together); the server's are not counted.
    let writes = 0;
    const { _write: write, _writev: writev } = Socket.prototype as unknown as Record<string, (...a: unknown[]) => void>;
    const prototype = Socket.prototype as unknown as Record<string, unknown>;
    prototype._write = function (this: Socket, ...a: unknown[]) {
      if (!sockets.has(this)) writes++;
      return write.apply(this, a);
    };
    prototype._writev = function (this: Socket, ...a: unknown[]) {
      if (!sockets.has(this)) writes++;
      return writev.apply(this, a);
    };
    const reads = 1_000;
    try {
      await Promise.all(
        Array.from({ length: reads }, () => client.call('motion', 'get_version', [], { effect: 'read' })),
      );
    } finally {
      prototype._write = write;
      prototype._writev = writev;
    }
    // The first 16 a connection takes are written as they are dispatched; after that, the answers
    // come in batches, and so do the requests that replace them.
    assert.ok(writes < reads / 3, `${writes} writes for ${reads} requests`);
    await client.close();
    await closeServer(server);
  });

  it('reach an application on localhost whether it listens on IPv4 or only on IPv6 loopback', async () => {
    for (const host of ['127.0.0.1', '::1']) {
      const listening = await countingServer(host).catch((error: NodeJS.ErrnoException) => {
        if (host === '::1' && error.code === 'EADDRNOTAVAIL') return undefined; // a machine without IPv6
        throw error;
      });
      if (!listening) continue;
      const { server, port } = listening;
      const client = new MotionClient({ url: `http://LocalHost:${port}`, timeoutMs: 4_000 });
      assert.equal(await client.call('motion', 'get_version', [], { effect: 'read' }), 1, host);
      await client.close();
      await closeServer(server);
    }
  });

  describe('localhost lookup', () => {
    const lookup = (hostname: string, options: object) =>
      new Promise<unknown>((resolve) =>
        localhostFirst(hostname, options, (error, address, family) =>
          resolve(error ? error.code : Array.isArray(address) ? address : [address, family]),
        ),
      );

    it('gives 127.0.0.1 first, then ::1, within the family asked for', async () => {
      assert.deepEqual(await lookup('localhost', { all: true }), [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]);
      assert.deepEqual(await lookup('LOCALHOST', {}), ['127.0.0.1', 4]);
      assert.deepEqual(await lookup('localhost', { family: 6 }), ['::1', 6]);
      assert.deepEqual(await lookup('localhost', { family: 6, all: true }), [{ address: '::1', family: 6 }]);
      assert.deepEqual(await lookup('localhost', { family: 4, all: true }), [{ address: '127.0.0.1', family: 4 }]);
    });

    it('leaves other names to the system', async () => {
      // ENOTFOUND, or EAI_AGAIN on a machine without a resolver: an error either way, not loopback.
      assert.match(String(await lookup('no-such-host.invalid', {})), /^E[A-Z_]+$/);
      assert.deepEqual(await lookup('127.0.0.1', { all: true }), [{ address: '127.0.0.1', family: 4 }]);
    });
  });
});
