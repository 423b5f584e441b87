import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonSession } from '../../src/runner/python-session';
import { waitFor } from '../support/wait-for';
import { pythonSessionPerTest } from '../support/python-session-fixture';

/** Whether every thread of a process is stopped (Linux: `T` in each task's status). */
function everyThreadStopped(pid: number): boolean {
  return readdirSync(`/proc/${pid}/task`).every((task) =>
    /^State:\s+T/m.test(readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8')),
  );
}

describe('Python sessions: how an interpreter ends (crash, dispose, sys.exit, kill), and the next one', function () {
  this.timeout(30_000);
  const fixture = pythonSessionPerTest();
  const printed = (stream?: 'stdout' | 'stderr' | 'system' | 'all') => fixture.printed(stream);

  it('reports a crashed interpreter and starts a new one on the next run', async () => {
    const crash = await fixture.session.run('import os\nos._exit(3)');
    assert.equal(crash.error?.type, 'SessionCrashed');
    assert.match(crash.error.message, /exited with code 3/);
    const after = await fixture.session.run('1 + 1');
    assert.equal(after.ok, true);
    assert.match(printed(), /2\n$/);
  });

  it('ends its interpreter on dispose, and says when one crashed after it was ready', async () => {
    await fixture.session.run('import os\nprint(os.getpid())');
    const pid = Number(printed().trim());
    await fixture.session.dispose();
    assert.throws(() => process.kill(pid, 0), /ESRCH/, 'the interpreter is gone');

    const crashing = new PythonSession({
      serverUrl: fixture.server.url,
      onOutput: (stream, text) => fixture.output.push({ stream, text }),
    });
    const crash = await crashing.run('import os\nos._exit(4)');
    await crashing.dispose();
    assert.equal(crash.ok, false);
    assert.match(
      printed('system'),
      /The Python session exited with code 4: its variables were cleared, and the next run starts a new session\.\n/,
    );
  });

  it('disposes of a session that never started, and of one already disposed', async () => {
    const idle = new PythonSession({ serverUrl: fixture.server.url, onOutput: () => undefined });
    await idle.dispose();
    await fixture.session.run('x = 1');
    await fixture.session.dispose();
    await fixture.session.dispose();
  });

  it('ended before its Python started: none is started, and the run sent before says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'motion-session-ended-'));
    try {
      // A chosen interpreter that leaves a mark when it starts.
      const mark = join(dir, 'started');
      const python = join(dir, 'python');
      writeFileSync(python, `#!/bin/sh\necho $$ > '${mark}'\nexec python3 "$@"\n`);
      chmodSync(python, 0o755);
      let said = '';
      const session = new PythonSession({
        serverUrl: fixture.server.url,
        interpreter: python,
        onOutput: (_stream, text) => (said += text),
      });
      // Ended as soon as the run is sent, before its Python is found (as a dry run refused at once ends it).
      const run = session.run('print("ran")');
      const ending = session.dispose();
      await assert.rejects(run, /^Error: the session was ended before this code ran$/);
      await ending;
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(existsSync(mark), false, 'no Python was started for the ended session');
      assert.equal(said, '');
      // A run after it starts a new Python, as after any end.
      assert.equal((await session.run('print("again")')).ok, true);
      assert.equal(said, 'again\n');
      await session.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('drops an answer typed after its session ended', async () => {
    let answer: ((text: string | null) => void) | undefined;
    const asking = new PythonSession({
      serverUrl: fixture.server.url,
      onOutput: (stream, text) => fixture.output.push({ stream, text }),
      readLine: () => new Promise((resolve) => (answer = resolve)),
    });
    const failures: unknown[] = [];
    const failed = (reason: unknown) => failures.push(reason);
    process.on('unhandledRejection', failed);
    try {
      const run = asking.run('input("Name? ")');
      await waitFor(() => answer !== undefined, 'the question');
      await asking.dispose();
      assert.equal((await run).error?.type, 'SessionCrashed');
      answer!('Ann');
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(failures, []);
    } finally {
      process.off('unhandledRejection', failed);
    }
  });

  it('survives an interpreter killed with a request unread (a reset pipe), and takes the statement asked about for complete', async () => {
    await fixture.session.run('x = 1');
    const child = (fixture.session as unknown as { child: ChildProcess }).child;
    child.kill('SIGSTOP');
    // The kernel stops the interpreter's threads one by one: until all are stopped, its request
    // reader can still wake for the request below and answer it (seen under load).
    await waitFor(() => everyThreadStopped(child.pid!), 'the interpreter to stop');
    const check = fixture.session.isComplete('for i in range(3):');
    await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGKILL');
    assert.equal(await check, 'complete');
  });

  it('ends with its interpreter even when a process the script started holds the output open', async () => {
    // A background process inherits stdout and stderr: the pipes stay open after the interpreter is killed.
    const started = await fixture.session.run(
      "import subprocess\nbackground = subprocess.Popen(['sleep', '600'])\nprint(background.pid)",
    );
    assert.equal(started.ok, true, JSON.stringify(started));
    const background = Number(printed().trim());
    try {
      (fixture.session as unknown as { child: ChildProcess }).child.kill('SIGKILL');
      const after = await fixture.session.run('print("again")');
      assert.equal(after.error?.type, 'SessionCrashed', 'the run that was sent to the killed interpreter');
      assert.deepEqual(await fixture.session.run('print("again")'), { ok: true, error: undefined }, 'a new session');
      assert.match(printed(), /again\n$/);
    } finally {
      process.kill(background, 'SIGKILL');
    }
  });

  it('between its interpreter’s end and its pipes’ (held by a process it started): disposes at once, and asks a fresh interpreter about a statement', async () => {
    const background: number[] = [];
    /** A session whose interpreter has ended as `ending` ends it, while a sleeping child holds its pipes. */
    const ended = async (ending: string) => {
      // Its own output: the ended interpreter's notice comes once its pipes close, maybe after this test.
      let printedHere = '';
      const dying = new PythonSession({
        serverUrl: fixture.server.url,
        onOutput: (stream, text) => (printedHere += stream === 'stdout' ? text : ''),
      });
      await dying.run('x = 1');
      const child = (dying as unknown as { child: ChildProcess }).child;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      void dying.run(`import os, subprocess\nprint(subprocess.Popen(['sleep', '600']).pid)\n${ending}`);
      await waitFor(() => /^\d+\n$/.test(printedHere), 'the background process');
      background.push(Number(printedHere));
      await exited;
      return dying;
    };
    const soon = <T>(promise: Promise<T>, what: string) =>
      Promise.race([
        promise,
        new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} waits`)), 5_000).unref()),
      ]);
    try {
      for (const ending of ['os._exit(0)', 'import signal\nos.kill(os.getpid(), signal.SIGKILL)']) {
        await soon((await ended(ending)).dispose(), `dispose after ${ending}`);
      }
      const asking = await ended('os._exit(0)');
      assert.equal(await soon(asking.isComplete('for i in range(3):'), 'the statement'), 'incomplete');
      await asking.dispose();
    } finally {
      for (const pid of background) process.kill(pid, 'SIGKILL');
    }
  });

  it('starts a new session for a run sent right after sys.exit(0), without reporting a crash', async () => {
    const [exited, next] = await Promise.all([
      fixture.session.run('import sys\nsys.exit(0)\n'),
      fixture.session.run('print("fresh")\n'),
    ]);
    assert.equal(exited.ok, true);
    assert.equal(next.ok, true, JSON.stringify(next));
    assert.match(printed('stdout'), /fresh\n/);
    assert.doesNotMatch(printed('all'), /exited with code|crash/i);
  });
});
