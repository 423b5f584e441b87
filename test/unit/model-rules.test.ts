import assert from 'node:assert/strict';
import { demoState } from '../../server/scripting/model/demo-data';
import { inProcess } from '../support/in-process';

const S = 'settings/processing/skeleton';
const G = 'gui/selection';
const IDENTITY = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];

function skeletonWithTree() {
  const m = inProcess();
  const sk = m.call(S, 'add_skeleton', 'project', 'Bob');
  const root = m.call(S, 'get_skeleton_root_id', 'project', sk);
  const a = m.call(S, 'add_segment', 'project', root, 'A');
  const a1 = m.call(S, 'add_segment', 'project', a, 'A1');
  const b = m.call(S, 'add_segment', 'project', root, 'B');
  const a2 = m.call(S, 'add_segment', 'project', a, 'A2');
  return { ...m, sk, root, a, a1, b, a2 };
}

describe('model rules (design.md §5)', () => {
  describe('identifiers', () => {
    it('are positive, unique across sources, and never reused', () => {
      const m = inProcess();
      const p = m.call(S, 'add_skeleton', 'project', 'X');
      const q = m.call(S, 'add_skeleton', 'measurement', 'X');
      const pr = m.call(S, 'get_skeleton_root_id', 'project', p);
      const qr = m.call(S, 'get_skeleton_root_id', 'measurement', q);
      const ids = [p, q, pr, qr];
      assert.ok(ids.every((id) => Number.isInteger(id) && id > 0));
      assert.equal(new Set(ids).size, 4);
      m.call(S, 'delete_skeleton', 'project', p);
      const again = m.call(S, 'add_skeleton', 'project', 'X');
      assert.ok(again > Math.max(...ids));
    });

    it('of one source are unknown in the other', () => {
      const m = inProcess();
      const p = m.call(S, 'add_skeleton', 'project', 'X');
      m.refuses('not_found', S, 'get_skeleton_name', 'measurement', p);
      m.refuses('not_found', S, 'get_segment_name', 'measurement', m.call(S, 'get_skeleton_root_id', 'project', p));
    });
  });

  it('lists segments depth-first in pre-order, children in insertion order, root first', () => {
    const t = skeletonWithTree();
    assert.deepEqual(t.call(S, 'get_segment_ids', 'project', t.sk), [t.root, t.a, t.a1, t.a2, t.b]);
    assert.equal(t.call(S, 'get_segment_id', 'project', t.sk, 3), t.a2);
    assert.deepEqual(t.call(S, 'get_segment_child_ids', 'project', t.a), [t.a1, t.a2]);
  });

  it('gives new skeletons and segments their defaults', () => {
    const t = skeletonWithTree();
    assert.equal(t.call(S, 'get_skeleton_scale', 'project', t.sk), 1);
    assert.equal(t.call(S, 'get_segment_solver', 'project', t.root), 'global_optimization');
    assert.equal(t.call(S, 'get_segment_solver', 'project', t.a1), null);
    assert.deepEqual(t.call(S, 'get_segment_transform', 'project', t.a1), IDENTITY);
    assert.deepEqual(t.call(S, 'get_segment_default_transform', 'project', t.a1), IDENTITY);
    assert.deepEqual(t.call(S, 'get_segment_endpoint', 'project', t.a1), [0, 0, 0]);
    assert.deepEqual(t.call(S, 'get_segment_markers', 'project', t.a1), []);
    assert.deepEqual(t.call(S, 'get_segment_rigid_bodies', 'project', t.a1), []);
    const dofs = t.call(S, 'get_segment_degrees_of_freedom', 'project', t.a1);
    assert.deepEqual(Object.keys(dofs), ['rotation_x', 'rotation_y', 'rotation_z', 'translation_x', 'translation_y', 'translation_z']);
    for (const dof of Object.values(dofs)) assert.deepEqual(dof, { constraint: null, couplings: [], goal: null });
  });

  describe('endpoints', () => {
    it('become null when a child is added, and cannot be set on a segment with children', () => {
      const t = skeletonWithTree();
      assert.equal(t.call(S, 'get_segment_endpoint', 'project', t.a), null);
      const e = t.refuses('invalid_argument', S, 'set_segment_endpoint', 'project', t.a, [1, 2, 3]);
      assert.equal(e.parameter, 'endpoint');
      t.call(S, 'set_segment_endpoint', 'project', t.a, null);
    });

    it('stay null on a leaf set to null, and after its children are deleted', () => {
      const t = skeletonWithTree();
      t.call(S, 'set_segment_endpoint', 'project', t.b, null);
      assert.equal(t.call(S, 'get_segment_endpoint', 'project', t.b), null);
      t.call(S, 'delete_segment', 'project', t.a1);
      t.call(S, 'delete_segment', 'project', t.a2);
      assert.equal(t.call(S, 'get_segment_endpoint', 'project', t.a), null);
      t.call(S, 'set_segment_endpoint', 'project', t.a, [0, 0, 120.5]);
      assert.deepEqual(t.call(S, 'get_segment_endpoint', 'project', t.a), [0, 0, 120.5]);
    });
  });

  it('deletes a whole subtree, never the root', () => {
    const t = skeletonWithTree();
    t.call(S, 'delete_segment', 'project', t.a);
    assert.deepEqual(t.call(S, 'get_segment_ids', 'project', t.sk), [t.root, t.b]);
    t.refuses('not_found', S, 'get_segment_name', 'project', t.a1);
    t.refuses('invalid_argument', S, 'delete_segment', 'project', t.root);
  });

  it('keeps a solver on the root', () => {
    const t = skeletonWithTree();
    t.refuses('invalid_argument', S, 'set_segment_solver', 'project', t.root, null);
    t.call(S, 'set_segment_solver', 'project', t.root, 'none');
    t.call(S, 'set_segment_solver', 'project', t.a, 'global_optimization');
    t.call(S, 'set_segment_solver', 'project', t.a, null);
    assert.equal(t.call(S, 'get_segment_solver', 'project', t.a), null);
  });

  it('keeps segment names unique within a skeleton', () => {
    const t = skeletonWithTree();
    t.refuses('invalid_argument', S, 'add_segment', 'project', t.root, 'A1');
    t.refuses('invalid_argument', S, 'set_segment_name', 'project', t.b, 'A');
    t.call(S, 'set_segment_name', 'project', t.b, 'B');
    const other = t.call(S, 'add_skeleton', 'project', 'Other');
    t.call(S, 'add_segment', 'project', t.call(S, 'get_skeleton_root_id', 'project', other), 'A');
  });

  it('overwrites a skeleton with the same name, on add and on rename', () => {
    const m = inProcess();
    const first = m.call(S, 'add_skeleton', 'project', 'Bob');
    const second = m.call(S, 'add_skeleton', 'project', 'Bob');
    assert.deepEqual(m.call(S, 'get_skeleton_ids', 'project'), [second]);
    m.refuses('not_found', S, 'get_skeleton_name', 'project', first);
    const alice = m.call(S, 'add_skeleton', 'project', 'Alice');
    m.call(S, 'set_skeleton_name', 'project', alice, 'Bob');
    assert.deepEqual(m.call(S, 'get_skeleton_ids', 'project'), [alice]);
    m.call(S, 'set_skeleton_name', 'project', alice, 'Bob');
    assert.equal(m.call(S, 'get_skeleton_count', 'project'), 1);
  });

  it('replaces the whole degrees-of-freedom object and checks it', () => {
    const t = skeletonWithTree();
    const constrained = { constraint: { lower_bound: -10, upper_bound: 20 }, couplings: [{ segment: 'B', degree_of_freedom: 'rotation_y', coefficient: 0.5 }], goal: { value: 1, weight: 0.2 } };
    t.call(S, 'set_segment_degrees_of_freedom', 'project', t.a, { rotation_x: constrained, translation_z: { constraint: null, couplings: [], goal: null } });
    t.call(S, 'set_segment_degrees_of_freedom', 'project', t.a, { rotation_z: constrained });
    const dofs = t.call(S, 'get_segment_degrees_of_freedom', 'project', t.a);
    assert.deepEqual(dofs.rotation_x, { constraint: null, couplings: [], goal: null }, 'omitted: reset to default');
    assert.deepEqual(dofs.rotation_z, constrained);
    t.refuses('invalid_argument', S, 'set_segment_degrees_of_freedom', 'project', t.a, { twist: constrained });
    t.refuses('invalid_argument', S, 'set_segment_degrees_of_freedom', 'project', t.a, { rotation_x: { ...constrained, constraint: { lower_bound: 5, upper_bound: 4 } } });
    t.refuses('invalid_argument', S, 'set_segment_degrees_of_freedom', 'project', t.a, { rotation_x: { ...constrained, couplings: [{ segment: 'Nobody', degree_of_freedom: 'rotation_x', coefficient: 1 }] } });
    t.refuses('invalid_argument', S, 'set_segment_degrees_of_freedom', 'project', t.a, { rotation_x: { ...constrained, couplings: [{ segment: 'A', degree_of_freedom: 'rotation_x', coefficient: 1 }] } });
  });

  it('keeps the scale within 0.01 to 100.0 inclusive', () => {
    const m = inProcess();
    const sk = m.call(S, 'add_skeleton', 'project', 'Bob');
    for (const ok of [0.01, 100, 1.7]) {
      m.call(S, 'set_skeleton_scale', 'project', sk, ok);
      assert.equal(m.call(S, 'get_skeleton_scale', 'project', sk), ok);
    }
    for (const bad of [0.0099, 100.0001, 0, -1]) m.refuses('invalid_argument', S, 'set_skeleton_scale', 'project', sk, bad);
  });

  describe('selection', () => {
    const demo = () => {
      const m = inProcess(demoState());
      const traj = (label: string) => m.call('data/object/trajectory', 'find_trajectory', label);
      const multi = m.model.trajectories().find((t) => t.parts > 1)!;
      const bone = m.call('data/object/bone', 'get_bone_ids')[0];
      return { ...m, traj, multi, bone };
    };

    it('holds one type at a time', () => {
      const d = demo();
      d.refuses('invalid_argument', G, 'set_selections', [{ type: 'trajectory', id: d.traj('LASI') }, { type: 'bone', id: d.bone }]);
      d.call(G, 'select', [{ type: 'trajectory', id: d.traj('LASI') }]);
      d.call(G, 'select', [{ type: 'bone', id: d.bone }]);
      assert.deepEqual(d.call(G, 'get_selections', null), [{ type: 'bone', id: d.bone, part_index: null }]);
    });

    it('normalises an omitted part_index to null and refuses parts on bones', () => {
      const d = demo();
      d.call(G, 'select', [{ type: 'trajectory', id: d.traj('LASI') }]);
      assert.deepEqual(d.call(G, 'get_selections'), [{ type: 'trajectory', id: d.traj('LASI'), part_index: null }]);
      d.refuses('invalid_argument', G, 'select', [{ type: 'bone', id: d.bone, part_index: 0 }]);
    });

    it('treats a whole trajectory as all its parts', () => {
      const d = demo();
      d.call(G, 'select', [{ type: 'trajectory', id: d.multi.id, part_index: 1 }]);
      assert.equal(d.call(G, 'is_selected', { type: 'trajectory', id: d.multi.id, part_index: 0 }), false);
      d.call(G, 'select', [{ type: 'trajectory', id: d.multi.id }]);
      assert.equal(d.call(G, 'is_selected', { type: 'trajectory', id: d.multi.id, part_index: 0 }), true);
      assert.equal(d.call(G, 'get_selection_count', null), 1, 'the whole absorbs its selected part');
    });

    it('ignores items already selected and keeps insertion order', () => {
      const d = demo();
      const [a, b, c] = ['LASI', 'RASI', 'C7'].map((l) => ({ type: 'trajectory', id: d.traj(l), part_index: null }));
      d.call(G, 'select', [b, a]);
      d.call(G, 'select', [a, c, c]);
      assert.deepEqual(d.call(G, 'get_selections', 'trajectory'), [b, a, c]);
    });

    it('refuses unknown ids (not_found) and parts beyond the trajectory (out_of_range)', () => {
      const d = demo();
      d.refuses('not_found', G, 'select', [{ type: 'trajectory', id: 999999 }]);
      d.refuses('not_found', G, 'select', [{ type: 'bone', id: d.traj('LASI') }]);
      d.refuses('out_of_range', G, 'select', [{ type: 'trajectory', id: d.multi.id, part_index: d.multi.parts }]);
      d.refuses('out_of_range', G, 'is_selected', { type: 'trajectory', id: d.multi.id, part_index: -1 });
    });
  });
});
