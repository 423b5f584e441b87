import assert from 'node:assert/strict';
import { demoState } from '../../server/scripting/model/demo-data';
import { MotionModel, Transaction } from '../../server/scripting/model/motion-model';
import { newSegment } from '../../server/scripting/model/records';
import { encodeState } from '../../src/api/state/state-document';

describe('Transaction (copy-on-write, all-or-nothing)', () => {
  it('changes nothing until commit, however much it edited', () => {
    const model = new MotionModel(demoState());
    const before = encodeState(model.snapshot());
    const [skeleton] = model.skeletons('project');
    const tx = new Transaction(model);
    const { draft, segment } = tx.editSegment('project', skeleton.rootId);
    segment.name = 'Changed';
    segment.transform[0][3] = 99;
    draft.record.scale = 3;
    const added = newSegment(tx.allocateId(), 'New', skeleton.rootId);
    draft.addSegment(added);
    draft.removeSegment(segment.children[0]);
    tx.removeSkeleton('project', model.skeletons('project')[1].id);
    tx.setSelection([{ type: 'bone', id: 1, part_index: null }]);
    assert.equal(tx.segment('project', added.id).segment.name, 'New', 'the transaction sees its own changes');
    assert.equal(encodeState(model.snapshot()), before, 'the model does not');
    assert.equal(model.ownerOf(added.id), undefined);
  });

  it('shares the segments it did not touch, and indexes added and removed ones on commit', () => {
    const model = new MotionModel(demoState());
    const [skeleton] = model.skeletons('project');
    const child = skeleton.segments[skeleton.rootId].children[0];
    const untouched = Object.values(skeleton.segments).find(
      (s) => s.id !== skeleton.rootId && s.id !== child && s.parentId !== child,
    )!;
    const tx = new Transaction(model);
    const { draft } = tx.editSegment('project', skeleton.rootId);
    assert.equal(draft.record.segments[untouched.id], untouched, 'untouched segments are shared, not copied');
    const added = newSegment(tx.allocateId(), 'New', skeleton.rootId);
    draft.addSegment(added);
    draft.removeSegment(child);
    tx.commit();
    assert.deepEqual(model.ownerOf(added.id), { source: 'project', skeletonId: skeleton.id });
    assert.equal(model.ownerOf(child), undefined);
    assert.notEqual(model.skeletons('project')[0], skeleton, 'the committed skeleton is the new record');
    assert.equal(skeleton.segments[added.id], undefined, 'the old record was never changed');
  });

  it('finds bones in its own draft once it has set them: added ones, and not removed ones', () => {
    const model = new MotionModel(demoState());
    const [kept, removed] = model.bones();
    const tx = new Transaction(model);
    assert.equal(tx.bone(removed.id, 'bone_id'), removed, 'before any change, the model’s bone');
    const added = { id: tx.allocateId(), from: kept.from, to: kept.to, color: 0xff };
    tx.setBones([...tx.bones().filter((b) => b !== removed), added]);
    assert.equal(tx.bone(added.id, 'bone_id'), added);
    assert.equal(tx.bone(kept.id, 'bone_id'), kept);
    assert.throws(
      () => tx.bone(removed.id, 'bone_id'),
      (e: { code: string; parameter: string; message: string }) =>
        e.code === 'not_found' && e.parameter === 'bone_id' && e.message === `no bone with id ${removed.id}`,
    );
    assert.equal(model.bones().includes(removed), true, 'the model keeps it until commit');
  });
});
