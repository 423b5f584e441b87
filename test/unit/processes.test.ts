import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { commandLine, descendants, listeningPorts, processesWith, residentBytes } from '../support/processes';

describe('what runs, read from /proc', () => {
  it('finds a child, its command line, its memory and the port it listens on; nothing once it is gone', async () => {
    const marker = `motion-processes-test-${process.pid}`;
    const child = spawn(
      process.execPath,
      [
        '-e',
        `require('net').createServer().listen(0, '127.0.0.1', function () { console.log(this.address().port) })`,
        marker,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const port = await new Promise<number>((resolve) => child.stdout.once('data', (d) => resolve(Number(String(d)))));
    try {
      assert.ok(descendants(process.pid).includes(child.pid!));
      assert.match(commandLine(child.pid!), new RegExp(marker));
      assert.deepEqual(processesWith(marker), [child.pid]);
      assert.ok(residentBytes(child.pid!) > 1_000_000, 'a node process holds more than a megabyte');
      assert.deepEqual(listeningPorts([child.pid!]), [port]);
    } finally {
      child.kill();
      await new Promise((r) => child.once('exit', r));
    }
    assert.deepEqual(processesWith(marker), []);
    assert.equal(residentBytes(child.pid!), 0);
    assert.deepEqual(listeningPorts([child.pid!]), []);
  });

  it('sees this process’s own listening socket, and not one it closed', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    assert.ok(listeningPorts([process.pid]).includes(port));
    await new Promise((r) => server.close(r));
    assert.ok(!listeningPorts([process.pid]).includes(port));
  });
});
