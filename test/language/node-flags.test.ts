import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  flagsTheRuntimeTakes,
  LANGUAGE_SERVER_NODE_FLAGS,
  languageServerFlags,
  languageServerFlagsNow,
  type RememberedFlags,
} from '../../server/language/node-flags';

/** A store like VS Code's global state, that counts its writes. */
function remembered(initial?: unknown): RememberedFlags & { writes: unknown[] } {
  let value = initial;
  const writes: unknown[] = [];
  return {
    writes,
    get: (key) => (key === 'languageServerNodeFlags' ? value : undefined),
    update: async (key, v) => {
      assert.equal(key, 'languageServerNodeFlags');
      writes.push(v);
      value = v;
    },
  };
}

const thisNode = { execPath: process.execPath, v8: process.versions.v8 };
const missingRuntime = { execPath: join(__dirname, 'no-such-node'), v8: '1.0' };

describe('the language server’s Node flags', () => {
  it('are taken by the Node the tests run on', async () => {
    assert.deepEqual(await flagsTheRuntimeTakes(process.execPath, LANGUAGE_SERVER_NODE_FLAGS), [
      ...LANGUAGE_SERVER_NODE_FLAGS,
    ]);
  });

  it('are left out when the runtime does not know one of them, rather than the server not starting', async () => {
    assert.deepEqual(
      await flagsTheRuntimeTakes(process.execPath, ['--concurrent-recompilation-delay=10', '--no-such-v8-flag']),
      [],
    );
  });

  it('are not known when the runtime cannot be started to ask it', async () => {
    assert.equal(await flagsTheRuntimeTakes(missingRuntime.execPath, LANGUAGE_SERVER_NODE_FLAGS), undefined);
  });

  it('are asked of a runtime once, then remembered', async () => {
    const store = remembered();
    assert.deepEqual(await languageServerFlags(store, thisNode), [...LANGUAGE_SERVER_NODE_FLAGS]);
    assert.equal(store.writes.length, 1);
    assert.deepEqual(await languageServerFlags(store, thisNode), [...LANGUAGE_SERVER_NODE_FLAGS]);
    assert.equal(store.writes.length, 1, 'the second start asks nothing and writes nothing');
  });

  it('remember a refusal too: a runtime that refused them is not asked again', async () => {
    const store = remembered();
    assert.deepEqual(await languageServerFlags(store, thisNode, ['--no-such-v8-flag']), []);
    assert.deepEqual(store.writes, [
      { asked: `${process.execPath} ${process.versions.v8} --no-such-v8-flag`, taken: [] },
    ]);
  });

  it('are asked again when the runtime changes (another V8, another path) or the flags do', async () => {
    const store = remembered({
      asked: `${process.execPath} 0.0 ${LANGUAGE_SERVER_NODE_FLAGS.join(' ')}`,
      taken: ['--stale'],
    });
    assert.deepEqual(await languageServerFlags(store, thisNode), [...LANGUAGE_SERVER_NODE_FLAGS]);
    const moved = remembered({
      asked: `/elsewhere/node ${process.versions.v8} ${LANGUAGE_SERVER_NODE_FLAGS.join(' ')}`,
      taken: ['--stale'],
    });
    assert.deepEqual(await languageServerFlags(moved, thisNode), [...LANGUAGE_SERVER_NODE_FLAGS]);
    const otherFlags = remembered({
      asked: `${process.execPath} ${process.versions.v8} --old-flag`,
      taken: ['--old-flag'],
    });
    assert.deepEqual(await languageServerFlags(otherFlags, thisNode), [...LANGUAGE_SERVER_NODE_FLAGS]);
  });

  it('use what is remembered for this runtime without starting it', async () => {
    const asked = `${missingRuntime.execPath} ${missingRuntime.v8} ${LANGUAGE_SERVER_NODE_FLAGS.join(' ')}`;
    const store = remembered({ asked, taken: ['--remembered'] });
    assert.deepEqual(await languageServerFlags(store, missingRuntime), ['--remembered']);
  });

  it('are none, and nothing is remembered, when the runtime could not be asked', async () => {
    const store = remembered();
    assert.deepEqual(await languageServerFlags(store, missingRuntime), []);
    assert.deepEqual(store.writes, []);
  });

  it('ignore a remembered answer of the wrong shape', async () => {
    const asked = `${process.execPath} ${process.versions.v8} ${LANGUAGE_SERVER_NODE_FLAGS.join(' ')}`;
    const store = remembered({ asked, taken: '--broken' });
    assert.deepEqual(await languageServerFlags(store, thisNode), [...LANGUAGE_SERVER_NODE_FLAGS]);
  });

  it('ask the runtime in the environment given', async () => {
    // ELECTRON_RUN_AS_NODE is how VS Code's Electron runs as Node; a Node given NODE_OPTIONS it
    // refuses does not start, which shows the environment reached it.
    const env = { ...process.env, NODE_OPTIONS: '--no-such-node-option' };
    assert.deepEqual(await flagsTheRuntimeTakes(process.execPath, LANGUAGE_SERVER_NODE_FLAGS, env), []);
    assert.deepEqual(await languageServerFlags(remembered(), { ...thisNode, env }), []);
  });

  it('do not hold up a first start: none this time, the runtime asked meanwhile, and the answer used the next time', async () => {
    const store = remembered();
    const first = languageServerFlagsNow(store, thisNode);
    assert.deepEqual(first.flags, [], 'nothing is remembered yet: the server starts without them');
    assert.deepEqual(await first.asking, [...LANGUAGE_SERVER_NODE_FLAGS]);
    assert.equal(store.writes.length, 1, 'the answer is remembered');
    const next = languageServerFlagsNow(store, thisNode);
    assert.deepEqual(next.flags, [...LANGUAGE_SERVER_NODE_FLAGS], 'the next start has them at once');
    await next.asking;
    assert.equal(store.writes.length, 1, 'and asks nothing');
  });

  it('for a start that does not wait are those remembered for this runtime only', () => {
    const asked = `${missingRuntime.execPath} ${missingRuntime.v8} ${LANGUAGE_SERVER_NODE_FLAGS.join(' ')}`;
    assert.deepEqual(languageServerFlagsNow(remembered({ asked, taken: ['--remembered'] }), missingRuntime).flags, [
      '--remembered',
    ]);
    const other = remembered({ asked, taken: ['--remembered'] });
    const now = languageServerFlagsNow(other, thisNode);
    assert.deepEqual(now.flags, [], 'another runtime’s answer is not this one’s');
    return now.asking;
  });

  it('are the ones the README tells other editors to start the server with', () => {
    const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
    assert.ok(
      readme.includes(`\`node ${LANGUAGE_SERVER_NODE_FLAGS.join(' ')} dist/language-server.js --stdio\``),
      'README.md, "The language server in other editors"',
    );
  });
});
