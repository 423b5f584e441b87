import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import {
  ServerDidNotStart,
  startReferenceServer,
  stopReferenceServer,
} from '../../src/runner/reference-server-process';
import { SERVER_BIN } from '../support/child-server';
import { timersSet, withFakeClock } from '../support/fake-clock';
import { commandLine, processesWith } from '../support/processes';
import { scratchFolder } from '../support/scratch-folder';
import { waitFor } from '../support/wait-for';

const exitOf = (child: import('node:child_process').ChildProcess) =>
  new Promise<number | string>((done) => child.once('exit', (code, signal) => done(code ?? signal ?? -1)));

describe('a reference server started as a child process', () => {
  const scratch = scratchFolder('motion-server-process-');

  it('serves at the URL it gives, and stops when its standard input closes, its state kept', async () => {
    const stateFile = join(scratch.path, 'state.json');
    const { child, url } = await startReferenceServer(SERVER_BIN, ['--port', '0', '--state', stateFile]);
    try {
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(commandLine(child.pid!), /--stop-with-stdin/);
      const client = new MotionClient({ url });
      const [id] = (await client.call('settings/processing/skeleton', 'get_skeleton_ids', ['project'])) as number[];
      await client.call('settings/processing/skeleton', 'set_skeleton_scale', ['project', id, 2.5]);
      await client.close();
      let said = '';
      child.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      const exited = exitOf(child);
      // What the end of the process that started it does to the pipe.
      child.stdin!.end();
      assert.equal(await exited, 0);
      assert.match(said, /motion-server stopping \(standard input closed\)/);
      assert.match(readFileSync(stateFile, 'utf8'), /2\.5/);
    } finally {
      await stopReferenceServer(child);
    }
  });

  it('is stopped by closing its standard input, never by a signal: it exits 0, its lock file removed', async () => {
    const stateFile = join(scratch.path, 'stopped.json');
    const { child } = await startReferenceServer(SERVER_BIN, ['--port', '0', '--state', stateFile]);
    let said = '';
    child.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const exited = exitOf(child);
    assert.ok(existsSync(`${stateFile}.lock`), 'it holds the lock while it runs');
    await stopReferenceServer(child);
    assert.equal(await exited, 0);
    assert.match(said, /motion-server stopping \(standard input closed\)/);
    assert.equal(existsSync(`${stateFile}.lock`), false, 'the lock is gone, so no later start can mistake it');
  });

  it('kills a server that does not stop within 5 s of its input closing', async () => {
    // Not our server: a program that says it listens and then ignores its input.
    const stubborn = join(scratch.path, 'stubborn.js');
    writeFileSync(stubborn, 'console.log("listening on http://127.0.0.1:1");\nsetInterval(() => {}, 1000);\n');
    const { child } = await startReferenceServer(stubborn, []);
    const exited = exitOf(child);
    try {
      await withFakeClock(async (clock) => {
        const stopping = stopReferenceServer(child);
        await clock.tickAsync(4_999);
        assert.equal(child.killed, false, 'not killed before its time');
        await clock.tickAsync(1);
        assert.equal(child.killed, true, 'killed at 5 s');
        await stopping;
      });
      assert.equal(await exited, 'SIGKILL');
    } finally {
      // A failed assertion leaves the program running, which stops only when killed.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('a server started by hand, without --stop-with-stdin, does not stop when its input ends', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [SERVER_BIN, '--port', '0'], { stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      await new Promise<void>((started) =>
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && started()),
      );
      child.stdin.end();
      const exited = await Promise.race([exitOf(child), new Promise((r) => setTimeout(() => r('running'), 1_000))]);
      assert.equal(exited, 'running');
    } finally {
      // It does not stop on its input (that is the point): ended as a person would, from outside.
      const exited = exitOf(child);
      child.kill('SIGKILL');
      await exited;
    }
  });

  it('a server that stops before it listens says so, with what it printed', async () => {
    const stateFile = join(scratch.path, 'corrupt.json');
    writeFileSync(stateFile, '{ not json');
    const error = await startReferenceServer(SERVER_BIN, ['--port', '0', '--state', stateFile]).then(
      () => assert.fail('the server started'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ServerDidNotStart, String(error));
    assert.equal(error.name, 'ServerDidNotStart');
    assert.equal(error.exited, true);
    assert.match(error.message, /^exited \(2\) before it listened$/);
    assert.match(error.output, /^motion-server: state file .* is corrupt/);
  });

  it('a server that says nothing within 15 s is stopped, and says so', async () => {
    // Not a server at all: a program that never says where it listens.
    const silent = join(scratch.path, 'silent.js');
    writeFileSync(silent, 'setInterval(() => {}, 1000);\n');
    const error = await withFakeClock(async (clock) => {
      let settled = false;
      const starting = startReferenceServer(silent, []).then(
        () => assert.fail('it started'),
        (e: unknown) => e,
      );
      void starting.finally(() => (settled = true));
      await timersSet(clock);
      await clock.tickAsync(14_999);
      assert.equal(settled, false, 'not stopped before its time');
      await clock.tickAsync(1);
      return starting;
    });
    assert.ok(error instanceof ServerDidNotStart, String(error));
    assert.equal(error.exited, false);
    assert.equal(error.message, 'did not start within 15 s');
    await waitFor(() => processesWith(silent).length === 0, 'the silent program stopped');
  });

  it('runs the server as plain Node, with this process’s environment (in VS Code, the extension host is Electron)', async () => {
    const { child } = await startReferenceServer(SERVER_BIN, ['--port', '0']);
    try {
      const environment = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      assert.ok(environment.includes('ELECTRON_RUN_AS_NODE=1'));
      assert.ok(environment.includes(`PATH=${process.env.PATH}`));
    } finally {
      await stopReferenceServer(child);
    }
  });

  it('stopping a server killed meanwhile returns at once', async () => {
    const { child } = await startReferenceServer(SERVER_BIN, ['--port', '0']);
    const exited = exitOf(child);
    child.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL');
    await stopReferenceServer(child);
  });

  it('stopping a server that already exited returns at once', async () => {
    const { child } = await startReferenceServer(SERVER_BIN, ['--port', '0']);
    await stopReferenceServer(child);
    assert.notEqual(child.exitCode ?? child.signalCode, null);
    await stopReferenceServer(child);
  });
});
