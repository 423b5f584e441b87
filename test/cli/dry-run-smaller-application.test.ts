import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { encodeSnapshot } from '../../src/api/state/state-document';
import { decodeState } from '../../server/scripting/persistence/state-format';
import type { FakeApplication } from '../support/fake-application';
import { startOtherVersion } from '../support/other-version';
import { runCli } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const SKELETONS = 'motion.settings.processing.skeleton';

describe('a snapshot and a dry run of an application without the skeleton operations (older, or smaller)', function () {
  this.timeout(60_000);
  let reference: TestServer;
  let smaller: FakeApplication;
  const scratch = scratchFolder('motion-smaller-', { per: 'suite' });
  before(async () => {
    reference = await startTestServer();
    smaller = await startOtherVersion(reference.url, [SKELETONS]);
  });
  after(async () => {
    await smaller.close();
    await reference.close();
  });

  it('the snapshot takes what the application has, and names what it lacks', async () => {
    const client = new MotionClient({ url: smaller.url });
    try {
      const { state, origin } = await readSnapshot(client);
      assert.deepEqual(state.lacking, [SKELETONS]);
      assert.deepEqual(state.skeletons.project, []);
      assert.deepEqual(state.skeletons.measurement, []);
      assert.ok(state.skeletons.data.length > 0, 'the data’s skeletons, which it has');
      assert.ok(state.trajectories.length > 0 && state.bones.length > 0);
      // The reference server takes it as a state file.
      assert.deepEqual(decodeState(encodeSnapshot(state, origin)).lacking, [SKELETONS]);
    } finally {
      await client.close();
    }
    const whole = new MotionClient({ url: reference.url });
    try {
      assert.equal(
        (await readSnapshot(whole)).state.lacking,
        undefined,
        'an application with everything lacks nothing',
      );
    } finally {
      await whole.close();
    }
  });

  it('a script that never touches skeletons is dry-run as on any application', async () => {
    const script = join(scratch.path, 'select.py');
    writeFileSync(
      script,
      [
        'from motion.data.object import trajectory',
        'from motion.gui import selection',
        'rasi = trajectory.find_trajectory("RASI")',
        'selection.set_selections([{"type": "trajectory", "id": rasi, "part_index": None}])',
        'print(selection.get_selection_count())',
        '',
      ].join('\n'),
    );
    const run = await runCli(['run', '--dry-run', '--url', smaller.url, script], {});
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^1\n/);
    assert.match(run.stdout, /Dry run: 1 change the script would make/);
    assert.match(run.stdout, /Selection\n {2}~ 0 → 1 selected: added RASI/);
  });

  it('one that does stops where it would stop on the application: its package has no such module', async () => {
    const script = join(scratch.path, 'scale.py');
    writeFileSync(
      script,
      [
        'import motion',
        'sk = motion.settings.processing.skeleton',
        'sk.set_skeleton_scale("project", 1, 2.0)',
        '',
      ].join('\n'),
    );
    smaller.requests.length = 0;
    const run = await runCli(['run', '--dry-run', '--json', '--url', smaller.url, script], {});
    assert.notEqual(run.code, 0);
    const { error, changes } = JSON.parse(run.stdout) as {
      error: { type: string; message: string; line: number };
      changes: unknown[];
    };
    assert.deepEqual(
      { type: error.type, message: error.message, line: error.line },
      {
        type: 'AttributeError',
        message: "module 'motion.settings.processing' has no attribute 'skeleton'",
        line: 2,
      },
    );
    assert.deepEqual(changes, []);
    assert.deepEqual(
      smaller.requests.filter((path) => /\/(set_|add_|delete_)/.test(path)),
      [],
      'no change reached the application',
    );
  });
});
