import assert from 'node:assert/strict';
import { MotionError } from '../../src/api/client/motion-error';
import { exportSegment, exportSkeleton } from '../../src/api/skeletons/skeleton-definition';
import {
  undoAll,
  undoAddedSegment,
  undoAddedSkeleton,
  undoDeletedSegment,
  undoDeletedSkeleton,
  undoScale,
  undoSegmentFields,
  undoSkeletonRename,
} from '../../src/extension/history/undo-steps';
import { demoApplicationPerTest } from '../support/demo-application';

/**
 * Each kind of undo on its own, against the real server: what its check says when the thing it
 * acts on is gone, renamed or in the way, and what its run leaves when the application refuses.
 */
describe('undo steps: their checks and their refusals (against the real server)', () => {
  const app = demoApplicationPerTest();
  const api = () => app.client.settings.processing.skeleton;
  const skeletonId = async (source: 'project' | 'measurement', name: string) =>
    (await api().find_skeleton(source, name))!;
  const segmentId = async (skeleton: string, name: string) =>
    (await api().find_segment('project', await skeletonId('project', skeleton), name))!;

  it('says a skeleton is gone, naming the settings it was in; other failures are thrown as they are', async () => {
    const wand = await skeletonId('project', 'Wand');
    const undo = undoScale('project', wand, 'Wand', 1);
    assert.equal(await undo.check(app.client), undefined, 'nothing in the way yet');
    await api().delete_skeleton('project', wand);
    assert.equal(await undo.check(app.client), 'skeleton "Wand" is no longer in the project settings');
    const [actor] = await api().get_skeleton_ids('measurement');
    await api().delete_skeleton('measurement', actor);
    assert.equal(
      await undoScale('measurement', actor, 'Actor1', 1).check(app.client),
      'skeleton "Actor1" is no longer in the measurement settings',
    );
    await assert.rejects(
      undoScale('data' as never, wand, 'Wand', 1).check(app.client),
      (error: unknown) => error instanceof MotionError && error.code === 'invalid_argument',
    );
  });

  it('says a segment is gone or renamed since', async () => {
    const tip = await segmentId('Wand', 'Tip');
    const undo = undoSegmentFields('project', tip, 'Tip', [{ field: 'solver', before: 'global', after: 'local' }]);
    await api().set_segment_name('project', tip, 'Point');
    assert.equal(await undo.check(app.client), `segment ${tip} is now named "Point", not "Tip": it was changed since`);
    await api().delete_segment('project', tip);
    assert.equal(await undo.check(app.client), 'segment "Tip" is no longer in the project settings');
  });

  it('brings a deleted skeleton back only while its name is free', async () => {
    const wand = await skeletonId('project', 'Wand');
    const document = await exportSkeleton(app.client, 'project', wand);
    await api().delete_skeleton('project', wand);
    const undo = undoDeletedSkeleton('project', document);
    assert.equal(undo.caveat, 'The skeleton "Wand" comes back with new identifiers.');
    await api().add_skeleton('project', 'Wand');
    assert.equal(
      await undo.check(app.client),
      'a skeleton named "Wand" is in the project settings again: undoing would replace it',
    );
  });

  it('renames back only when no other skeleton took the old name meanwhile', async () => {
    const wand = await skeletonId('project', 'Wand');
    await api().set_skeleton_name('project', wand, 'Stick');
    const undo = undoSkeletonRename('project', wand, 'Wand', 'Stick');
    assert.equal(undo.caveat, undefined, 'nothing was replaced');
    await api().add_skeleton('project', 'Wand');
    assert.equal(await undo.check(app.client), undefined, 'Stick is still Stick');
    await assert.rejects(
      undo.run(app.client),
      /^Error: a skeleton named "Wand" exists again: renaming back would replace it$/,
    );
    assert.equal(await api().get_skeleton_name('project', wand), 'Stick', 'not renamed');
  });

  it('says which skeleton an added one replaced comes back new', async () => {
    const wand = await skeletonId('project', 'Wand');
    const replaced = await exportSkeleton(app.client, 'project', wand);
    assert.equal(
      undoAddedSkeleton('project', wand, 'Wand', replaced).caveat,
      'The skeleton "Wand" that it replaced comes back with new identifiers.',
    );
    assert.equal(undoAddedSkeleton('project', wand, 'Wand').caveat, undefined);
  });

  it('gives a parent its endpoint back only when it is a leaf again', async () => {
    const tip = await segmentId('Wand', 'Tip');
    const endpoint = await api().get_segment_endpoint('project', tip);
    assert.notEqual(endpoint, null, 'Tip is a leaf with an endpoint');
    const grip = await api().add_segment('project', tip, 'Grip');
    await api().add_segment('project', tip, 'Guard'); // added since, outside the history
    await undoAddedSegment('project', grip, 'Grip', tip, endpoint).run(app.client);
    assert.equal(await api().get_segment_endpoint('project', tip), null, 'Tip still has a child, so no endpoint');
    assert.deepEqual(await api().get_segment_child_ids('project', tip), [await segmentId('Wand', 'Guard')]);
  });

  it('creates a deleted segment again only under the same parent, without a namesake, and all or nothing', async () => {
    const spine = await segmentId('FullBody', 'Spine');
    const spine1 = await segmentId('FullBody', 'Spine1');
    const deleted = await exportSegment(app.client, 'project', spine1);
    await api().delete_segment('project', spine1);
    const undo = undoDeletedSegment('project', spine, 'Spine', deleted);
    assert.equal(await undo.check(app.client), undefined);

    // A document the application refuses part-way: the segment created for it is removed again.
    // A coupling to a segment that is not there: refused last, once every segment exists.
    const dof = structuredClone(deleted.degrees_of_freedom) as Record<string, { couplings: unknown[] }>;
    dof[Object.keys(dof)[0]].couplings = [
      { segment: 'Nowhere', degree_of_freedom: Object.keys(dof)[0], coefficient: 1 },
    ];
    const refused = undoDeletedSegment('project', spine, 'Spine', { ...deleted, degrees_of_freedom: dof });
    await assert.rejects(refused.run(app.client), (error: unknown) => error instanceof MotionError);
    assert.equal(await api().find_segment('project', await skeletonId('project', 'FullBody'), 'Spine1'), null);

    await api().add_segment('project', spine, 'Spine1');
    assert.equal(await undo.check(app.client), 'the skeleton has a segment named "Spine1" again');
    await api().delete_segment('project', spine);
    assert.equal(await undo.check(app.client), 'segment "Spine" is no longer in the project settings');
  });

  it('takes several changes back as one: each checked, all run, their caveats joined', async () => {
    const sk = api();
    const first = await sk.add_skeleton('project', 'First');
    const second = await sk.add_skeleton('project', 'Second');
    const replaced = await exportSkeleton(app.client, 'project', await skeletonId('project', 'Wand'));
    assert.equal(
      undoAll([undoAddedSkeleton('project', first, 'First'), undoAddedSkeleton('project', second, 'Second', replaced)])
        .caveat,
      'The skeleton "Second" that it replaced comes back with new identifiers.',
    );
    const single = undoScale('project', first, 'First', 1);
    assert.equal(undoAll([single]), single, 'one undo is itself');
    const both = undoAll([
      undoAddedSkeleton('project', first, 'First'),
      undoAddedSkeleton('project', second, 'Second'),
    ]);
    assert.equal(both.caveat, undefined);
    await sk.set_skeleton_name('project', second, 'Renamed');
    assert.equal(
      await both.check(app.client),
      `skeleton ${second} is now named "Renamed", not "Second": it was changed since`,
    );
    await sk.set_skeleton_name('project', second, 'Second');
    assert.equal(await both.check(app.client), undefined);
    await both.run(app.client);
    assert.deepEqual(
      [await sk.find_skeleton('project', 'First'), await sk.find_skeleton('project', 'Second')],
      [null, null],
    );
  });
});
