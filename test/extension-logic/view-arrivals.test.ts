import assert from 'node:assert/strict';
import { sendViewScene } from '../../src/extension/skeletons-in-3d/view-scene';
import type { SkeletonScene } from '../../src/api/skeletons/skeleton-geometry';
import type { ViewSkeleton } from '../../src/protocol/skeleton-view';
import { legendLines } from '../../src/webview/skeleton-view/legend-lines';
import { Arrivals } from '../../src/webview/skeleton-view/skeleton-arrival';
import { referenceServer } from '../support/reference-server';

describe('3D view: skeletons placed first, then whole (plain Node, real server)', () => {
  const app = referenceServer({ per: 'suite' });

  /** The Wand as a view gets it: placed only, then whole; its tip's transform scales (a problem). */
  async function wandTwice(): Promise<{ placed: ViewSkeleton; whole: ViewSkeleton; defaultPose: SkeletonScene }> {
    const api = app.client.settings.processing.skeleton;
    const wand = (await api.find_skeleton('project', 'Wand'))!;
    const tip = (await api.find_segment('project', wand, 'Tip'))!;
    const scaling = (await api.get_segment_transform('project', tip)).map((row, i) =>
      row.map((v, j) => (i === j && i < 3 ? 2 * v : v)),
    );
    await api.set_segment_transform('project', tip, scaling);
    const arrived: ViewSkeleton[] = [];
    let defaultPose: SkeletonScene | undefined;
    await sendViewScene(app.client, { source: 'project', skeletonIds: [wand] }, (m) => {
      if (m.type === 'skeleton') arrived.push(m.skeleton);
      if (m.type === 'defaultPose') defaultPose = m.scene;
    });
    const [placed, whole] = arrived;
    assert.equal(arrived.length, 2);
    assert.ok(defaultPose, 'the default pose comes after the skeleton, calibrated');
    return { placed, whole, defaultPose };
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
    assert.deepEqual(
      new Set(placed.calibrated.segments.map((s) => s.name)),
      new Set(['']),
      'no label on a segment before its name is read',
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

  it('both poses: a skeleton counts in the default pose once that pose has come, and the legend draws the pose it shows', async () => {
    const { whole, defaultPose } = await wandTwice();
    const wand = { ...whole, default: undefined };
    const other = { ...whole, id: whole.id + 1, name: 'Staff', default: defaultPose };
    const arrivals = new Arrivals();
    arrivals.showOutline({ title: 'two', source: 'project', skeletonIds: [wand.id, other.id] });
    arrivals.take(wand);
    arrivals.take(other);
    assert.deepEqual(
      arrivals.shown('default').map((s) => s.name),
      ['Staff'],
    );
    assert.deepEqual([arrivals.missing('calibrated'), arrivals.missing('default')], [0, 1]);
    assert.deepEqual([arrivals.complete('calibrated'), arrivals.complete('default')], [true, false]);
    assert.deepEqual(
      legendLines([wand, other], 'default', 1).map((l) => l.text.split(' · ')[0]),
      ['Loading 1 more skeleton…', 'Staff'],
      'the Wand not read in the default pose yet: not listed there',
    );
    // The page's defaultPose message: the pose is added to the skeleton it has.
    arrivals.get(wand.id)!.default = defaultPose;
    assert.equal(arrivals.complete('default'), true);
    assert.deepEqual(
      arrivals.shown('default').map((s) => s.name),
      ['Wand', 'Staff'],
      'in the outline’s order',
    );
    assert.deepEqual(arrivals.showOutline({ title: 'one', source: 'project', skeletonIds: [other.id] }), [whole.id]);
    assert.deepEqual(
      arrivals.all().map((s) => s.name),
      ['Staff'],
      'the one still shown is kept',
    );
    assert.equal(arrivals.empty, false);
    const fresh = new Arrivals();
    assert.deepEqual(
      [fresh.empty, fresh.complete('calibrated')],
      [false, false],
      'before its outline: not empty, nor complete',
    );
    fresh.showOutline({ title: 'two', source: 'project', skeletonIds: [wand.id, other.id] });
    fresh.take({ ...other, placedOnly: true });
    assert.deepEqual(
      [fresh.missing('calibrated'), fresh.placedOnly('calibrated'), fresh.complete('calibrated')],
      [1, 1, false],
      'one to come and one placed only: not complete',
    );
  });

  it('the legend counts in words, warns only of problems, and lists four of them with how many more', async () => {
    const { placed, whole } = await wandTwice();
    const problem = (name: string) => ({ name, problems: ['its transform is not rigid'] });
    const calibrated = whole.calibrated;
    const troubled: ViewSkeleton = {
      ...whole,
      calibrated: {
        ...calibrated,
        segments: calibrated.segments.map((s) => ({ ...s, ...problem(s.name) })),
        markers: calibrated.markers.map((m, i) => ({ ...m, problems: i < 3 ? [`${m.name} is far`] : [] })),
      },
    };
    const lines = legendLines([placed, { ...placed, id: placed.id + 1 }, troubled], 'calibrated', 2);
    assert.deepEqual(
      lines.slice(0, 2).map((l) => [l.text, l.warning]),
      [
        ['Loading 2 more skeletons…', false],
        ['Loading the names and markers of 2 skeletons…', false],
      ],
    );
    const problems = [
      ...calibrated.segments.map((s) => `Segment ${s.name}: its transform is not rigid`),
      ...calibrated.markers.slice(0, 3).map((m) => `Marker ${m.name}: ${m.name} is far`),
    ];
    assert.ok(problems.length > 4, 'more problems than the legend lists');
    assert.deepEqual(
      lines.filter((l) => l.warning).map((l) => l.text),
      [...problems.slice(0, 4), `… and ${problems.length - 4} more, drawn in red`].map((p) => `⚠ Wand › ${p}`),
    );
    assert.equal(lines.filter((l) => !l.warning).length, 5, 'two loading lines and a line per skeleton');
  });
});
