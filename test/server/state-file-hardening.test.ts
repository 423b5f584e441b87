import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { runServerToExit, startChildServer } from '../support/child-server';
import { SETTINGS, startTestServer, type TestServer } from '../support/test-server';
import { scratchFolder } from '../support/scratch-folder';

const isRoot = process.getuid?.() === 0;

/** A small tmpfs of its own (root only): a disk that can be filled or made read-only. */
function withTmpfs(sizeKb: number): { dir: string; run: (...args: string[]) => void; unmount: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'motion-tmpfs-'));
  const run = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });
  run('-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir);
  return { dir, run, unmount: () => (execFileSync('umount', [dir]), rmSync(dir, { recursive: true, force: true })) };
}

describe('state file: failing disks and other writers never half-apply a change', () => {
  const scratch = scratchFolder('motion-harden-');

  /** A write that could not be saved: 503 unavailable, said so, and invisible to reads. */
  async function refusedUnsaved(t: TestServer, name: string): Promise<void> {
    const reply = await t.call(SETTINGS, 'add_skeleton', ['project', name]);
    assert.equal(reply.status, 503, JSON.stringify(reply.body));
    assert.equal(reply.body.error.code, 'unavailable');
    assert.match(reply.body.error.message, /^not saved: .*; nothing changed/);
    assert.equal(await t.ok(SETTINGS, 'find_skeleton', ['project', name]), null, 'the refused change is not visible');
  }

  it('refuses a write whose directory is gone, changing nothing, and a retry succeeds once it is back', async () => {
    const stateDir = join(scratch.path, 'state');
    mkdirSync(stateDir);
    const file = join(stateDir, 'state.json');
    const t = await startTestServer({ state: file, empty: true });
    try {
      rmSync(stateDir, { recursive: true });
      await refusedUnsaved(t, 'Lost');
      mkdirSync(stateDir);
      const id = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Lost']);
      assert.deepEqual(await t.ok(SETTINGS, 'get_skeleton_ids', ['project']), [id], 'exactly one: the retry');
      assert.equal(decodeState(readFileSync(file, 'utf8')).skeletons.project.length, 1, 'on disk');
    } finally {
      await t.close();
    }
  });

  it('refuses writes on a full disk and on a read-only disk, and takes them once the disk is back', async function () {
    if (!isRoot) {
      console.log('      (skipped: mounting a tmpfs needs root; CI runs as root)');
      return this.skip();
    }
    const disk = withTmpfs(512);
    try {
      const file = join(disk.dir, 'state.json');
      const t = await startTestServer({ state: file, empty: true });
      try {
        const before = readFileSync(file, 'utf8');
        writeFileSync(join(disk.dir, 'filler'), Buffer.alloc(0));
        try {
          execFileSync('dd', ['if=/dev/zero', `of=${join(disk.dir, 'filler')}`, 'bs=4k', 'count=1024'], {
            stdio: 'pipe',
          });
        } catch {
          // dd stops at "No space left on device": the disk is full, as wanted
        }
        await refusedUnsaved(t, 'Full');
        assert.equal(readFileSync(file, 'utf8'), before, 'the file is as it was');
        assert.deepEqual(
          readdirSync(disk.dir).sort(),
          ['filler', 'state.json', 'state.json.lock'],
          'no temp file left behind',
        );
        rmSync(join(disk.dir, 'filler'));
        await t.ok(SETTINGS, 'add_skeleton', ['project', 'Full']);
        disk.run('-o', 'remount,ro', disk.dir);
        await refusedUnsaved(t, 'ReadOnly');
        disk.run('-o', 'remount,rw', disk.dir);
        await t.ok(SETTINGS, 'add_skeleton', ['project', 'ReadOnly']);
        assert.deepEqual(
          decodeState(readFileSync(file, 'utf8')).skeletons.project.map((s) => s.name),
          ['Full', 'ReadOnly'],
        );
      } finally {
        await t.close();
      }
    } finally {
      disk.unmount();
    }
  });

  it('creates the state file readable by its owner only, and keeps a linked state file a link', async () => {
    const target = join(scratch.path, 'real.json');
    const t = await startTestServer({ state: target, empty: true });
    await t.close();
    // Windows has no owner-only mode bits: its files take their folder's permissions (the user's profile).
    if (process.platform !== 'win32') assert.equal(statSync(target).mode & 0o777, 0o600);
    const link = join(scratch.path, 'link.json');
    symlinkSync(target, link);
    const viaLink = await startTestServer({ state: link });
    try {
      await viaLink.ok(SETTINGS, 'add_skeleton', ['project', 'ThroughTheLink']);
    } finally {
      await viaLink.close();
    }
    assert.equal(lstatSync(link).isSymbolicLink(), true, 'the link was resolved once, not replaced');
    assert.equal(
      decodeState(readFileSync(target, 'utf8')).skeletons.project[0].name,
      'ThroughTheLink',
      'the write went to the target',
    );
  });

  it('never writes through a file or link planted at a temp-file name', async () => {
    const file = join(scratch.path, 'state.json');
    const victim = join(scratch.path, 'victim.txt');
    writeFileSync(victim, 'precious');
    const t = await startTestServer({ state: file, empty: true });
    try {
      // The old temp name was predictable: <state>.tmp-<pid>.
      symlinkSync(victim, `${file}.tmp-${process.pid}`);
      await t.ok(SETTINGS, 'add_skeleton', ['project', 'Safe']);
      assert.equal(readFileSync(victim, 'utf8'), 'precious');
      assert.deepEqual(
        readdirSync(scratch.path).filter((f) => f.includes('.tmp-') && !f.endsWith(`.tmp-${process.pid}`)),
        [],
        'temp files are renamed or removed',
      );
    } finally {
      await t.close();
    }
  });

  it('allows one server per file whatever its name: a link, a hard link, a re-created directory', async () => {
    const stateDir = join(scratch.path, 'state');
    mkdirSync(stateDir);
    const file = join(stateDir, 'state.json');
    const first = await startChildServer(['--state', file]);
    try {
      const link = join(scratch.path, 'other-name.json');
      symlinkSync(file, link);
      const viaLink = await runServerToExit(['--state', link]);
      assert.equal(viaLink.code, 2);
      assert.match(viaLink.output, /is in use by another motion-server/);
      const hard = join(scratch.path, 'hard.json');
      linkSync(file, hard);
      const viaHardLink = await runServerToExit(['--state', hard]);
      assert.match(viaHardLink.output, /has 2 hard links/);
      rmSync(hard);

      // The directory removed and created again: a second server may start there, and the first stops writing.
      rmSync(stateDir, { recursive: true });
      mkdirSync(stateDir);
      const second = await startChildServer(['--state', file, '--empty']);
      try {
        const post = (url: string, args: unknown[]) =>
          fetch(`${url}/api/scripting/motion/${SETTINGS}/add_skeleton/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(args),
          });
        const refused = await post(first.url, ['project', 'FromTheFirst']);
        assert.equal(refused.status, 503);
        assert.match(
          ((await refused.json()) as { error: { message: string } }).error.message,
          /another motion-server \(pid \d+\) has taken over/,
        );
        assert.equal((await post(second.url, ['project', 'FromTheSecond'])).status, 200);
        assert.deepEqual(
          decodeState(readFileSync(file, 'utf8')).skeletons.project.map((s) => s.name),
          ['FromTheSecond'],
          'no write of the first server clobbered it',
        );
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});
