import assert from 'node:assert/strict';
import { MotionClient } from '../../src/api/client/motion-client';
import type { MotionState } from '../../src/api/state/motion-state';
import { readSnapshot, type SnapshotProgress } from '../../src/api/state/read-snapshot';
import { encodeSnapshot, snapshotOrigin } from '../../src/api/state/state-document';
import { describeState } from '../../src/api/state/state-summary';
import { startMotionServer } from '../../server/scripting/motion-server';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { referenceServer } from '../support/reference-server';

/** What the interface cannot read: the next id (a snapshot starts after the largest id in use); the open measurement is tested on its own. */
const withoutCounter = ({ nextId: _, measurement: _measurement, ...rest }: MotionState) => rest;

describe('snapshots: the whole state read through the interface', () => {
  const app = referenceServer();

  it('reads every field the application holds, exactly as it holds it', async () => {
    const sk = app.client.settings.processing.skeleton;
    // Something of everything: a deleted segment (ids go on), a selection, a bone with its colour.
    const fullBody = (await sk.find_skeleton('project', 'FullBody'))!;
    await sk.delete_segment('project', (await sk.find_segment('project', fullBody, 'LeftHand'))!);
    const trajectories = app.client.data.object.trajectory;
    const [first, second] = await trajectories.get_trajectory_ids();
    // A part of a trajectory in several parts, by an index above 0.
    const counts = await Promise.all(
      (await trajectories.get_trajectory_ids()).map((id) => trajectories.get_part_count(id)),
    );
    const several = (await trajectories.get_trajectory_ids())[counts.findIndex((n) => n > 1)];
    await app.client.gui.selection.select([
      { type: 'trajectory', id: second, part_index: 0 },
      { type: 'trajectory', id: several, part_index: 1 },
    ]);
    await app.client.data.object.bone.set_bone_color((await app.client.data.object.bone.get_bone_ids())[0], 0x00ff00);
    assert.ok(first);

    const { state, origin } = await readSnapshot(app.client, { now: () => new Date('2026-11-24T10:00:00Z') });
    assert.deepEqual(withoutCounter(state), withoutCounter(app.server.model.snapshot()));
    assert.deepEqual(origin, {
      application: { major: 0, minor: 1, build: 0 },
      url: app.server.url,
      taken_at: '2026-11-24T10:00:00.000Z',
    });
    assert.ok(state.selection.length === 2 && state.skeletons.data.length > 0 && state.bones.length > 0);
    assert.deepEqual(state.selection[1], { type: 'trajectory', id: several, part_index: 1 });
  });

  it('is a state file the reference server serves as it is, and reads back the same', async () => {
    // The newest object a segment: a snapshot starts its ids after it too.
    const sk = app.client.settings.processing.skeleton;
    const wand = (await sk.find_skeleton('project', 'Wand'))!;
    await sk.add_segment('project', await sk.get_skeleton_root_id('project', wand), 'Newest');
    const { state, origin } = await readSnapshot(app.client);
    const text = encodeSnapshot(state, origin);
    assert.deepEqual(snapshotOrigin(text), origin);
    const served = await startMotionServer({ port: 0, logLevel: 'silent', initialState: decodeState(text) });
    const client = new MotionClient({ url: served.url });
    try {
      const again = await readSnapshot(client);
      assert.deepEqual(again.state, state);
      // A script's new object gets an id no object of the snapshot has.
      const added = await client.settings.processing.skeleton.add_skeleton('project', 'New');
      const ids = JSON.stringify(state)
        .match(/"id":\d+/g)!
        .map((m) => Number(m.slice(5)));
      assert.ok(!ids.includes(added), `new id ${added} is not one of the snapshot's`);
    } finally {
      await client.close();
      await served.close();
    }
  });

  it('says how far it has come, and asks each value once', async () => {
    let requests = 0;
    const client = new MotionClient({ url: app.server.url, onRequest: () => requests++ });
    const seen: SnapshotProgress[] = [];
    try {
      await readSnapshot(client, { onProgress: (p) => seen.push(p) });
    } finally {
      await client.close();
    }
    const last = seen.at(-1)!;
    assert.equal(last.read, last.asked);
    assert.equal(last.read, requests, 'every request counted, none twice');
    assert.ok(seen.every((p, i) => p.read === i + 1 && p.read <= p.asked));
    const state = app.server.model.snapshot();
    const segments = Object.values(state.skeletons)
      .flat()
      .reduce((n, s) => n + Object.keys(s.segments).length, 0);
    const skeletons = Object.values(state.skeletons).flat().length;
    assert.equal(
      requests,
      1 + 3 + 4 * skeletons + 10 * segments + 1 + 2 * state.trajectories.length + 1 + 2 * state.bones.length + 1 + 4,
      'version; skeleton ids of three sources; 4 per skeleton; 10 per segment; trajectories, bones, selection; the open measurement (open, path, dirty, saved)',
    );
  });

  it('stops when cancelled, with no snapshot', async () => {
    const cancel = new AbortController();
    const reading = readSnapshot(app.client, {
      signal: cancel.signal,
      onProgress: (p) => p.read === 50 && cancel.abort(),
    });
    await assert.rejects(reading, /cancel/i);
  });

  it('says what it holds in a line', async () => {
    const { state } = await readSnapshot(app.client);
    assert.equal(
      describeState(state),
      '4 skeletons (2 project, 1 measurement, 1 data), 68 segments, 42 trajectories, 35 bones, 0 selected',
    );
  });
});

describe('snapshots of an empty application', () => {
  const app = referenceServer({ empty: true });

  it('hold nothing, and start ids at 1', async () => {
    const { state } = await readSnapshot(app.client);
    assert.deepEqual(state, {
      nextId: 1,
      skeletons: { project: [], measurement: [], data: [] },
      trajectories: [],
      bones: [],
      selection: [],
    });
    assert.equal(
      describeState(state),
      '0 skeletons (0 project, 0 measurement, 0 data), 0 segments, 0 trajectories, 0 bones, 0 selected',
    );
  });
});
