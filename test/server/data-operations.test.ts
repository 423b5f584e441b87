import assert from 'node:assert/strict';
import { CATALOGUE } from '../../src/api/catalogue';
import { assertAllExercised, DATA, SETTINGS, startTestServer, type TestServer } from '../support/test-server';

describe('HTTP: motion.data.object.skeleton (read-only) and the supporting modules', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(async () => {
    assertAllExercised(t, 'motion.data.object.skeleton', DATA);
    assertAllExercised(t, 'motion.data.object.trajectory', 'data/object/trajectory');
    assertAllExercised(t, 'motion.data.object.bone', 'data/object/bone');
    assertAllExercised(t, 'motion', '');
    await t.close();
  });

  it('serves the demo full-body skeleton through every getter', async () => {
    const [sk] = await t.ok(DATA, 'get_skeleton_ids');
    assert.equal(await t.ok(DATA, 'get_skeleton_count'), 1);
    assert.equal(await t.ok(DATA, 'get_skeleton_id', [0]), sk);
    assert.equal(await t.ok(DATA, 'get_skeleton_name', [sk]), 'Actor1');
    assert.equal(await t.ok(DATA, 'find_skeleton', ['Actor1']), sk);
    assert.equal(await t.ok(DATA, 'get_skeleton_scale', [sk]), 1.05);
    const root = await t.ok(DATA, 'get_skeleton_root_id', [sk]);
    const ids: number[] = await t.ok(DATA, 'get_segment_ids', [sk]);
    assert.ok(ids.length >= 20, `full body has ${ids.length} segments`);
    assert.equal(ids[0], root);
    assert.equal(await t.ok(DATA, 'get_segment_count', [sk]), ids.length);
    assert.equal(await t.ok(DATA, 'get_segment_id', [sk, 1]), ids[1]);
    assert.equal(await t.ok(DATA, 'get_segment_name', [root]), 'Hips');
    assert.equal(await t.ok(DATA, 'get_segment_solver', [root]), 'global_optimization');
    assert.equal((await t.ok(DATA, 'get_segment_transform', [root]))[2][3], 950, 'hips 950 mm up');
    assert.deepEqual(
      await t.ok(DATA, 'get_segment_default_transform', [root]),
      [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, 950],
        [0, 0, 0, 1],
      ],
      'the default pose is the T-pose',
    );
    const knee = await t.ok(DATA, 'find_segment', [sk, 'LeftLeg']);
    assert.deepEqual((await t.ok(DATA, 'get_segment_degrees_of_freedom', [knee])).rotation_x.constraint, {
      lower_bound: 0,
      upper_bound: 150,
    });
    const head = await t.ok(DATA, 'find_segment', [sk, 'Head']);
    assert.deepEqual(await t.ok(DATA, 'get_segment_endpoint', [head]), [0, 0, 190]);
    assert.equal(await t.ok(DATA, 'get_segment_endpoint', [root]), null);
    assert.deepEqual(
      (await t.ok(DATA, 'get_segment_markers', [head])).map((m: { name: string }) => m.name),
      ['LFHD', 'RFHD', 'LBHD', 'RBHD'],
    );
    assert.equal((await t.ok(DATA, 'get_segment_rigid_bodies', [head]))[0].name, 'HeadBand');
    assert.equal(await t.ok(DATA, 'get_segment_skeleton_id', [head]), sk);
    const neck = await t.ok(DATA, 'get_segment_parent_id', [head]);
    assert.equal(await t.ok(DATA, 'get_segment_name', [neck]), 'Neck');
    assert.equal(await t.ok(DATA, 'get_segment_parent_id', [root]), null);
    assert.equal(await t.ok(DATA, 'get_segment_child_count', [root]), 3);
    const children = await t.ok(DATA, 'get_segment_child_ids', [root]);
    assert.equal(await t.ok(DATA, 'get_segment_child_id', [root, 2]), children[2]);
    assert.equal(await t.ok(DATA, 'find_segment', [sk, 'Tail']), null);
    assert.equal(await t.ok(DATA, 'find_skeleton', ['Nobody']), null);
    assert.match(await t.ok(DATA, 'help', ['get_segment_markers']), /get_segment_markers\(segment_id: integer\)/);
  });

  it('has no setters and no source parameter', async () => {
    const data = CATALOGUE.find((m) => m.path === 'motion.data.object.skeleton')!;
    for (const op of CATALOGUE.find((m) => m.path === 'motion.settings.processing.skeleton')!.operations) {
      if (data.operations.some((d) => d.name === op.name)) continue;
      const e = await t.fails(DATA, op.name, [1], 'unknown_operation');
      assert.match(e.message, /no operation/);
    }
    await t.fails(DATA, 'get_skeleton_count', ['project'], 'invalid_argument');
  });

  it('keeps the data apart from the settings', async () => {
    const [dataSkeleton] = await t.ok(DATA, 'get_skeleton_ids');
    await t.fails(SETTINGS, 'get_skeleton_name', ['measurement', dataSkeleton], 'not_found');
    const [measured] = await t.ok(SETTINGS, 'get_skeleton_ids', ['measurement']);
    await t.fails(DATA, 'get_skeleton_name', [measured], 'not_found');
  });

  it('labels a trajectory for every marker, some with several parts', async () => {
    const ids: number[] = await t.ok('data/object/trajectory', 'get_trajectory_ids');
    assert.equal(await t.ok('data/object/trajectory', 'get_trajectory_count'), ids.length);
    const labels = await Promise.all(ids.map((id) => t.ok('data/object/trajectory', 'get_label', [id])));
    assert.ok(labels.includes('LASI') && labels.includes('RTOE'));
    const parts = await Promise.all(ids.map((id) => t.ok('data/object/trajectory', 'get_part_count', [id])));
    assert.ok(parts.every((p) => p >= 1) && parts.some((p) => p > 1));
    assert.equal(await t.ok('data/object/trajectory', 'find_trajectory', ['LASI']), ids[labels.indexOf('LASI')]);
    assert.equal(await t.ok('data/object/trajectory', 'find_trajectory', ['lasi']), null);
    await t.fails('data/object/trajectory', 'get_label', [123456], 'not_found');
    assert.match(await t.ok('data/object/trajectory', 'help'), /trajectory/);
  });

  it('links bones between trajectories', async () => {
    const ids: number[] = await t.ok('data/object/bone', 'get_bone_ids');
    assert.equal(await t.ok('data/object/bone', 'get_bone_count'), ids.length);
    const bone = await t.ok('data/object/bone', 'find_bone', ['LASI-RASI']);
    const [from, to] = await t.ok('data/object/bone', 'get_bone_trajectory_ids', [bone]);
    assert.equal(await t.ok('data/object/trajectory', 'get_label', [from]), 'LASI');
    assert.equal(await t.ok('data/object/trajectory', 'get_label', [to]), 'RASI');
    assert.equal(await t.ok('data/object/bone', 'find_bone', ['RASI-LASI']), null);
    await t.fails('data/object/bone', 'get_bone_trajectory_ids', [from], 'not_found');
    assert.match(await t.ok('data/object/bone', 'help'), /bone/);
  });

  it('tells the application version and the package help', async () => {
    assert.match(await t.ok('', 'get_version'), /^Motion Reference Server \d+\.\d+\.\d+$/);
    assert.match(await t.ok('', 'help'), /Module motion/);
  });
});
