import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoState } from '../../server/scripting/model/demo-data';
import { versionOneState } from '../support/version-one-state';
import { MotionClient } from '../../src/api/client/motion-client';
import type { MotionState } from '../../src/api/state/motion-state';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { encodeState } from '../../src/api/state/state-document';
import { withPrivateServer } from '../../src/runner/dry-run/private-server';
import { readPrivateState } from '../../src/runner/dry-run/private-state';
import { SERVER_BIN } from '../support/child-server';
import { scratchFolder } from '../support/scratch-folder';

/** The state as any application's is read: through the interface, call by call. */
async function throughInterface(url: string): Promise<MotionState> {
  const client = new MotionClient({ url });
  try {
    return (await readSnapshot(client)).state;
  } finally {
    await client.close();
  }
}

/** A change of each kind a script makes: a field, an added segment, a removed skeleton, a bone, the selection. */
async function change(url: string): Promise<void> {
  const client = new MotionClient({ url });
  const sk = 'settings/processing/skeleton';
  try {
    const body = await client.call(sk, 'find_skeleton', ['project', 'FullBody']);
    await client.call(sk, 'set_skeleton_scale', ['project', body, 2.5]);
    const head = await client.call(sk, 'find_segment', ['project', body, 'Head']);
    await client.call(sk, 'add_segment', ['project', head, 'Hat']);
    await client.call(sk, 'delete_skeleton', ['project', await client.call(sk, 'find_skeleton', ['project', 'Wand'])]);
    await client.call('gui/selection', 'select', [[{ type: 'trajectory', id: 73 }]]);
  } finally {
    await client.close();
  }
}

/**
 * The state read before and after changes of each kind, the way a dry run reads them: each time
 * `way`, and each time what the interface reads.
 */
async function readBeforeAndAfterChanges(
  server: { url: string; stateFile: string },
  way: 'file' | 'interface',
): Promise<{ before: MotionState; after: MotionState }> {
  // The state file also says where the open measurement came from, which the interface cannot read.
  const readable = ({ measurement: _measurement, ...rest }: MotionState) => rest;
  const before = await readPrivateState(server);
  assert.equal(before.reading, way);
  assert.deepEqual(readable(before.state), readable(await throughInterface(server.url)));
  await change(server.url);
  const after = await readPrivateState(server, before.reading);
  assert.equal(after.reading, way);
  assert.deepEqual(readable(after.state), readable(await throughInterface(server.url)));
  return { before: before.state, after: after.state };
}

describe('a dry run’s private state, read as its server holds it', function () {
  this.timeout(30_000);
  const scratch = scratchFolder('motion-private-state-');

  it('is read from the state file, which holds what the interface reads, before the changes and after', async () => {
    await withPrivateServer(SERVER_BIN, undefined, async (server) => {
      const { before, after } = await readBeforeAndAfterChanges(server, 'file');
      assert.notDeepEqual(after, before, 'the changes are there');
    });
  });

  it('a snapshot the server upgrades as it reads it (an older format) is read through the interface, before and after', async () => {
    const older = JSON.stringify(versionOneState());
    // After the changes the file is of the current format: the reading stays the one the state was first read by.
    await withPrivateServer(SERVER_BIN, older, (server) => readBeforeAndAfterChanges(server, 'interface'));
  });

  it('a state file that stopped being readable after it was read once is an error, not a read of another way', async () => {
    const stateFile = join(scratch.path, 'state.motion.json');
    writeFileSync(stateFile, '{ half written');
    // No server at that address: the interface is not asked.
    await assert.rejects(readPrivateState({ url: 'http://127.0.0.1:9', stateFile }, 'file'), {
      message: `the private server's state file ${stateFile} cannot be read`,
    });
  });

  it('a snapshot saved with a byte-order mark is read through the interface', async () => {
    await withPrivateServer(SERVER_BIN, `\uFEFF${encodeState(demoState())}`, async (server) => {
      const { state, reading } = await readPrivateState(server);
      assert.equal(reading, 'interface');
      assert.deepEqual(state, await throughInterface(server.url));
    });
  });
});
