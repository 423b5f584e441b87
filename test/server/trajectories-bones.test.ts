import assert from 'node:assert/strict';
import { assertAllExercised, DATA, SELECTION, startTestServer, type TestServer } from '../support/test-server';

const TRAJ = 'data/object/trajectory';
const BONE = 'data/object/bone';

describe('HTTP: trajectories and bones as the application has them', () => {
  let t: TestServer;
  const traj = (label: string): Promise<number> => t.ok(TRAJ, 'find_trajectory', [label]);
  beforeEach(async () => {
    t = await startTestServer();
  });
  afterEach(() => t.close());

  describe('trajectories', () => {
    it('labels one trajectory per marker of the data, and leaves a few unidentified', async () => {
      const ids: number[] = await t.ok(TRAJ, 'get_trajectory_ids');
      assert.equal(await t.ok(TRAJ, 'get_trajectory_count'), ids.length);
      assert.deepEqual(await Promise.all(ids.map((_, i) => t.ok(TRAJ, 'get_trajectory_id', [i]))), ids);
      await t.fails(TRAJ, 'get_trajectory_id', [ids.length], 'out_of_range');
      const labels: (string | null)[] = await Promise.all(ids.map((id) => t.ok(TRAJ, 'get_label', [id])));
      const unidentified = ids.filter((_, i) => labels[i] === null);
      assert.equal(unidentified.length, 3, 'stray reflections the labelling left');
      const [skeleton] = await t.ok(DATA, 'get_skeleton_ids');
      const segments: number[] = await t.ok(DATA, 'get_segment_ids', [skeleton]);
      const markers = (
        await Promise.all(segments.map((s) => t.ok<{ name: string }[]>(DATA, 'get_segment_markers', [s])))
      ).flatMap((list) => list.map((m) => m.name));
      assert.deepEqual(labels.filter((l) => l !== null).sort(), [...markers].sort());
      assert.equal(await traj('LASI'), ids[labels.indexOf('LASI')]);
      assert.equal(await traj('lasi'), null, 'labels are compared exactly');
      await t.fails(TRAJ, 'get_label', [123456], 'not_found');
      assert.match(await t.ok(TRAJ, 'help'), /trajectory/);
    });

    it('gives parts as ordered, non-overlapping frame ranges, one by one or all', async () => {
      const ids: number[] = await t.ok(TRAJ, 'get_trajectory_ids');
      let split = 0;
      for (const id of ids) {
        const parts: { range: { start: number; end: number }; type: string }[] = await t.ok(TRAJ, 'get_parts', [id]);
        assert.equal(await t.ok(TRAJ, 'get_part_count', [id]), parts.length);
        assert.ok(parts.length >= 1);
        parts.forEach((part, i) => {
          assert.deepEqual(Object.keys(part), ['range', 'type']);
          assert.ok(part.range.start <= part.range.end, `part ${i} of ${id}`);
          if (i > 0) assert.ok(part.range.start > parts[i - 1].range.end + 1, 'a gap between parts');
          assert.equal(part.type, 'measured');
        });
        assert.deepEqual(await t.ok(TRAJ, 'get_part', [id, parts.length - 1]), parts.at(-1));
        if (parts.length > 1) split++;
      }
      assert.ok(split > 0, 'some trajectories have gaps');
      const [first] = ids;
      const error = await t.fails(TRAJ, 'get_part', [first, 99], 'out_of_range');
      assert.equal(error.parameter, 'index');
      assert.match(error.message, /^index 99 is out of range 0\.\.\d+ \(\d+ parts in trajectory "LASI" \(\d+\)\)$/);
      await t.fails(TRAJ, 'get_parts', [0], 'not_found');
    });

    it('names the segment a labelled trajectory belongs to, and none for an unidentified one', async () => {
      const [skeleton] = await t.ok(DATA, 'get_skeleton_ids');
      const head = await t.ok(DATA, 'find_segment', [skeleton, 'Head']);
      assert.equal(await t.ok(TRAJ, 'get_skeleton_segment_id', [await traj('LFHD')]), head);
      const hips = await t.ok(DATA, 'get_skeleton_root_id', [skeleton]);
      assert.equal(await t.ok(TRAJ, 'get_skeleton_segment_id', [await traj('LASI')]), hips);
      const ids: number[] = await t.ok(TRAJ, 'get_trajectory_ids');
      const stray = ids.at(-1)!;
      assert.equal(await t.ok(TRAJ, 'get_label', [stray]), null);
      assert.equal(await t.ok(TRAJ, 'get_skeleton_segment_id', [stray]), null);
    });

    it('documents the application’s parameter names: find_trajectory(label), get_label(id) -> string?', async () => {
      const doc = await t.ok('utilities/documentation', 'get_package_documentation');
      const module = doc.modules.find((m: { path: string }) => m.path === 'motion.data.object.trajectory');
      const signature = (name: string) =>
        module.methods
          .find((m: { name: string }) => m.name === name)
          .parameters.map((p: { name: string; type: string }) => `${p.name}: ${p.type}`)
          .join(', ');
      assert.equal(signature('find_trajectory'), 'label: string');
      assert.equal(signature('get_label'), 'id: integer');
      assert.equal(module.methods.find((m: { name: string }) => m.name === 'get_label').return_value.type, 'string?');
    });
  });

  describe('bones', () => {
    it('finds the bone between two trajectories in either order', async () => {
      const [lasi, rasi, head] = [await traj('LASI'), await traj('RASI'), await traj('LFHD')];
      const bone = await t.ok(BONE, 'find_bone', [lasi, rasi]);
      assert.equal(typeof bone, 'number');
      assert.equal(await t.ok(BONE, 'find_bone', [rasi, lasi]), bone);
      assert.equal(await t.ok(BONE, 'find_bone', [lasi, head]), null);
      assert.deepEqual(await t.ok(BONE, 'get_bone_trajectory_ids', [bone]), [lasi, rasi]);
      await t.fails(BONE, 'find_bone', [lasi, 999999], 'not_found');
      const ids: number[] = await t.ok(BONE, 'get_bone_ids');
      assert.equal(await t.ok(BONE, 'get_bone_count'), ids.length);
      assert.equal(await t.ok(BONE, 'get_bone_id', [ids.length - 1]), ids.at(-1));
      await t.fails(BONE, 'get_bone_id', [ids.length], 'out_of_range');
      await t.fails(BONE, 'get_bone_trajectory_ids', [lasi], 'not_found');
      assert.match(await t.ok(BONE, 'help'), /bone/);
    });

    it('adds a bone between two trajectories, white unless given a colour, and sets its colour', async () => {
      const [lfhd, rfin] = [await traj('LFHD'), await traj('RFIN')];
      const before: number = await t.ok(BONE, 'get_bone_count');
      const bone = await t.ok(BONE, 'add_bone', [lfhd, rfin]);
      assert.equal(await t.ok(BONE, 'get_bone_count'), before + 1);
      assert.equal((await t.ok(BONE, 'get_bone_ids')).at(-1), bone, 'added last');
      assert.equal(await t.ok(BONE, 'get_bone_color', [bone]), 0xffffff);
      assert.equal(await t.ok(BONE, 'find_bone', [rfin, lfhd]), bone);
      await t.ok(BONE, 'set_bone_color', [bone, 0x0000ff]);
      assert.equal(await t.ok(BONE, 'get_bone_color', [bone]), 0x0000ff);
      const coloured = await t.ok(BONE, 'add_bone', [lfhd, await traj('LFIN'), 0]);
      assert.equal(await t.ok(BONE, 'get_bone_color', [coloured]), 0, 'black is a colour');
      const stray = (await t.ok<number[]>(TRAJ, 'get_trajectory_ids')).at(-1);
      assert.equal(typeof (await t.ok(BONE, 'add_bone', [stray, lfhd, 0xffffff])), 'number', 'to an unidentified one');
    });

    it('refuses a bone to the same trajectory, a second bone between two, an unknown trajectory and a bad colour', async () => {
      const [lasi, rasi, lfhd] = [await traj('LASI'), await traj('RASI'), await traj('LFHD')];
      const state = t.stateText();
      const same = await t.fails(BONE, 'add_bone', [lasi, lasi], 'invalid_argument');
      assert.equal(same.parameter, 'trajectory_id_2');
      assert.match(same.message, /a bone joins two different trajectories; both are trajectory "LASI"/);
      const twice = await t.fails(BONE, 'add_bone', [rasi, lasi], 'invalid_argument');
      assert.match(twice.message, /are already joined by bone \d+; two trajectories have at most one bone/);
      assert.equal((await t.fails(BONE, 'add_bone', [424242, lasi], 'not_found')).parameter, 'trajectory_id_1');
      assert.equal((await t.fails(BONE, 'add_bone', [lasi, 424242], 'not_found')).parameter, 'trajectory_id_2');
      for (const color of [-1, 0x1000000]) {
        const bad = await t.fails(BONE, 'add_bone', [lasi, lfhd, color], 'invalid_argument');
        assert.equal(bad.parameter, 'color');
        assert.match(bad.message, /is not a colour: colours are 0xbbggrr integers from 0 to 16777215/);
      }
      await t.fails(BONE, 'add_bone', [lasi, lfhd, 1.5], 'invalid_argument');
      const bone = await t.ok(BONE, 'find_bone', [lasi, rasi]);
      await t.fails(BONE, 'set_bone_color', [bone, 0x1000000], 'invalid_argument');
      await t.fails(BONE, 'set_bone_color', [lasi, 0], 'not_found');
      await t.fails(BONE, 'delete_bone', [lasi], 'not_found');
      assert.equal(t.stateText(), state, 'a refused call changes nothing');
    });

    it('deletes one bone or all, and takes them out of the selection', async () => {
      const [lasi, rasi] = [await traj('LASI'), await traj('RASI')];
      const bone = await t.ok(BONE, 'find_bone', [lasi, rasi]);
      const [other] = (await t.ok<number[]>(BONE, 'get_bone_ids')).filter((id) => id !== bone);
      await t.ok(SELECTION, 'set_selections', [
        [
          { type: 'bone', id: bone },
          { type: 'bone', id: other },
        ],
      ]);
      await t.ok(BONE, 'delete_bone', [bone]);
      assert.equal(await t.ok(BONE, 'find_bone', [lasi, rasi]), null);
      assert.deepEqual(await t.ok(SELECTION, 'get_selections'), [{ type: 'bone', id: other, part_index: null }]);
      await t.fails(BONE, 'get_bone_color', [bone], 'not_found');
      assert.notEqual(await t.ok(BONE, 'add_bone', [rasi, lasi]), bone, 'ids are never reused');
      await t.ok(BONE, 'clear_bones');
      assert.equal(await t.ok(BONE, 'get_bone_count'), 0);
      assert.deepEqual(await t.ok(BONE, 'get_bone_ids'), []);
      assert.equal(await t.ok(SELECTION, 'get_selection_count'), 0);
      await t.ok(SELECTION, 'select', [[{ type: 'trajectory', id: lasi }]]);
      await t.ok(BONE, 'clear_bones');
      assert.equal(await t.ok(SELECTION, 'get_selection_count'), 1, 'selected trajectories stay');
    });
  });

  it('exercises every operation of both modules', async () => {
    const [lasi, rasi] = [await traj('LASI'), await traj('RASI')];
    const ids: number[] = await t.ok(TRAJ, 'get_trajectory_ids');
    for (const op of ['get_trajectory_ids', 'get_trajectory_count', 'help']) await t.ok(TRAJ, op);
    await t.ok(TRAJ, 'get_trajectory_id', [0]);
    for (const op of ['get_label', 'get_parts', 'get_part_count', 'get_skeleton_segment_id'])
      await t.ok(TRAJ, op, [ids[0]]);
    await t.ok(TRAJ, 'get_part', [ids[0], 0]);
    const bone = await t.ok(BONE, 'find_bone', [lasi, rasi]);
    for (const op of ['get_bone_ids', 'get_bone_count', 'help']) await t.ok(BONE, op);
    await t.ok(BONE, 'get_bone_id', [0]);
    for (const op of ['get_bone_trajectory_ids', 'get_bone_color']) await t.ok(BONE, op, [bone]);
    await t.ok(BONE, 'set_bone_color', [bone, 1]);
    await t.ok(BONE, 'delete_bone', [bone]);
    await t.ok(BONE, 'add_bone', [lasi, rasi]);
    await t.ok(BONE, 'clear_bones');
    assertAllExercised(t, 'motion.data.object.trajectory', TRAJ);
    assertAllExercised(t, 'motion.data.object.bone', BONE);
  });
});
