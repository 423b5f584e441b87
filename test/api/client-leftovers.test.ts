import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MotionClient } from '../../src/api/client/motion-client';
import { freePort } from '../support/free-port';

/** The timers and sockets this process holds now, by kind: what would keep a CLI command alive. */
function held(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** Waits for the loop to settle: sockets closed a moment ago are gone from the list after a turn or two. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * What a failed call leaves behind: nothing once the client is closed. A timer or socket left over
 * keeps a CLI command alive after it has said what went wrong (a 5 s timeout's timer: 5 s more).
 */
describe('the client after a failed call', function () {
  this.timeout(30_000);
  let silent: Server;
  let silentUrl: string;
  before(async () => {
    // Accepts connections and never answers: the call times out.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  after(() => {
    silent.closeAllConnections();
    return new Promise((resolve) => silent.close(resolve));
  });

  const cases: [string, () => Promise<string>][] = [
    ['nothing listening', async () => `http://127.0.0.1:${await freePort()}`],
    ['an unknown host', async () => 'http://motion-host.invalid:7979'],
    ['no answer within the timeout', async () => silentUrl],
  ];
  for (const [what, url] of cases)
    it(`leaves no timer and no socket once closed: ${what}`, async () => {
      await settle();
      const before = held();
      const client = new MotionClient({ url: await url(), timeoutMs: 300 });
      await assert.rejects(client.call('motion', 'get_version'));
      await assert.rejects(client.call('motion', 'get_version')); // a second call fails as the first
      await client.close();
      await settle();
      const after = held();
      for (const kind of ['Timeout', 'TCPSocketWrap', 'TCPWRAP', 'GetAddrInfoReqWrap'])
        assert.ok(
          (after[kind] ?? 0) <= (before[kind] ?? 0),
          `${kind}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
        );
    });
});
