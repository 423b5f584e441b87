import assert from 'node:assert/strict';
import { assertAllExercised, SELECTION, startTestServer, type TestServer } from '../support/test-server';

describe('HTTP: motion.gui.selection', () => {
  let t: TestServer;
  let traj: (label: string) => Promise<number>;
  let bones: number[];
  let multi: { id: number; parts: unknown[] };
  before(async () => {
    t = await startTestServer();
    traj = (label) => t.ok('data/object/trajectory', 'find_trajectory', [label]);
    bones = await t.ok('data/object/bone', 'get_bone_ids');
    multi = t.server.model.trajectories().find((x) => x.parts.length > 2)!;
  });
  beforeEach(() => t.ok(SELECTION, 'clear_selections'));
  after(async () => {
    assertAllExercised(t, 'motion.gui.selection', SELECTION);
    await t.close();
  });

  const item = (type: 'trajectory' | 'bone', id: number, part_index: number | null = null) => ({
    type,
    id,
    part_index,
  });

  it('follows the spec rules for select, count and get after clear', async () => {
    await t.ok(SELECTION, 'select', [[item('trajectory', await traj('LASI'))]]);
    await t.ok(SELECTION, 'clear_selections', [null]);
    assert.equal(await t.ok(SELECTION, 'get_selection_count', [null]), 0);
    const wanted = [
      item('trajectory', await traj('LASI')),
      item('trajectory', await traj('RASI')),
      item('trajectory', multi.id, 2),
    ];
    await t.ok(SELECTION, 'select', [wanted]);
    assert.equal(await t.ok(SELECTION, 'get_selection_count', [null]), 3);
    assert.equal(await t.ok(SELECTION, 'get_selection_count'), 3, 'type may be omitted');
    const got = await t.ok(SELECTION, 'get_selections', [null]);
    assert.deepEqual(got, wanted);
    for (const s of got) assert.deepEqual(Object.keys(s), ['type', 'id', 'part_index']);
  });

  it('counts and returns by type, and clears by type', async () => {
    await t.ok(SELECTION, 'set_selections', [[item('bone', bones[0]), item('bone', bones[1])]]);
    assert.equal(await t.ok(SELECTION, 'get_selection_count', ['bone']), 2);
    assert.equal(await t.ok(SELECTION, 'get_selection_count', ['trajectory']), 0);
    assert.deepEqual(await t.ok(SELECTION, 'get_selections', ['trajectory']), []);
    await t.ok(SELECTION, 'clear_selections', ['trajectory']);
    assert.equal(await t.ok(SELECTION, 'get_selection_count'), 2);
    await t.ok(SELECTION, 'clear_selections', ['bone']);
    assert.equal(await t.ok(SELECTION, 'get_selection_count'), 0);
  });

  it('overwrites with set_selections, removes with deselect, answers is_selected', async () => {
    const [a, b] = [await traj('C7'), await traj('CLAV')];
    await t.ok(SELECTION, 'select', [[item('trajectory', a)]]);
    await t.ok(SELECTION, 'set_selections', [[item('trajectory', b), item('trajectory', multi.id, 0)]]);
    assert.equal(await t.ok(SELECTION, 'is_selected', [item('trajectory', a)]), false);
    assert.equal(await t.ok(SELECTION, 'is_selected', [item('trajectory', b)]), true);
    assert.equal(await t.ok(SELECTION, 'is_selected', [item('trajectory', multi.id, 1)]), false);
    await t.ok(SELECTION, 'deselect', [[item('trajectory', b), item('trajectory', a)]]);
    assert.deepEqual(await t.ok(SELECTION, 'get_selections'), [item('trajectory', multi.id, 0)]);
    await t.ok(SELECTION, 'select', [[item('trajectory', multi.id, 1)]]);
    await t.ok(SELECTION, 'deselect', [[item('trajectory', multi.id)]]);
    assert.equal(await t.ok(SELECTION, 'get_selection_count'), 0, 'deselecting a whole trajectory removes its parts');
    await t.ok(SELECTION, 'set_selections', [[]]);
  });

  it('refuses mixed types and bad items, changing nothing', async () => {
    await t.ok(SELECTION, 'select', [[item('bone', bones[0])]]);
    await t.fails(
      SELECTION,
      'set_selections',
      [[item('bone', bones[0]), item('trajectory', await traj('LASI'))]],
      'invalid_argument',
    );
    await t.fails(SELECTION, 'select', [[{ type: 'marker', id: 1 }]], 'invalid_argument');
    await t.fails(SELECTION, 'select', [[item('trajectory', 999999)]], 'not_found');
    await t.fails(SELECTION, 'select', [[item('trajectory', multi.id, multi.parts.length)]], 'out_of_range');
    await t.fails(SELECTION, 'get_selections', ['marker'], 'invalid_argument');
    await t.fails(SELECTION, 'deselect', [[item('bone', 999999)]], 'not_found');
  });

  it('answers help', async () => {
    assert.match(await t.ok(SELECTION, 'help', ['select']), /select\(selections:/);
  });
});
