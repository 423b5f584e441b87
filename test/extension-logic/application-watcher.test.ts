import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { identifyApplication } from '../../src/api/client/identify-application';
import { ApplicationWatcher, type MotionIdentity } from '../../src/extension/connection/application-watcher';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait-for';

/** A watcher with short delays that records what it saw and how many looks it made, and how many at once. */
function watcherWithLog(lookTimeoutMs = 1_000) {
  const seen: { url: string; identity: MotionIdentity }[] = [];
  const looks = { count: 0, inFlight: 0, mostAtOnce: 0 };
  const watcher = new ApplicationWatcher((url, identity) => seen.push({ url, identity }), {
    delaysMs: [20, 40, 80],
    lookTimeoutMs,
    identify: async (url, timeoutMs) => {
      looks.count++;
      looks.mostAtOnce = Math.max(looks.mostAtOnce, ++looks.inFlight);
      try {
        return await identifyApplication(url, timeoutMs);
      } finally {
        looks.inFlight--;
      }
    },
  });
  return { watcher, seen, looks };
}

const application = (port: number, delayMs = 0) =>
  startMotionServer({ port, logLevel: 'silent', empty: true, delayMs });

describe('watching for the application while the embedded server stands in', () => {
  const servers: MotionServer[] = [];
  const watchers: ApplicationWatcher[] = [];
  afterEach(async () => {
    for (const w of watchers.splice(0)) w.stop();
    for (const s of servers.splice(0)) await s.close();
  });

  it('says once when an application starts on the watched URL, then stops looking', async () => {
    const port = await freePort();
    const { watcher, seen, looks } = watcherWithLog();
    watchers.push(watcher);
    watcher.watch(`http://127.0.0.1:${port}`);
    await waitFor(() => looks.count >= 3, 'three looks at nothing');
    assert.equal(seen.length, 0, 'nothing listens: nothing seen');
    servers.push(await application(port));
    await waitFor(() => seen.length > 0, 'the application seen');
    assert.equal(seen[0].url, `http://127.0.0.1:${port}`);
    assert.equal(seen[0].identity.kind, 'motion');
    assert.equal(watcher.watching, undefined, 'seen: no longer watching');
    const after = looks.count;
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(looks.count, after, 'no look after it was seen');
    assert.equal(seen.length, 1);
  });

  it('an application that comes and goes before a look is not seen; one that comes back is', async () => {
    const port = await freePort();
    const { watcher, seen, looks } = watcherWithLog();
    watchers.push(watcher);
    // Not yet watching: a short-lived application is gone before the first look.
    const brief = await application(port);
    await brief.close();
    watcher.watch(`http://127.0.0.1:${port}`);
    await waitFor(() => looks.count >= 2, 'two looks');
    assert.equal(seen.length, 0);
    servers.push(await application(port));
    await waitFor(() => seen.length === 1, 'the application back');
  });

  it('waits for an application that answers slowly, one look at a time', async () => {
    const port = await freePort();
    servers.push(await application(port, 300));
    const { watcher, seen, looks } = watcherWithLog(2_000);
    watchers.push(watcher);
    watcher.watch(`http://127.0.0.1:${port}`);
    await waitFor(() => seen.length === 1, 'the slow application seen');
    assert.equal(looks.mostAtOnce, 1, 'a slow look is never overtaken by the next');
  });

  it('keeps looking past an application slower than a look allows, and past a server that is not one', async () => {
    const port = await freePort();
    const slow = await application(port, 400);
    const { watcher, seen, looks } = watcherWithLog(100);
    watchers.push(watcher);
    watcher.watch(`http://127.0.0.1:${port}`);
    await waitFor(() => looks.count >= 2, 'two timed-out looks');
    assert.equal(seen.length, 0);
    assert.equal(looks.mostAtOnce, 1);
    await slow.close();
    const web = createServer((_, response) => response.writeHead(404).end('not here'));
    await new Promise<void>((r) => web.listen(port, '127.0.0.1', r));
    try {
      const before = looks.count;
      await waitFor(() => looks.count >= before + 2, 'two looks at a web server');
      assert.equal(seen.length, 0, 'a web server is not the application');
    } finally {
      await new Promise((r) => web.close(r));
    }
  });

  it('looks soon at first, then at the longest delay, never faster', async () => {
    const port = await freePort();
    const looks: number[] = [];
    const counting = new ApplicationWatcher(() => undefined, {
      delaysMs: [10, 30],
      lookTimeoutMs: 500,
      identify: (url, timeoutMs) => (looks.push(Date.now()), identifyApplication(url, timeoutMs)),
    });
    watchers.push(counting);
    let first = 0;
    const timed = new ApplicationWatcher(() => undefined, {
      delaysMs: [10, 60_000],
      identify: async () => {
        first++;
        throw new Error('nothing there');
      },
    });
    watchers.push(timed);
    timed.watch(`http://127.0.0.1:${port}`);
    counting.watch(`http://127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(first, 1, 'one look after the first delay, the next a minute later');
    // Past the list, every look waits the last delay (30 ms): about 20 in 600 ms, never hundreds.
    assert.ok(looks.length >= 5 && looks.length <= 30, `${looks.length} looks in 600 ms`);
  });

  it('stop() and watching another URL forget the looks under way', async () => {
    const [first, second] = [await freePort(), await freePort()];
    servers.push(await application(first, 200));
    const { watcher, seen, looks } = watcherWithLog(2_000);
    watchers.push(watcher);
    watcher.watch(`http://127.0.0.1:${first}`);
    await waitFor(() => looks.inFlight === 1, 'a look under way');
    watcher.watch(`http://127.0.0.1:${second}`);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(seen.length, 0, 'the first URL’s answer came after the watch moved: not told');
    servers.push(await application(second));
    await waitFor(() => seen.length === 1, 'the second application');
    assert.equal(seen[0].url, `http://127.0.0.1:${second}`);
    watcher.watch(`http://127.0.0.1:${first}`);
    watcher.stop();
    const count = looks.count;
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(looks.count, count, 'stopped: no more looks');
    assert.equal(seen.length, 1);
  });
});
