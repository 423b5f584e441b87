import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Pool } from 'undici';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { writeDurably, type DurableWriteCalls } from '../../server/scripting/persistence/state-file';
import { startChildServer } from '../support/child-server';
import { scratchFolder } from '../support/scratch-folder';

const KILLS = 12;
const WRITERS = 4;

/** A small seeded generator, so a failing run can be repeated with CRASH_SEED. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('crash safety: SIGKILL under write load (docs/design.md §6)', function () {
  this.timeout(120_000);
  const scratch = scratchFolder('motion-crash-', { per: 'suite' });

  it(`keeps every acknowledged change through ${KILLS} kills at random moments`, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100000);
    const next = random(seed);
    const file = join(scratch.path, 'state.json');
    const present = new Set<string>();
    const deleted = new Set<string>();
    /** Deletes sent but not acknowledged when the server died: they may or may not have landed. */
    const deleting = new Set<string>();
    let counter = 0;
    let acknowledgedWrites = 0;

    for (let round = 0; round < KILLS; round++) {
      const server = await startChildServer(['--state', file, '--empty']);
      // A request in flight when the server is killed must end: the system closes a killed
      // process's sockets, but under Wine (the Windows leg) they may stay open, and undici would
      // wait its default 300 s for the answer. An error after the kill is expected either way.
      const pool = new Pool(server.url, { connections: WRITERS, headersTimeout: 10_000, bodyTimeout: 10_000 });
      const call = async (op: string, args: unknown[]) => {
        const res = await pool.request({
          method: 'POST',
          path: `/api/scripting/motion/settings/processing/skeleton/${op}/`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
        });
        const body = await res.body.json();
        if (res.statusCode !== 200) throw new Error(`${op} refused: ${JSON.stringify(body)}`);
        return body as number;
      };
      // Ids of skeletons acknowledged so far, read back from the restarted server.
      const ids = new Map<string, number>();
      for (const name of present) ids.set(name, await call('find_skeleton', ['project', name]));

      let killed = false;
      const writer = async () => {
        while (!killed) {
          const name = `s${counter++}`;
          try {
            const id = await call('add_skeleton', ['project', name]);
            present.add(name);
            ids.set(name, id);
            acknowledgedWrites++;
            const candidates = [...ids.keys()].filter((n) => !deleting.has(n));
            if (counter % 5 === 0 && candidates.length > 0) {
              const victim = candidates[Math.floor(next() * candidates.length)];
              deleting.add(victim);
              await call('delete_skeleton', ['project', ids.get(victim)!]);
              deleting.delete(victim);
              ids.delete(victim);
              present.delete(victim);
              deleted.add(victim);
              acknowledgedWrites++;
            }
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);
      await new Promise((r) => setTimeout(r, 20 + next() * 200));
      killed = true;
      server.child.kill('SIGKILL');
      await server.exited;
      const outcomes = await Promise.allSettled(writers);
      await pool.destroy();
      for (const o of outcomes) if (o.status === 'rejected') throw o.reason;

      const state = decodeState(readFileSync(file, 'utf8'));
      const names = new Set(state.skeletons.project.map((s) => s.name));
      for (const name of present) {
        assert.ok(
          names.has(name) || deleting.has(name),
          `seed ${seed}, round ${round}: acknowledged add of ${name} was lost`,
        );
      }
      for (const name of deleted)
        assert.ok(!names.has(name), `seed ${seed}, round ${round}: acknowledged delete of ${name} was lost`);
      // What was in flight at the kill may have landed; from now on the file is what was acknowledged.
      for (const name of deleting) if (!names.has(name)) deleted.add(name);
      deleting.clear();
      present.clear();
      for (const name of names) present.add(name);
    }
    assert.ok(acknowledgedWrites > KILLS * 5, `the load really wrote (${acknowledgedWrites} acknowledged writes)`);
  });
});

describe('a durable write, call by call', () => {
  const scratch = scratchFolder('motion-durable-');

  /** The real file system, with every call that matters to durability recorded in order. */
  function spy(fail?: string): { calls: DurableWriteCalls; log: string[] } {
    const log: string[] = [];
    const name = (path: string) => (path === scratch.path ? 'dir' : path.includes('.tmp-') ? 'temp' : 'state');
    const calls: DurableWriteCalls = {
      open: (async (path: string, ...rest: unknown[]) => {
        const handle = await (open as (...a: unknown[]) => Promise<FileHandle>)(path, ...rest);
        const who = name(path);
        log.push(`open ${who}`);
        const step =
          <T>(what: string, run: () => Promise<T>) =>
          async () => {
            log.push(`${what} ${who}`);
            if (fail === `${what} ${who}`) throw Object.assign(new Error(`${what} failed`), { code: 'EIO' });
            return run();
          };
        return Object.assign(Object.create(handle), {
          writeFile: (data: string, encoding: BufferEncoding) =>
            step('write', () => handle.writeFile(data, encoding))(),
          sync: step('fsync', () => handle.sync()),
          close: step('close', () => handle.close()),
        });
      }) as DurableWriteCalls['open'],
      rename: async (from, to) => {
        log.push(`rename ${name(String(from))} ${name(String(to))}`);
        return rename(from, to);
      },
      unlink: async (path) => {
        log.push(`unlink ${name(String(path))}`);
        return unlink(path);
      },
    };
    return { calls, log };
  }

  it('writes, fsyncs and closes the temp file, renames it over the state, then fsyncs the directory', async () => {
    const { calls, log } = spy();
    await writeDurably(join(scratch.path, 'state.json'), '{"v":1}', calls, 'linux');
    assert.deepEqual(log, [
      'open temp',
      'write temp',
      'fsync temp',
      'close temp',
      'rename temp state',
      'open dir',
      'fsync dir',
      'close dir',
    ]);
    assert.equal(readFileSync(join(scratch.path, 'state.json'), 'utf8'), '{"v":1}');
  });

  it('on Windows, which refuses an fsync of a directory, stops at the rename', async () => {
    const { calls, log } = spy();
    await writeDurably(join(scratch.path, 'state.json'), '{"v":1}', calls, 'win32');
    assert.deepEqual(log, ['open temp', 'write temp', 'fsync temp', 'close temp', 'rename temp state']);
    assert.equal(readFileSync(join(scratch.path, 'state.json'), 'utf8'), '{"v":1}');
  });

  it('on Windows, tries the rename again while another program holds the state file', async () => {
    const { calls, log } = spy();
    let refusals = 2;
    const held: DurableWriteCalls = {
      ...calls,
      rename: async (from, to) => {
        if (refusals-- > 0) {
          log.push('rename refused');
          throw Object.assign(new Error('EBUSY: resource busy or locked, rename'), { code: 'EBUSY' });
        }
        return calls.rename(from, to);
      },
    };
    await writeDurably(join(scratch.path, 'state.json'), '{"v":3}', held, 'win32');
    assert.deepEqual(log.slice(-3), ['rename refused', 'rename refused', 'rename temp state']);
    assert.equal(readFileSync(join(scratch.path, 'state.json'), 'utf8'), '{"v":3}');
  });

  it('never renames a temp file whose fsync failed, and removes it', async () => {
    const { calls, log } = spy('fsync temp');
    await assert.rejects(writeDurably(join(scratch.path, 'state.json'), '{"v":2}', calls), /fsync failed/);
    assert.deepEqual(log, ['open temp', 'write temp', 'fsync temp', 'close temp', 'unlink temp']);
    assert.deepEqual(readdirSync(scratch.path), [], 'no state written, no temp file left');
  });
});
