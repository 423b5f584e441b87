import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import { SnapshotRefused, withPrivateServer } from '../../src/runner/dry-run/private-server';
import { ServerDidNotStart } from '../../src/runner/reference-server-process';
import { SERVER_BIN } from '../support/child-server';
import { timersSet, withFakeClock } from '../support/fake-clock';
import { scratchFolder } from '../support/scratch-folder';

/**
 * A private server of one's own (dry runs, tests): it serves a copy, its folder is named after this
 * process, nothing is left when done, and a server that will not start says why in few words.
 */
describe('a private reference server', function () {
  this.timeout(30_000);
  const scratch = scratchFolder('motion-private-test-');
  /** A stand-in for the server: a program that prints `stderr` and exits with `code`. */
  const program = (stderr: string, code: number) => {
    const file = join(scratch.path, `program-${code}.js`);
    writeFileSync(file, `process.stderr.write(${JSON.stringify(stderr)}); process.exit(${code});\n`);
    return file;
  };
  const refusal = (script: string) =>
    withPrivateServer(script, undefined, () => Promise.resolve()).then(
      () => assert.fail('it started'),
      (e: unknown) => e,
    );

  it('serves the demo data from a state file in a folder named after this process, gone when done', async () => {
    let folder = '';
    const skeletons = await withPrivateServer(SERVER_BIN, undefined, async ({ url, stateFile }) => {
      folder = dirname(stateFile);
      assert.match(basename(folder), new RegExp(`^motion-private-${process.pid}-`));
      const client = new MotionClient({ url });
      try {
        return await client.call('settings/processing/skeleton', 'get_skeleton_ids', ['project']);
      } finally {
        await client.close();
      }
    });
    assert.ok(Array.isArray(skeletons) && skeletons.length > 0);
    assert.equal(existsSync(folder), false);
  });

  it('a server that stops at start with words of its own refuses the snapshot in those words', async () => {
    const error = await refusal(program('motion-server: the state file is of format 9\n', 2));
    assert.ok(error instanceof SnapshotRefused, String(error));
    assert.equal(error.name, 'SnapshotRefused');
    assert.equal(error.message, 'the snapshot cannot be served: the state file is of format 9');
  });

  it('one that stops saying nothing says that it stopped at start', async () => {
    const error = await refusal(program('', 1));
    assert.ok(error instanceof SnapshotRefused);
    assert.equal(error.message, 'the snapshot cannot be served: the private server stopped at start');
  });

  it('one that never listens is stopped after 15 s, with what it said', async () => {
    const silent = join(scratch.path, 'silent.js');
    // It says it is warming up, then leaves a mark that it did: the clock moves once it has spoken.
    const spoke = join(scratch.path, 'spoke');
    writeFileSync(
      silent,
      `process.stderr.write("  warming up  \\n"); require("fs").writeFileSync(${JSON.stringify(spoke)}, "");
setInterval(() => {}, 1000);\n`,
    );
    const error = await withFakeClock(async (clock) => {
      let settled = false;
      const refused = refusal(silent);
      void refused.finally(() => (settled = true));
      await timersSet(clock);
      // What it wrote before the mark is read in the next turns of the event loop.
      for (let turns = 0; !existsSync(spoke) || turns < 3; turns += existsSync(spoke) ? 1 : 0)
        await new Promise((turn) => setImmediate(turn));
      await clock.tickAsync(14_999);
      assert.equal(settled, false, 'not stopped before its time');
      await clock.tickAsync(1);
      return refused;
    });
    assert.ok(!(error instanceof SnapshotRefused), 'not the snapshot’s fault');
    assert.equal((error as Error).message, 'the private server did not start within 15 s:\nwarming up');
    assert.ok((error as Error).cause instanceof ServerDidNotStart, 'the cause kept for whoever logs it');
  });
});
