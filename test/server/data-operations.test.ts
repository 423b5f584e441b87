import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { CATALOGUE } from '../../src/api/catalogue';
import { assertAllExercised, DATA, SETTINGS, startTestServer, type TestServer } from '../support/test-server';

describe('HTTP: motion.data.object.skeleton (read-only) and the supporting modules', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(async () => {
    assertAllExercised(t, 'motion.data.object.skeleton', DATA);
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

  it('tells the application version and the package help', async () => {
    const version = await t.ok('', 'get_version');
    assert.deepEqual(Object.keys(version), ['major', 'minor', 'build'], 'the application’s form: numbers');
    const [major, minor, build] = (JSON.parse(await readFile('package.json', 'utf8')) as { version: string }).version
      .split('.')
      .map(Number);
    assert.deepEqual(version, { major, minor, build });
    assert.match(await t.ok('', 'help'), /Module motion/);
  });
});
