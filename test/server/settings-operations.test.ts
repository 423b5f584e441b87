import assert from 'node:assert/strict';
import { assertAllExercised, SETTINGS, startTestServer, type TestServer } from '../support/test-server';

const M = [
  [0, -1, 0, 15.5],
  [1, 0, 0, -20],
  [0, 0, 1, 300],
  [0, 0, 0, 1],
];

describe('HTTP: motion.settings.processing.skeleton', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer({ empty: true });
  });
  after(async () => {
    assertAllExercised(t, 'motion.settings.processing.skeleton', SETTINGS);
    await t.close();
  });

  for (const source of ['project', 'measurement'] as const) {
    it(`builds, reads and edits a skeleton in the ${source} settings`, async () => {
      const call = <T = any>(op: string, ...args: unknown[]) => t.ok<T>(SETTINGS, op, [source, ...args]);
      const sk = await call<number>('add_skeleton', 'Bob');
      assert.equal(await call('get_skeleton_count'), 1);
      assert.deepEqual(await call('get_skeleton_ids'), [sk]);
      assert.equal(await call('get_skeleton_id', 0), sk);
      assert.equal(await call('get_skeleton_name', sk), 'Bob');
      assert.equal(await call('find_skeleton', 'Bob'), sk);
      assert.equal(await call('find_skeleton', 'bob'), null, 'names compare case-sensitively');

      await call('set_skeleton_scale', sk, 1.25);
      assert.equal(await call('get_skeleton_scale', sk), 1.25);
      await call('set_skeleton_name', sk, 'Robert');
      assert.equal(await call('get_skeleton_name', sk), 'Robert');

      const root = await call<number>('get_skeleton_root_id', sk);
      assert.equal(await call('get_segment_parent_id', root), null);
      const spine = await call<number>('add_segment', root, 'Spine');
      const head = await call<number>('add_segment', spine, 'Head');
      assert.equal(await call('get_segment_count', sk), 3);
      assert.deepEqual(await call('get_segment_ids', sk), [root, spine, head]);
      assert.equal(await call('get_segment_id', sk, 2), head);
      assert.equal(await call('get_segment_name', head), 'Head');
      assert.equal(await call('find_segment', sk, 'Head'), head);
      assert.equal(await call('find_segment', sk, 'Tail'), null);
      assert.equal(await call('get_segment_skeleton_id', head), sk);
      assert.equal(await call('get_segment_parent_id', head), spine);
      assert.equal(await call('get_segment_child_count', root), 1);
      assert.deepEqual(await call('get_segment_child_ids', root), [spine]);
      assert.equal(await call('get_segment_child_id', spine, 0), head);

      await call('set_segment_name', head, 'Skull');
      assert.equal(await call('get_segment_name', head), 'Skull');
      await call('set_segment_solver', spine, 'none');
      assert.equal(await call('get_segment_solver', spine), 'none');
      await call('set_segment_transform', head, M);
      assert.deepEqual(await call('get_segment_transform', head), M);
      await call('set_segment_default_transform', head, M);
      assert.deepEqual(await call('get_segment_default_transform', head), M);
      await call('set_segment_endpoint', head, [0, 0, 180]);
      assert.deepEqual(await call('get_segment_endpoint', head), [0, 0, 180]);
      assert.equal(await call('get_segment_endpoint', spine), null);

      const markers = [
        { name: 'LFHD', position: [70, 90, 90], weight: 1 },
        { name: 'RFHD', position: [-70, 90, 90], weight: 0.5 },
      ];
      await call('set_segment_markers', head, markers);
      assert.deepEqual(await call('get_segment_markers', head), markers);
      const bodies = [{ name: 'HeadBand', transform: M, weight: 2 }];
      await call('set_segment_rigid_bodies', head, bodies);
      assert.deepEqual(await call('get_segment_rigid_bodies', head), bodies);
      const dof = {
        constraint: { lower_bound: -45, upper_bound: 45 },
        couplings: [{ segment: 'Spine', degree_of_freedom: 'rotation_x', coefficient: 0.5 }],
        goal: { value: 0, weight: 0.1 },
      };
      await call('set_segment_degrees_of_freedom', head, { rotation_x: dof });
      assert.deepEqual((await call('get_segment_degrees_of_freedom', head)).rotation_x, dof);

      await call('delete_segment', spine);
      assert.deepEqual(await call('get_segment_ids', sk), [root]);
      await call('delete_skeleton', sk);
      assert.equal(await call('get_skeleton_count'), 0);
      await call('add_skeleton', 'A');
      await call('add_skeleton', 'B');
      await call('clear_skeletons');
      assert.deepEqual(await call('get_skeleton_ids'), []);
    });
  }

  it('keeps the project and measurement settings apart', async () => {
    const p = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Same']);
    const m = await t.ok(SETTINGS, 'add_skeleton', ['measurement', 'Same']);
    assert.notEqual(p, m);
    assert.deepEqual(await t.ok(SETTINGS, 'get_skeleton_ids', ['project']), [p]);
    assert.deepEqual(await t.ok(SETTINGS, 'get_skeleton_ids', ['measurement']), [m]);
    await t.ok(SETTINGS, 'clear_skeletons', ['project']);
    assert.deepEqual(await t.ok(SETTINGS, 'get_skeleton_ids', ['measurement']), [m]);
    await t.ok(SETTINGS, 'clear_skeletons', ['measurement']);
  });

  it('follows the spec rule: a skeleton with the same name is overwritten (add and rename)', async () => {
    const first = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Bob']);
    const second = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Bob']);
    assert.deepEqual(await t.ok(SETTINGS, 'get_skeleton_ids', ['project']), [second]);
    await t.fails(SETTINGS, 'get_skeleton_name', ['project', first], 'not_found');
    const alice = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Alice']);
    await t.ok(SETTINGS, 'set_skeleton_name', ['project', alice, 'Bob']);
    assert.deepEqual(await t.ok(SETTINGS, 'get_skeleton_ids', ['project']), [alice]);
    await t.ok(SETTINGS, 'clear_skeletons', ['project']);
  });

  it('follows the spec rule: the root segment is created with the skeleton', async () => {
    const sk = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Rooted']);
    const root = await t.ok(SETTINGS, 'get_skeleton_root_id', ['project', sk]);
    assert.deepEqual(await t.ok(SETTINGS, 'get_segment_ids', ['project', sk]), [root]);
    assert.equal(await t.ok(SETTINGS, 'get_segment_solver', ['project', root]), 'global_optimization');
    await t.ok(SETTINGS, 'clear_skeletons', ['project']);
  });

  it('answers help for the module and for each method', async () => {
    const text = await t.ok(SETTINGS, 'help', []);
    assert.match(text, /motion\.settings\.processing\.skeleton/);
    assert.match(await t.ok(SETTINGS, 'help', [null]), /add_skeleton/);
    assert.match(await t.ok(SETTINGS, 'help', ['set_skeleton_scale']), /0\.01 to 100\.0/);
    await t.fails(SETTINGS, 'help', ['no_such_method'], 'not_found');
  });
});
