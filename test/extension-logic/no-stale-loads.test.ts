import assert from 'node:assert/strict';
import { loadSkeletons } from '../../src/api/skeletons/skeleton-loader';
import type { ToView } from '../../src/protocol/skeleton-view';
import { sendViewScene } from '../../src/extension/skeletons-in-3d/view-scene';
import { referenceServer } from '../support/reference-server';

// Loads are fast because they are concurrent, never because they remember: what one load read is
// not shown by the next once the application has changed it (issue 40: nothing bought with correctness).
describe('no stale values: a second load shows what the application has now', () => {
  const app = referenceServer({ per: 'test' });

  it('the tree: a renamed segment, its markers and a new segment, as changed between two loads by one client', async () => {
    const before = await loadSkeletons(app.client, 'project');
    const body = before.find((s) => s.name === 'FullBody')!;
    const hips = body.root;
    const sk = app.client.settings.processing.skeleton;
    await sk.set_segment_name('project', hips.id, 'Pelvis');
    await sk.set_segment_markers('project', hips.id, [{ name: 'ONLY', position: [0, 0, 0], weight: 1 }]);
    const added = await sk.add_segment('project', hips.id, 'Tail');
    const after = (await loadSkeletons(app.client, 'project')).find((s) => s.id === body.id)!;
    assert.equal(after.root.name, 'Pelvis');
    assert.equal(after.root.markerCount, 1);
    assert.equal(after.segmentCount, body.segmentCount + 1);
    assert.ok(after.root.children.some((c) => c.id === added && c.name === 'Tail'));
  });

  it('the 3D view: a moved segment and a deleted skeleton, as changed between two openings', async () => {
    const scene = async () => {
      const messages: ToView[] = [];
      await sendViewScene(app.client, { source: 'project' }, (m) => void messages.push(m));
      return messages;
    };
    const first = await scene();
    // Each skeleton comes twice: placed, then whole; both must show what the application has now.
    const skeletons = (ms: ToView[], placed = false) =>
      ms.flatMap((m) => (m.type === 'skeleton' && !!m.skeleton.placedOnly === placed ? [m.skeleton] : []));
    const [body, wand] = skeletons(first);
    const sk = app.client.settings.processing.skeleton;
    const root = await sk.get_skeleton_root_id('project', body.id);
    const moved = (await sk.get_segment_transform('project', root)).map((row, i) =>
      i === 0 ? [row[0], row[1], row[2], row[3] + 500] : row,
    );
    await sk.set_segment_transform('project', root, moved);
    await sk.delete_skeleton('project', wand.id);
    const again = await scene();
    const second = skeletons(again);
    assert.deepEqual(
      second.map((s) => s.id),
      [body.id],
      'the deleted skeleton is gone',
    );
    const joint = (s: (typeof second)[number]) => s.calibrated.segments.find((g) => g.id === root)!.origin;
    assert.equal(joint(second[0])[0], joint(body)[0] + 500, 'the root moved by what was written');
    assert.deepEqual(
      skeletons(again, true).map((s) => [s.id, joint(s)]),
      [[body.id, joint(second[0])]],
      'placed first where it is now, and only the skeletons that are left',
    );
  });
});
