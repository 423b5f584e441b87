import assert from 'node:assert/strict';
import { demoState } from '../../server/scripting/model/demo-data';
import type { MotionState } from '../../server/scripting/model/records';
import { closeAll, RULE_HARNESSES, type RuleHarness } from '../support/rule-harness';

const S = 'settings/processing/skeleton';
const G = 'gui/selection';
const IDENTITY = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];

async function skeletonWithTree(open: (state?: MotionState) => Promise<RuleHarness>) {
  const m = await open();
  const sk = await m.call(S, 'add_skeleton', 'project', 'Bob');
  const root = await m.call(S, 'get_skeleton_root_id', 'project', sk);
  const a = await m.call(S, 'add_segment', 'project', root, 'A');
  const a1 = await m.call(S, 'add_segment', 'project', a, 'A1');
  const b = await m.call(S, 'add_segment', 'project', root, 'B');
  const a2 = await m.call(S, 'add_segment', 'project', a, 'A2');
  return { ...m, sk, root, a, a1, b, a2 };
}

for (const [how, open] of RULE_HARNESSES)
  describe(`model rules (docs/design.md §5), ${how}`, () => {
    after(closeAll);
    describe('identifiers', () => {
      it('are positive, unique across sources, and never reused', async () => {
        const m = await open();
        const p = await m.call(S, 'add_skeleton', 'project', 'X');
        const q = await m.call(S, 'add_skeleton', 'measurement', 'X');
        const pr = await m.call(S, 'get_skeleton_root_id', 'project', p);
        const qr = await m.call(S, 'get_skeleton_root_id', 'measurement', q);
        const ids = [p, q, pr, qr];
        assert.ok(ids.every((id) => Number.isInteger(id) && id > 0));
        assert.equal(new Set(ids).size, 4);
        await m.call(S, 'delete_skeleton', 'project', p);
        const again = await m.call(S, 'add_skeleton', 'project', 'X');
        assert.ok(again > Math.max(...ids));
      });

      it('of one source are unknown in the other', async () => {
        const m = await open();
        const p = await m.call(S, 'add_skeleton', 'project', 'X');
        await m.refuses('not_found', S, 'get_skeleton_name', 'measurement', p);
        await m.refuses(
          'not_found',
          S,
          'get_segment_name',
          'measurement',
          await m.call(S, 'get_skeleton_root_id', 'project', p),
        );
      });
    });

    it('lists segments depth-first in pre-order, children in insertion order, root first', async () => {
      const t = await skeletonWithTree(open);
      assert.deepEqual(await t.call(S, 'get_segment_ids', 'project', t.sk), [t.root, t.a, t.a1, t.a2, t.b]);
      assert.equal(await t.call(S, 'get_segment_id', 'project', t.sk, 3), t.a2);
      assert.deepEqual(await t.call(S, 'get_segment_child_ids', 'project', t.a), [t.a1, t.a2]);
    });

    it('gives new skeletons and segments their defaults', async () => {
      const t = await skeletonWithTree(open);
      assert.equal(await t.call(S, 'get_skeleton_scale', 'project', t.sk), 1);
      assert.equal(await t.call(S, 'get_segment_solver', 'project', t.root), 'global_optimization');
      assert.equal(await t.call(S, 'get_segment_solver', 'project', t.a1), null);
      assert.deepEqual(await t.call(S, 'get_segment_transform', 'project', t.a1), IDENTITY);
      assert.deepEqual(await t.call(S, 'get_segment_default_transform', 'project', t.a1), IDENTITY);
      assert.deepEqual(await t.call(S, 'get_segment_endpoint', 'project', t.a1), [0, 0, 0]);
      assert.deepEqual(await t.call(S, 'get_segment_markers', 'project', t.a1), []);
      assert.deepEqual(await t.call(S, 'get_segment_rigid_bodies', 'project', t.a1), []);
      const dofs = await t.call(S, 'get_segment_degrees_of_freedom', 'project', t.a1);
      assert.deepEqual(Object.keys(dofs), [
        'rotation_x',
        'rotation_y',
        'rotation_z',
        'translation_x',
        'translation_y',
        'translation_z',
      ]);
      for (const dof of Object.values(dofs)) assert.deepEqual(dof, { constraint: null, couplings: [], goal: null });
    });

    describe('endpoints', () => {
      it('become null when a child is added, and cannot be set on a segment with children', async () => {
        const t = await skeletonWithTree(open);
        assert.equal(await t.call(S, 'get_segment_endpoint', 'project', t.a), null);
        const e = await t.refuses('invalid_argument', S, 'set_segment_endpoint', 'project', t.a, [1, 2, 3]);
        assert.equal(e.parameter, 'endpoint');
        await t.call(S, 'set_segment_endpoint', 'project', t.a, null);
      });

      it('cannot be set on a segment with one child either; can once it has none', async () => {
        const t = await skeletonWithTree(open);
        await t.call(S, 'delete_segment', 'project', t.a2);
        const e = await t.refuses('invalid_argument', S, 'set_segment_endpoint', 'project', t.a, [1, 2, 3]);
        assert.match(e.message, /has 1 child; only a leaf segment can have an endpoint/);
        assert.equal(await t.call(S, 'get_segment_endpoint', 'project', t.a), null);
        await t.call(S, 'delete_segment', 'project', t.a1);
        await t.call(S, 'set_segment_endpoint', 'project', t.a, [1, 2, 3]);
        assert.deepEqual(await t.call(S, 'get_segment_endpoint', 'project', t.a), [1, 2, 3]);
      });

      it('stay null on a leaf set to null, and after its children are deleted', async () => {
        const t = await skeletonWithTree(open);
        await t.call(S, 'set_segment_endpoint', 'project', t.b, null);
        assert.equal(await t.call(S, 'get_segment_endpoint', 'project', t.b), null);
        await t.call(S, 'delete_segment', 'project', t.a1);
        await t.call(S, 'delete_segment', 'project', t.a2);
        assert.equal(await t.call(S, 'get_segment_endpoint', 'project', t.a), null);
        await t.call(S, 'set_segment_endpoint', 'project', t.a, [0, 0, 120.5]);
        assert.deepEqual(await t.call(S, 'get_segment_endpoint', 'project', t.a), [0, 0, 120.5]);
      });
    });

    it('deletes a whole subtree, never the root', async () => {
      const t = await skeletonWithTree(open);
      await t.call(S, 'delete_segment', 'project', t.a);
      assert.deepEqual(await t.call(S, 'get_segment_ids', 'project', t.sk), [t.root, t.b]);
      await t.refuses('not_found', S, 'get_segment_name', 'project', t.a1);
      await t.refuses('invalid_argument', S, 'delete_segment', 'project', t.root);
    });

    it('keeps a solver on the root', async () => {
      const t = await skeletonWithTree(open);
      await t.refuses('invalid_argument', S, 'set_segment_solver', 'project', t.root, null);
      await t.call(S, 'set_segment_solver', 'project', t.root, 'none');
      await t.call(S, 'set_segment_solver', 'project', t.a, 'global_optimization');
      await t.call(S, 'set_segment_solver', 'project', t.a, null);
      assert.equal(await t.call(S, 'get_segment_solver', 'project', t.a), null);
    });

    it('keeps segment names unique within a skeleton', async () => {
      const t = await skeletonWithTree(open);
      const added = await t.refuses('invalid_argument', S, 'add_segment', 'project', t.root, 'A1');
      assert.equal(added.parameter, 'name');
      assert.match(
        added.message,
        new RegExp(
          `skeleton "Bob" already has a segment named "A1" \\(id ${t.a1}\\); segment names are unique within a skeleton$`,
        ),
      );
      const renamed = await t.refuses('invalid_argument', S, 'set_segment_name', 'project', t.b, 'A');
      assert.equal(renamed.parameter, 'name');
      assert.match(renamed.message, new RegExp(`already has a segment named "A" \\(id ${t.a}\\)`));
      await t.call(S, 'set_segment_name', 'project', t.b, 'B');
      const other = await t.call(S, 'add_skeleton', 'project', 'Other');
      await t.call(S, 'add_segment', 'project', await t.call(S, 'get_skeleton_root_id', 'project', other), 'A');
    });

    it('overwrites a skeleton with the same name, on add and on rename', async () => {
      const m = await open();
      const first = await m.call(S, 'add_skeleton', 'project', 'Bob');
      const second = await m.call(S, 'add_skeleton', 'project', 'Bob');
      assert.deepEqual(await m.call(S, 'get_skeleton_ids', 'project'), [second]);
      await m.refuses('not_found', S, 'get_skeleton_name', 'project', first);
      const alice = await m.call(S, 'add_skeleton', 'project', 'Alice');
      await m.call(S, 'set_skeleton_name', 'project', alice, 'Bob');
      assert.deepEqual(await m.call(S, 'get_skeleton_ids', 'project'), [alice]);
      await m.call(S, 'set_skeleton_name', 'project', alice, 'Bob');
      assert.equal(await m.call(S, 'get_skeleton_count', 'project'), 1);
    });

    it('keeps a structure as documented, whatever order its fields came in (a Lua table has none)', async () => {
      const t = await skeletonWithTree(open);
      await t.call(S, 'set_segment_markers', 'project', t.a, [{ weight: 1, position: [0, 0, 1], name: 'M' }]);
      const [marker] = await t.call(S, 'get_segment_markers', 'project', t.a);
      assert.deepEqual(Object.keys(marker), ['name', 'position', 'weight']);
      await t.call(S, 'set_segment_degrees_of_freedom', 'project', t.a, {
        rotation_z: { couplings: [], constraint: { upper_bound: 2, lower_bound: 1 } },
        rotation_x: { couplings: [] },
      });
      const dofs = await t.call(S, 'get_segment_degrees_of_freedom', 'project', t.a);
      assert.deepEqual(Object.keys(dofs).slice(0, 3), ['rotation_x', 'rotation_y', 'rotation_z']);
      assert.deepEqual(Object.keys(dofs.rotation_z), ['constraint', 'couplings', 'goal']);
      assert.deepEqual(Object.keys(dofs.rotation_z.constraint), ['lower_bound', 'upper_bound']);
      assert.equal(dofs.rotation_z.goal, null, 'an omitted nullable field reads back as null');
    });

    it('replaces the whole degrees-of-freedom object and checks it', async () => {
      const t = await skeletonWithTree(open);
      const constrained = {
        constraint: { lower_bound: -10, upper_bound: 20 },
        couplings: [{ segment: 'B', degree_of_freedom: 'rotation_y', coefficient: 0.5 }],
        goal: { value: 1, weight: 0.2 },
      };
      await t.call(S, 'set_segment_degrees_of_freedom', 'project', t.a, {
        rotation_x: constrained,
        translation_z: { constraint: null, couplings: [], goal: null },
      });
      await t.call(S, 'set_segment_degrees_of_freedom', 'project', t.a, { rotation_z: constrained });
      const dofs = await t.call(S, 'get_segment_degrees_of_freedom', 'project', t.a);
      assert.deepEqual(dofs.rotation_x, { constraint: null, couplings: [], goal: null }, 'omitted: reset to default');
      assert.deepEqual(dofs.rotation_z, constrained);
      await t.refuses('invalid_argument', S, 'set_segment_degrees_of_freedom', 'project', t.a, { twist: constrained });
      const refused = async (rotation_x: unknown, message: string) => {
        const e = await t.refuses('invalid_argument', S, 'set_segment_degrees_of_freedom', 'project', t.a, {
          translation_x: constrained,
          rotation_x,
        });
        assert.equal(e.parameter, 'degrees_of_freedom', message);
        assert.match(e.message, new RegExp(`${message.replace(/[().[\]]/g, '\\$&')}$`));
      };
      await refused(
        { ...constrained, constraint: { lower_bound: 5, upper_bound: 4 } },
        'degrees_of_freedom.rotation_x.constraint: lower_bound 5 is above upper_bound 4',
      );
      const coupled = (segment: string) => ({
        ...constrained,
        couplings: [
          { segment: 'B', degree_of_freedom: 'rotation_x', coefficient: 1 },
          { segment, degree_of_freedom: 'rotation_x', coefficient: 1 },
        ],
      });
      await refused(
        coupled('Nobody'),
        'degrees_of_freedom.rotation_x.couplings[1]: skeleton "Bob" has no segment named "Nobody"',
      );
      await refused(coupled('A'), 'degrees_of_freedom.rotation_x.couplings[1]: a segment cannot be coupled to itself');
      await refused(
        { ...constrained, goal: { value: 0, weight: -0.5 } },
        'degrees_of_freedom.rotation_x.goal.weight must not be negative, got -0.5',
      );
      const after = await t.call(S, 'get_segment_degrees_of_freedom', 'project', t.a);
      assert.deepEqual(
        [after.rotation_z, after.translation_x],
        [constrained, { constraint: null, couplings: [], goal: null }],
        'nothing of a refused object was applied',
      );
    });

    it('keeps the scale within 0.01 to 100.0 inclusive', async () => {
      const m = await open();
      const sk = await m.call(S, 'add_skeleton', 'project', 'Bob');
      for (const ok of [0.01, 100, 1.7]) {
        await m.call(S, 'set_skeleton_scale', 'project', sk, ok);
        assert.equal(await m.call(S, 'get_skeleton_scale', 'project', sk), ok);
      }
      for (const bad of [0.0099, 100.0001, 0, -1])
        await m.refuses('invalid_argument', S, 'set_skeleton_scale', 'project', sk, bad);
    });

    describe('selection', () => {
      const demo = async () => {
        const m = await open(demoState());
        const traj = (label: string): Promise<number> => m.call('data/object/trajectory', 'find_trajectory', label);
        const multi = m.model.trajectories().find((x) => x.parts.length > 1)!;
        const [bone] = await m.call('data/object/bone', 'get_bone_ids');
        return { ...m, traj, multi, bone };
      };

      it('holds one type at a time', async () => {
        const d = await demo();
        await d.refuses('invalid_argument', G, 'set_selections', [
          { type: 'trajectory', id: await d.traj('LASI') },
          { type: 'bone', id: d.bone },
        ]);
        await d.call(G, 'select', [{ type: 'trajectory', id: await d.traj('LASI') }]);
        await d.call(G, 'select', [{ type: 'bone', id: d.bone }]);
        assert.deepEqual(await d.call(G, 'get_selections', null), [{ type: 'bone', id: d.bone, part_index: null }]);
      });

      it('normalises an omitted part_index to null and refuses parts on bones', async () => {
        const d = await demo();
        await d.call(G, 'select', [{ type: 'trajectory', id: await d.traj('LASI') }]);
        assert.deepEqual(await d.call(G, 'get_selections'), [
          { type: 'trajectory', id: await d.traj('LASI'), part_index: null },
        ]);
        await d.refuses('invalid_argument', G, 'select', [{ type: 'bone', id: d.bone, part_index: 0 }]);
      });

      it('treats a whole trajectory as all its parts', async () => {
        const d = await demo();
        await d.call(G, 'select', [{ type: 'trajectory', id: d.multi.id, part_index: 1 }]);
        assert.equal(await d.call(G, 'is_selected', { type: 'trajectory', id: d.multi.id, part_index: 0 }), false);
        await d.call(G, 'select', [{ type: 'trajectory', id: d.multi.id }]);
        assert.equal(await d.call(G, 'is_selected', { type: 'trajectory', id: d.multi.id, part_index: 0 }), true);
        assert.equal(await d.call(G, 'get_selection_count', null), 1, 'the whole absorbs its selected part');
      });

      it('ignores items already selected and keeps insertion order', async () => {
        const d = await demo();
        const [a, b, c] = await Promise.all(
          ['LASI', 'RASI', 'C7'].map(async (l) => ({ type: 'trajectory', id: await d.traj(l), part_index: null })),
        );
        await d.call(G, 'select', [b, a]);
        await d.call(G, 'select', [a, c, c]);
        assert.deepEqual(await d.call(G, 'get_selections', 'trajectory'), [b, a, c]);
      });

      it('refuses unknown ids (not_found) and parts beyond the trajectory (out_of_range)', async () => {
        const d = await demo();
        await d.refuses('not_found', G, 'select', [{ type: 'trajectory', id: 999999 }]);
        await d.refuses('not_found', G, 'select', [{ type: 'bone', id: await d.traj('LASI') }]);
        await d.refuses('out_of_range', G, 'select', [
          { type: 'trajectory', id: d.multi.id, part_index: d.multi.parts.length },
        ]);
        await d.refuses('out_of_range', G, 'is_selected', { type: 'trajectory', id: d.multi.id, part_index: -1 });
      });
    });
  });
