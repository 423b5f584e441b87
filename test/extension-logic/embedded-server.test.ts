import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { EmbeddedServer } from '../../src/extension/connection/embedded-server';
import { applicationPorts, embeddedMayListenOn } from '../../src/extension/connection/embedded-port';
import { freePort } from '../support/free-port';
import { commandLine } from '../support/processes';
import { scratchFolder } from '../support/scratch-folder';

/** Listens on `port` of `host` as an application starting after VS Code would, or says why it cannot. */
async function bindLikeTheApplication(port: number, host: string): Promise<Server> {
  const server = createServer();
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  return server;
}

const close = (server: Server) => new Promise<void>((r) => server.close(() => r()));

describe('the embedded server never takes the application’s port', () => {
  it('the application’s ports are 7979 and the configured URL’s port', () => {
    assert.deepEqual(applicationPorts('http://127.0.0.1:7979'), [7979]);
    assert.deepEqual(applicationPorts('http://mocap-pc:8080/'), [7979, 8080]);
    assert.deepEqual(applicationPorts('http://localhost'), [7979, 80], 'no port written: http’s own');
    assert.deepEqual(applicationPorts('not a url'), [7979]);
    assert.deepEqual(applicationPorts('https://mocap-pc'), [7979, 443], 'no port written: https’s own');
    assert.deepEqual(applicationPorts('ftp://mocap-pc'), [7979], 'a scheme without a port of its own');
  });

  it('any other port is the embedded server’s to keep', () => {
    assert.equal(embeddedMayListenOn(7979, 'http://mocap-pc:8080'), false, 'the default port, whatever the URL');
    assert.equal(embeddedMayListenOn(8080, 'http://mocap-pc:8080'), false);
    assert.equal(embeddedMayListenOn(8081, 'http://mocap-pc:8080'), true);
    assert.equal(embeddedMayListenOn(7980, 'http://127.0.0.1:7979'), true);
    assert.equal(embeddedMayListenOn(0, 'http://127.0.0.1:7979'), false, 'no port is no port');
  });
});

describe('the embedded server process (built dist/motion-server.js)', () => {
  let server: EmbeddedServer;
  const logged: string[] = [];
  const scratch = scratchFolder('motion-embedded-', { stopFirst: () => server?.stop() });
  beforeEach(() => {
    logged.length = 0;
    server = new EmbeddedServer(
      resolve(__dirname, '../../dist/motion-server.js'),
      join(scratch.path, 'state.json'),
      (line) => logged.push(line),
    );
  });

  it('starts once for concurrent callers, and stop() leaves nothing running', async () => {
    const [a, b] = await Promise.all([server.start('http://127.0.0.1:7979'), server.start('http://127.0.0.1:7979')]);
    assert.equal(a, b);
    const pid = server.pid!;
    // Tied to the extension host: if VS Code is killed, the server's standard input closes and it stops.
    assert.match(commandLine(pid), /--stop-with-stdin/);
    await server.stop();
    assert.throws(() => process.kill(pid, 0), /ESRCH/, 'the one server started is gone');
    assert.equal(server.running, false);
  });

  it('leaves 7979 free: an application started after it opens its port on every address', async () => {
    const url = await server.start('http://127.0.0.1:7979');
    assert.notEqual(new URL(url).port, '7979');
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      const application = await bindLikeTheApplication(7979, host);
      await close(application);
    }
  });

  it('leaves the configured URL’s port free, and moves off it when the setting comes to name its port', async () => {
    const port = await freePort();
    const url = await server.start(`http://127.0.0.1:${port}`);
    assert.notEqual(Number(new URL(url).port), port);
    const application = await bindLikeTheApplication(port, '127.0.0.1');
    await close(application);

    const ownPort = Number(new URL(url).port);
    const pid = server.pid;
    assert.equal(await server.start(`http://127.0.0.1:${port}`), url, 'the same setting: the same server');
    assert.equal(server.pid, pid);
    const moved = await server.start(`http://mocap-pc:${ownPort}`);
    assert.notEqual(Number(new URL(moved).port), ownPort, 'a URL that names its port: it moves');
    assert.notEqual(server.pid, pid);
    await bindLikeTheApplication(ownPort, '127.0.0.1').then(close);
  });

  it('tells when the server stops without being asked, and not when stopped', async () => {
    const exits: string[] = [];
    server.onUnexpectedExit((description) => exits.push(description));
    await server.start('http://127.0.0.1:7979');
    const stopped = new Promise<void>((resolveExit) => server.onUnexpectedExit(() => resolveExit()));
    process.kill(server.pid!, 'SIGKILL');
    await stopped;
    assert.deepEqual(exits, ['killed by SIGKILL']);
    assert.equal(server.running, false);
    await server.start('http://127.0.0.1:7979');
    await server.stop();
    assert.deepEqual(exits, ['killed by SIGKILL'], 'an asked-for stop is not reported');
  });
});

describe('two windows, each with its own embedded server', () => {
  const servers: EmbeddedServer[] = [];
  const scratch = scratchFolder('motion-embedded-windows-', {
    stopFirst: () => Promise.all(servers.map((s) => s.stop())).then(() => undefined),
  });
  const script = resolve(__dirname, '../../dist/motion-server.js');
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers.length = 0;
  });

  it('the second keeps its state in its own workspace storage while the first holds the shared one', async () => {
    const shared = join(scratch.path, 'global', 'state.json');
    const logged: string[] = [];
    const first = new EmbeddedServer(script, shared, () => undefined, join(scratch.path, 'first', 'state.json'));
    const second = new EmbeddedServer(
      script,
      shared,
      (line) => logged.push(line),
      join(scratch.path, 'second', 'state.json'),
    );
    servers.push(first, second);
    await mkdir(dirname(shared), { recursive: true });
    const firstUrl = await first.start('http://127.0.0.1:7979');
    const secondUrl = await second.start('http://127.0.0.1:7979');
    assert.notEqual(secondUrl, firstUrl);
    assert.ok(existsSync(join(scratch.path, 'second', 'state.json')), 'the second window’s own state file');
    assert.ok(!existsSync(join(scratch.path, 'first', 'state.json')), 'the first kept the shared one');
    assert.ok(
      logged.some((line) => /another window's embedded server's: this window's keeps its own, in .*second/.test(line)),
      logged.join('\n'),
    );
    assert.ok(
      logged.some((line) =>
        line.includes(`listening on ${secondUrl}, state in ${join(scratch.path, 'second', 'state.json')}`),
      ),
    );
    // Each answers with its own application.
    for (const url of [firstUrl, secondUrl])
      assert.equal(
        (
          await fetch(`${url}/api/scripting/motion/utilities/documentation/get_package_name/`, {
            method: 'POST',
            body: '[]',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
        200,
      );
  });

  it('without a window state file the second says why it did not start, naming the first', async () => {
    const shared = join(scratch.path, 'global', 'state.json');
    await mkdir(dirname(shared), { recursive: true });
    const first = new EmbeddedServer(script, shared, () => undefined);
    const second = new EmbeddedServer(script, shared, () => undefined);
    servers.push(first, second);
    await first.start('http://127.0.0.1:7979');
    await assert.rejects(second.start('http://127.0.0.1:7979'), /is in use by another motion-server \(pid \d+\)/);
  });
});
