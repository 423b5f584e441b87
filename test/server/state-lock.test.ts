import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fs from 'node:fs';
import { StateLock, type LockCalls } from '../../server/scripting/persistence/state-lock';
import { scratchFolder } from '../support/scratch-folder';

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  assert.ok(pid);
  return pid;
}

describe('state file lock (state-lock, in process)', () => {
  const scratch = scratchFolder('motion-lock-');
  // Another live process, as another server would be: a child of this one, which every platform can see.
  let live: ChildProcess;
  before(() => {
    live = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  });
  after(() => live.kill());
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = scratch.path;
    file = join(dir, 'state.json');
  });

  const lockText = () => readFileSync(`${file}.lock`, 'utf8');

  it('writes this process id into <file>.lock, and removes it on release (twice is harmless)', () => {
    const lock = StateLock.acquire(file);
    assert.equal(lockText(), String(process.pid));
    lock.release();
    assert.ok(!existsSync(`${file}.lock`));
    lock.release();
  });

  it('refuses a lock held by a live process, naming its pid, and leaves that lock alone', () => {
    const owner = live.pid!;
    writeFileSync(`${file}.lock`, ` ${owner}\n`);
    assert.throws(
      () => StateLock.acquire(file),
      (error: Error) =>
        error.message ===
          `state file ${file} is in use by another motion-server (pid ${owner}); stop it or use another --state file` &&
        (error.cause as NodeJS.ErrnoException)?.code === 'EEXIST',
    );
    assert.equal(lockText(), ` ${owner}\n`);
  });

  it('takes over a lock whose process is gone, or which holds no pid', () => {
    for (const stale of [String(deadPid()), '', 'garbage', '0', '-5', '1.5', String(process.pid)]) {
      writeFileSync(`${file}.lock`, stale);
      const lock = StateLock.acquire(file);
      assert.equal(lockText(), String(process.pid), `taken over from ${JSON.stringify(stale)}`);
      lock.release();
    }
  });

  it('passes on a failure other than an existing lock (a missing directory)', () => {
    assert.throws(
      () => StateLock.acquire(join(dir, 'no-such-dir', 'state.json')),
      (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
    );
  });

  it('verify: accepts its own lock, takes a vanished lock back, and refuses one another server took', () => {
    const lock = StateLock.acquire(file);
    lock.verify();
    rmSync(`${file}.lock`);
    lock.verify();
    assert.equal(lockText(), String(process.pid), 'taken back');
    const other = live.pid!;
    writeFileSync(`${file}.lock`, `${other}\n`);
    assert.throws(
      () => lock.verify(),
      (error: Error) =>
        error.message === `another motion-server (pid ${other}) has taken over ${file}; this one no longer writes it`,
    );
    assert.equal(lockText(), `${other}\n`, 'the other server keeps its lock');
  });

  it('verify: says when the directory of the state file is gone', () => {
    const lock = StateLock.acquire(file);
    rmSync(dir, { recursive: true });
    assert.throws(
      () => lock.verify(),
      (error: Error) =>
        error.message === `the directory of ${file} is gone` &&
        (error.cause as NodeJS.ErrnoException)?.code === 'ENOENT',
    );
  });

  it('verify: passes on a failure to read the lock other than its absence', () => {
    const lock = StateLock.acquire(file);
    rmSync(`${file}.lock`);
    // A directory where the lock file was: reading it fails with EISDIR, which is no reason to retake.
    mkdirSync(`${file}.lock`);
    assert.throws(
      () => lock.verify(),
      (error: NodeJS.ErrnoException) => error.code === 'EISDIR',
    );
  });

  /**
   * The real file system, with another server's moves staged between the lock's calls: `beforeOpen`
   * runs just before each open of the lock (another server creating it first), and the opens are counted.
   */
  function racing(beforeOpen: (attempt: number) => void): LockCalls & { opens: number } {
    const calls = {
      ...fs,
      opens: 0,
      openSync: ((path: string, flags: string) => {
        beforeOpen(++calls.opens);
        return fs.openSync(path, flags);
      }) as typeof fs.openSync,
    };
    return calls;
  }

  it('takes over a stale lock twice at most: one that keeps coming back is another server starting', () => {
    // Before each open, a server that has just crashed (a pid that is gone) holds the lock again.
    const dead = deadPid();
    const calls = racing(() => writeFileSync(`${file}.lock`, String(dead)));
    assert.throws(
      () => StateLock.acquire(file, calls),
      (error: Error) => error.message === `could not lock state file ${file}`,
    );
    assert.equal(calls.opens, 2);
  });

  it('refuses a lock a live server took between the takeover of a stale one and the open', () => {
    const owner = live.pid!;
    writeFileSync(`${file}.lock`, String(deadPid()));
    const calls = racing((attempt) => attempt === 2 && writeFileSync(`${file}.lock`, String(owner)));
    assert.throws(() => StateLock.acquire(file, calls), /in use by another motion-server \(pid \d+\)/);
    assert.equal(lockText(), String(owner), 'the other server keeps its lock');
  });

  it('verify: a vanished lock that another server takes first is refused as theirs, not as a lost directory', () => {
    const owner = live.pid!;
    let vanished = false;
    const calls = racing(() => vanished && writeFileSync(`${file}.lock`, String(owner)));
    const lock = StateLock.acquire(file, calls);
    rmSync(`${file}.lock`);
    vanished = true;
    assert.throws(
      () => lock.verify(),
      (error: Error) =>
        error.message.startsWith(`state file ${file} is in use by another motion-server (pid ${owner})`),
    );
    assert.equal(lockText(), String(owner));
  });
});
