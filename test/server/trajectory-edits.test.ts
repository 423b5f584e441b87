import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeMeasurement, type Track } from '../support/c3d-measurement';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const FILE = 'file';
const SERIES = 'data/series/_3d';
const TRAJECTORY = 'data/object/trajectory';

type Vec = [number, number, number];
const near = (a: number[], b: number[], tolerance: number, what: string) =>
  assert.ok(
    a.every((v, i) => Math.abs(v - b[i]) <= tolerance),
    `${what}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`,
  );
const gap =
  (from: number, to: number, track: Track): Track =>
  (f) =>
    f >= from && f <= to ? null : track(f);

/** A rigid triangle turning about z and moving along x, and a marker fixed to it: what a relational fill must find again. */
function rotating(local: Vec): Track {
  return (f) => {
    const angle = f * 0.05;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    return [100 + 5 * f + c * local[0] - s * local[1], 200 + s * local[0] + c * local[1], 1000 + local[2]];
  };
}

describe('HTTP: trajectory edits on a measurement, by the documentation and docs/design.md §11', () => {
  const scratch = scratchFolder('motion-edits-');
  let t: TestServer;
  const line: Track = (f) => [10 * f, 100, 1000 + f];
  const curve: Track = (f) => [f * f, 2 * f, 500];
  const markers = {
    LINE: gap(8, 11, line),
    CURVE: gap(8, 11, curve),
    EARLY: gap(0, 3, line),
    O: rotating([0, 0, 0]),
    L: rotating([100, 0, 0]),
    P: rotating([0, 80, 0]),
    T: gap(5, 14, rotating([40, 30, 20])),
  };
  const id = (label: string): Promise<number> => t.ok(TRAJECTORY, 'find_trajectory', [label]);
  const positions = async (label: string, from: number, to: number): Promise<Vec[]> =>
    (await t.ok<{ position: Vec }[]>(SERIES, 'get_samples', [await id(label), { start: from, end: to }])).map(
      (s) => s.position,
    );

  beforeEach(async () => {
    t = await startTestServer();
    const path = join(scratch.path, 'edits.c3d');
    writeMeasurement(path, markers);
    await t.ok(FILE, 'open', [path]);
  });
  afterEach(() => t.close());

  it('fills a gap linearly and by polynomial: exact on a straight line, the gap a filled part between measured ones', async () => {
    const gapOf = { start: 8, end: 11 };
    await t.ok(TRAJECTORY, 'fill_trajectory', [await id('LINE'), 'linear', gapOf, null]);
    (await positions('LINE', 8, 11)).forEach((p, k) => near(p, line(8 + k)!, 1e-3, `frame ${8 + k}`));
    assert.deepEqual(await t.ok(TRAJECTORY, 'get_parts', [await id('LINE')]), [
      { range: { start: 0, end: 7 }, type: 'measured' },
      { range: { start: 8, end: 11 }, type: 'filled' },
      { range: { start: 12, end: 19 }, type: 'measured' },
    ]);
    assert.deepEqual(await t.ok(SERIES, 'get_gap_ranges', [await id('LINE')]), []);
    assert.equal(await t.ok(FILE, 'is_dirty'), true);
    await t.ok(TRAJECTORY, 'fill_trajectory', [await id('CURVE'), null, gapOf, null]);
    const filled = await positions('CURVE', 8, 11);
    filled.forEach((p, k) =>
      near(p, curve(8 + k)!, 1.5, `the default fill (polynomial) follows the curve at ${8 + k}`),
    );
    const straight = (k: number) => 49 + ((144 - 49) * (k + 1)) / 5;
    assert.ok(
      filled.some((p, k) => Math.abs(p[0] - straight(k)) > 3),
      'the polynomial bends with the curve where a straight line would not',
    );
  });

  it('fills statically from the sample before, or after when there is none before', async () => {
    await t.ok(TRAJECTORY, 'fill_trajectory', [await id('LINE'), 'static', { start: 8, end: 11 }, null]);
    for (const p of await positions('LINE', 8, 11)) near(p, line(7)!, 0, 'the sample before');
    await t.ok(TRAJECTORY, 'fill_trajectory', [await id('EARLY'), 'static', { start: 0, end: 3 }, null]);
    for (const p of await positions('EARLY', 0, 3)) near(p, line(4)!, 0, 'the sample after');
  });

  it('fills relationally from three markers it moves with, and virtually at an offset from one', async () => {
    const [o, l, p] = [await id('O'), await id('L'), await id('P')];
    await t.ok(TRAJECTORY, 'fill_trajectory', [
      await id('T'),
      'relational',
      { start: 5, end: 14 },
      { origin: o, line: l, plane: p },
    ]);
    (await positions('T', 5, 14)).forEach((q, k) => near(q, rotating([40, 30, 20])(5 + k)!, 0.01, `frame ${5 + k}`));
    await t.ok(TRAJECTORY, 'fill_trajectory', [
      await id('T'),
      'virtual',
      { start: 5, end: 6 },
      { origin: o, line: l, plane: p, offset: [40, 30, 20] },
    ]);
    (await positions('T', 5, 6)).forEach((q, k) =>
      near(q, rotating([40, 30, 20])(5 + k)!, 0.01, 'offset in their frame'),
    );
    await t.ok(TRAJECTORY, 'fill_trajectory', [
      await id('T'),
      'virtual',
      { start: 7, end: 7 },
      { origin: o, offset: [1, 2, 3] },
    ]);
    near(
      (await positions('T', 7, 7))[0],
      rotating([0, 0, 0])(7)!.map((v, i) => v + [1, 2, 3][i]),
      0.01,
      'offset in the lab',
    );
    assert.deepEqual(
      (await t.ok(TRAJECTORY, 'get_parts', [await id('T')])).map((part: { type: string }) => part.type),
      ['measured', 'virtual', 'virtual', 'filled', 'measured'],
    );
  });

  it('refuses a fill it cannot make, saying why, and changes nothing', async () => {
    const early = await id('EARLY');
    const refused = async (args: unknown[], code: string, pattern: RegExp) =>
      assert.match((await t.fails(TRAJECTORY, 'fill_trajectory', args, code)).message, pattern);
    await refused(
      [early, 'linear', { start: 0, end: 3 }, null],
      'invalid_argument',
      /^trajectory "EARLY": a linear fill joins the samples on both sides of frames 0 to 3, and the trajectory has none before them$/,
    );
    await refused([early, 'static', null, null], 'invalid_argument', /has none outside them$/);
    await refused([early, 'kinematic', { start: 0, end: 3 }, null], 'not_modelled', /no skeleton solver/);
    await refused(
      [early, 'relational', { start: 0, end: 3 }, { origin: await id('O') }],
      'invalid_argument',
      /needs settings\.origin, settings\.line and settings\.plane$/,
    );
    await refused([early, 'virtual', { start: 0, end: 3 }, null], 'invalid_argument', /needs settings\.origin/);
    await refused(
      [early, 'virtual', { start: 0, end: 3 }, { origin: 99_999 }],
      'not_found',
      /no 3D series with id 99999/,
    );
    await refused(
      [early, 'virtual', { start: 0, end: 3 }, { origin: early }],
      'invalid_argument',
      /settings\.origin is the trajectory being filled$/,
    );
    await refused(
      [await id('T'), 'virtual', { start: 2, end: 2 }, { origin: early }],
      'invalid_argument',
      /settings\.origin's trajectory has no sample at frame 2$/,
    );
    await refused(
      [early, 'linear', { start: 3, end: 25 }, null],
      'out_of_range',
      /range\.end 25 is out of range 0\.\.19/,
    );
    assert.equal(await t.ok(FILE, 'is_dirty'), false);
  });

  it('smooths within each run of samples, never across a gap, by moving average or Butterworth', async () => {
    const noisy = await id('LINE');
    const before = await positions('LINE', 0, 7);
    await t.ok(TRAJECTORY, 'smooth_trajectory', [noisy, 'moving_average', null, { window_size: 3 }]);
    // A straight line is its own moving average; the ends of each run keep their samples.
    (await positions('LINE', 0, 7)).forEach((p, k) => near(p, before[k], 1e-3, `frame ${k}`));
    assert.deepEqual(await t.ok(SERIES, 'get_gap_ranges', [noisy]), [{ start: 8, end: 11 }], 'the gap stays a gap');
    const bent = await id('CURVE');
    await t.ok(TRAJECTORY, 'smooth_trajectory', [bent, 'moving_average', { start: 0, end: 7 }, { window_size: 3 }]);
    // The average of f² over f−1, f, f+1 is f² + 2/3.
    near((await positions('CURVE', 3, 3))[0], [9 + 2 / 3, 6, 500], 1e-3, 'a curve is pulled inwards');
    near((await positions('CURVE', 12, 12))[0], curve(12)!, 0, 'outside the range nothing moved');
    await t.ok(TRAJECTORY, 'smooth_trajectory', [
      await id('O'),
      'butterworth',
      null,
      { cutoff_frequency: 10, filter_order: 4 },
    ]);
    const after = await positions('O', 0, 19);
    after.forEach((p, f) => near(p, rotating([0, 0, 0])(f)!, 0.5, `a slow movement passes a 10 Hz low-pass (${f})`));
    const error = await t.fails(
      TRAJECTORY,
      'smooth_trajectory',
      [noisy, 'butterworth', null, { cutoff_frequency: 60 }],
      'invalid_argument',
    );
    assert.match(error.message, /below half the frame rate \(50 Hz\)$/);
    await t.fails(TRAJECTORY, 'smooth_trajectory', [noisy, null, null, { window_size: 4 }], 'invalid_argument');
  });

  it('moves, swaps, splits and deletes parts; a part never covers another', async () => {
    const [line, early] = [await id('LINE'), await id('EARLY')];
    await t.ok(TRAJECTORY, 'split_part', [line, 3]);
    assert.deepEqual(
      (await t.ok(TRAJECTORY, 'get_parts', [line])).map((p: { range: object }) => p.range),
      [
        { start: 0, end: 3 },
        { start: 4, end: 7 },
        { start: 12, end: 19 },
      ],
    );
    await t.fails(TRAJECTORY, 'split_part', [line, 7], 'invalid_argument');
    const crossing = await t.fails(TRAJECTORY, 'move_parts', [line, early, [1]], 'invalid_argument');
    assert.match(
      crossing.message,
      /the part of frames 4 to 7 would cover frame 4 of trajectory "EARLY", which has a sample there/,
    );
    const added = await t.ok(TRAJECTORY, 'add_trajectory', ['SPARE']);
    assert.deepEqual(await t.ok(TRAJECTORY, 'get_parts', [added]), []);
    await t.ok(TRAJECTORY, 'move_parts', [line, added, [0, 2]]);
    assert.deepEqual(
      (await t.ok(TRAJECTORY, 'get_parts', [added])).map((p: { range: object }) => p.range),
      [
        { start: 0, end: 3 },
        { start: 12, end: 19 },
      ],
    );
    near((await positions('SPARE', 12, 12))[0], [120, 100, 1012], 0, 'the samples went with their part');
    assert.deepEqual(await t.ok(SERIES, 'get_sample_ranges', [line]), [{ start: 4, end: 7 }]);
    await t.ok(TRAJECTORY, 'swap_parts', [line, added, null, [1]]);
    assert.deepEqual(await t.ok(SERIES, 'get_sample_ranges', [line]), [{ start: 12, end: 19 }]);
    assert.deepEqual(await t.ok(SERIES, 'get_sample_ranges', [added]), [{ start: 0, end: 7 }]);
    await t.fails(TRAJECTORY, 'delete_parts', [added, [5]], 'out_of_range');
    await t.fails(TRAJECTORY, 'delete_parts', [added, [0, 0]], 'invalid_argument');
    await t.ok(TRAJECTORY, 'delete_parts', [added, null]);
    assert.equal(await t.ok(SERIES, 'get_sample_count', [added]), 0);
  });

  it('adds, labels, colours, discards and deletes trajectories, taking their bones and selection with them', async () => {
    const spare = await t.ok(TRAJECTORY, 'add_trajectory', [null]);
    assert.equal(await t.ok(TRAJECTORY, 'get_label', [spare]), null);
    await t.fails(TRAJECTORY, 'add_trajectory', ['LINE'], 'invalid_argument');
    await t.fails(TRAJECTORY, 'set_label', [spare, 'CURVE'], 'invalid_argument');
    await t.ok(TRAJECTORY, 'set_label', [spare, 'HEEL']);
    assert.equal(await id('HEEL'), spare);
    const colour = await t.ok(TRAJECTORY, 'get_color', [spare]);
    assert.ok(colour >= 0 && colour <= 0xffffff);
    await t.ok(TRAJECTORY, 'set_color', [spare, 0x00ff00]);
    assert.equal(await t.ok(TRAJECTORY, 'get_color', [spare]), 0x00ff00);
    await t.fails(TRAJECTORY, 'set_color', [spare, -1], 'invalid_argument');
    await t.ok(TRAJECTORY, 'set_is_discarded', [spare, true]);
    assert.equal(await t.ok(TRAJECTORY, 'get_is_discarded', [spare]), true);
    assert.equal(await t.ok(TRAJECTORY, 'get_rigid_body_id', [spare]), null);
    const bone = await t.ok('data/object/bone', 'add_bone', [spare, await id('LINE')]);
    await t.ok('gui/selection', 'select', [[{ type: 'bone', id: bone }]]);
    await t.ok(TRAJECTORY, 'delete_trajectory', [spare]);
    assert.equal(await t.ok('data/object/bone', 'get_bone_count'), 0);
    assert.equal(await t.ok('gui/selection', 'get_selection_count'), 0);
    await t.fails(SERIES, 'get_sample_count', [spare], 'not_found');
    await t.ok(TRAJECTORY, 'clear_trajectories');
    assert.equal(await t.ok(TRAJECTORY, 'get_trajectory_count'), 0);
  });
});
