import assert from 'node:assert/strict';
import { sendViewScene } from '../../src/extension/skeletons-in-3d/view-scene';
import type { ViewSkeleton } from '../../src/protocol/skeleton-view';
import { legendLines } from '../../src/webview/skeleton-view/legend-lines';
import { Arrivals } from '../../src/webview/skeleton-view/skeleton-arrival';
import { referenceServer } from '../support/reference-server';

describe('3D view: skeletons placed first, then whole (plain Node, real server)', () => {
  const app = referenceServer({ per: 'suite' });

  /** The Wand as a view gets it: placed only, then whole; its tip's transform scales (a problem). */
  async function wandTwice(): Promise<{ placed: ViewSkeleton; whole: ViewSkeleton }> {
    const api = app.client.settings.processing.skeleton;
    const wand = (await api.find_skeleton('project', 'Wand'))!;
    const tip = (await api.find_segment('project', wand, 'Tip'))!;
    const scaling = (await api.get_segment_transform('project', tip)).map((row, i) =>
      row.map((v, j) => (i === j && i < 3 ? 2 * v : v)),
    );
    await api.set_segment_transform('project', tip, scaling);
    const arrived: ViewSkeleton[] = [];
    await sendViewScene(app.client, { source: 'project', skeletonIds: [wand] }, (m) => {
      if (m.type === 'skeleton') arrived.push(m.skeleton);
    });
    const [placed, whole] = arrived;
    assert.equal(arrived.length, 2);
    return { placed, whole };
  }

  it('the legend says what is still to come, and names problems once the names have come', async () => {
    const { placed, whole } = await wandTwice();
    const segments = whole.calibrated.segments.length;
    assert.deepEqual(
      legendLines([placed], 'calibrated', 1).map((l) => l.text),
      [
        'Loading 1 more skeleton…',
        'Loading the names and markers of 1 skeleton…',
        `Wand · scale 1 · ${segments} segments · markers to come`,
      ],
      'placed: counted, drawn red already, its problem named when its names come',
    );
    assert.ok(
      placed.calibrated.segments.some((s) => s.problems.length > 0),
      'the scaling tip is drawn red already',
    );
    const lines = legendLines([whole], 'calibrated', 0);
    assert.equal(lines[0].text, `Wand · scale 1 · ${segments} segments · ${whole.calibrated.markers.length} markers`);
    assert.ok(whole.calibrated.markers.length > 0);
    assert.deepEqual(
      lines.slice(1).map((l) => [l.text, l.warning]),
      [['⚠ Wand › Segment Tip: its transform is not rigid (it scales or shears)', true]],
    );
  });

  it('a placed-only skeleton never takes the place of a whole one (a reload does not blink); whole means complete', async () => {
    const { placed, whole } = await wandTwice();
    const arrivals = new Arrivals();
    assert.equal(arrivals.take(placed), false, 'nothing is taken before the outline');
    arrivals.showOutline({ title: 'Wand', source: 'project', skeletonIds: [whole.id] });
    assert.equal(arrivals.missing('calibrated'), 1);
    assert.equal(arrivals.take(placed), true, 'the first arrival is drawn');
    assert.deepEqual([arrivals.missing('calibrated'), arrivals.placedOnly('calibrated')], [0, 1]);
    assert.equal(arrivals.complete('calibrated'), false, 'placed only is not complete');
    assert.equal(arrivals.take(whole), true, 'the whole one follows');
    assert.equal(arrivals.complete('calibrated'), true);
    assert.equal(arrivals.take(placed), false, 'a reload keeps the whole drawing');
    assert.equal(arrivals.get(whole.id), whole);
    assert.equal(arrivals.take(whole), true, 'a reload, whole again');
    assert.equal(arrivals.take({ ...placed, id: whole.id + 1000 }), false, 'a skeleton not in the outline');
    assert.deepEqual(arrivals.showOutline({ title: 'none', source: 'project', skeletonIds: [] }), [whole.id]);
    assert.equal(arrivals.empty, true);
    assert.equal(arrivals.take(placed), false, 'gone with the outline');
    assert.deepEqual(arrivals.all(), []);
  });
});
