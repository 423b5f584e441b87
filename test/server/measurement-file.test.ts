import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readC3d } from '../../src/api/c3d/c3d-read';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const QUALISYS = join(__dirname, '../fixtures/c3d/Qualisys.c3d');
const FILE = 'file';
const SERIES = 'data/series/_3d';
const TRAJECTORY = 'data/object/trajectory';

describe('HTTP: motion.file and motion.data.series._3d on a real C3D recording', () => {
  const scratch = scratchFolder('motion-measurement-');
  let t: TestServer;
  let walk: string;
  beforeEach(async () => {
    t = await startTestServer();
    walk = join(scratch.path, 'walk.c3d');
    copyFileSync(QUALISYS, walk);
  });
  afterEach(() => t.close());

  it('has the demo’s walk open, never saved; and without it, nothing', async () => {
    assert.equal(await t.ok(FILE, 'is_open'), true);
    assert.equal(await t.ok(FILE, 'get_path'), 'walk.c3d');
    assert.equal(await t.ok(FILE, 'is_persisted'), false);
    const save = await t.fails(FILE, 'save', [], 'invalid_argument');
    assert.equal(save.message, 'the measurement has never been saved: give it a path with motion.file.save_as(path)');
    await t.ok(FILE, 'close');
    assert.equal(await t.ok(FILE, 'is_open'), false);
    assert.equal(await t.ok(FILE, 'get_path'), null);
    assert.equal(await t.ok(FILE, 'is_dirty'), false);
    assert.equal(await t.ok(FILE, 'get_capture_version'), null);
    await t.fails(FILE, 'get_capture_time', [], 'invalid_argument');
  });

  it('opens the file: its trajectories, frames, rate and samples, counted from its first frame', async () => {
    assert.equal(await t.ok(FILE, 'open', [walk]), null);
    assert.equal(await t.ok(FILE, 'is_open'), true);
    assert.equal(await t.ok(FILE, 'get_path'), walk);
    assert.equal(await t.ok(FILE, 'is_dirty'), false);
    assert.equal(await t.ok(FILE, 'is_persisted'), true);
    assert.equal(await t.ok(FILE, 'get_capture_version'), 'Qualisys Track Manager 2.17 (build 3720)');
    const modified = statSync(walk).mtime;
    assert.deepEqual(await t.ok(FILE, 'get_capture_time'), {
      year: modified.getFullYear(),
      month: modified.getMonth() + 1,
      day: modified.getDate(),
      hour: modified.getHours(),
      minute: modified.getMinutes(),
      second: modified.getSeconds(),
      millisecond: modified.getMilliseconds(),
    });
    assert.equal(await t.ok(TRAJECTORY, 'get_trajectory_count'), 55);
    const id = await t.ok(TRAJECTORY, 'find_trajectory', ['L_IAS']);
    assert.deepEqual(await t.ok(SERIES, 'get_series_ids'), await t.ok(TRAJECTORY, 'get_trajectory_ids'));
    assert.equal(await t.ok(SERIES, 'get_frequency', [id]), 200);
    assert.equal(await t.ok(SERIES, 'get_sample_count', [id]), 340);
    assert.deepEqual(await t.ok(SERIES, 'get_sample_range', [id]), { start: 0, end: 339 });
    assert.deepEqual(await t.ok(SERIES, 'get_gap_ranges', [id]), []);
    const first = await t.ok(SERIES, 'get_sample', [id, 0]);
    assert.deepEqual(first.position, [-220.12261962890625, 306.4248046875, 846.3361206054688]);
    assert.ok(Math.abs(first.residual - 1.4484) < 1e-3);
    const all = await t.ok(SERIES, 'get_samples', [id]);
    assert.equal(all.length, 340, 'a whole trajectory in one call');
    assert.deepEqual(all[0], first);
    assert.deepEqual(await t.ok(TRAJECTORY, 'get_parts', [id]), [{ range: { start: 0, end: 339 }, type: 'measured' }]);
    assert.equal(await t.ok(SERIES, 'get_time_at_sample_index', [id, 100]), 0.5);
    assert.equal(await t.ok(SERIES, 'get_sample_index_at_time', [id, 0.5]), 100);
  });

  it('takes with it the demo’s trajectories, bones, selection and solved skeletons', async () => {
    assert.ok((await t.ok('data/object/bone', 'get_bone_count')) > 0);
    await t.ok(FILE, 'open', [walk]);
    assert.equal(await t.ok('data/object/bone', 'get_bone_count'), 0);
    assert.equal(await t.ok('data/object/skeleton', 'get_skeleton_count'), 0, 'a C3D file holds no solved skeleton');
    assert.equal(await t.ok('gui/selection', 'get_selection_count'), 0);
    assert.equal(await t.ok(TRAJECTORY, 'find_trajectory', ['LeftAnkle']), null);
  });

  it('edits samples: a deleted range is a gap between two parts, a set sample fills it again as edited', async () => {
    await t.ok(FILE, 'open', [walk]);
    const id = await t.ok(TRAJECTORY, 'find_trajectory', ['R_IAS']);
    await t.ok(SERIES, 'delete_samples', [id, { start: 100, end: 109 }]);
    assert.equal(await t.ok(FILE, 'is_dirty'), true);
    assert.deepEqual(await t.ok(SERIES, 'get_gap_ranges', [id]), [{ start: 100, end: 109 }]);
    assert.deepEqual(await t.ok(SERIES, 'get_sample_ranges', [id]), [
      { start: 0, end: 99 },
      { start: 110, end: 339 },
    ]);
    assert.equal(await t.ok(SERIES, 'get_sample', [id, 105]), null);
    assert.equal(await t.ok(SERIES, 'get_sample_count', [id]), 330);
    assert.deepEqual(await t.ok(TRAJECTORY, 'get_parts', [id]), [
      { range: { start: 0, end: 99 }, type: 'measured' },
      { range: { start: 110, end: 339 }, type: 'measured' },
    ]);
    await t.ok(SERIES, 'set_sample', [id, 105, { position: [1, 2.5, -3], residual: 0.5 }]);
    assert.deepEqual(await t.ok(SERIES, 'get_sample', [id, 105]), { position: [1, 2.5, -3], residual: 0.5 });
    assert.deepEqual(await t.ok(TRAJECTORY, 'get_parts', [id]), [
      { range: { start: 0, end: 99 }, type: 'measured' },
      { range: { start: 105, end: 105 }, type: 'edited' },
      { range: { start: 110, end: 339 }, type: 'measured' },
    ]);
    await t.ok(SERIES, 'set_samples', [id, { start: 99, end: 100 }, [null, { position: [4, 5, 6], residual: 0 }]]);
    assert.deepEqual(await t.ok(SERIES, 'get_gap_ranges', [id]), [
      { start: 99, end: 99 },
      { start: 101, end: 104 },
      { start: 106, end: 109 },
    ]);
  });

  it('saves as C3D that reads back with the edits, and is no longer dirty', async () => {
    await t.ok(FILE, 'open', [walk]);
    const id = await t.ok(TRAJECTORY, 'find_trajectory', ['L_IPS']);
    await t.ok(SERIES, 'delete_sample', [id, 3]);
    const copy = join(scratch.path, 'edited.c3d');
    await t.ok(FILE, 'save_as', [copy]);
    assert.equal(await t.ok(FILE, 'get_path'), copy);
    assert.equal(await t.ok(FILE, 'is_dirty'), false);
    const read = readC3d(readFileSync(copy));
    const marker = read.markers.find((m) => m.label === 'L_IPS')!;
    assert.ok(marker.residuals[3] < 0, 'the deleted sample is a gap in the file');
    assert.equal(read.frameCount, 340);
    assert.equal(read.firstFrame, 705);
    assert.deepEqual(readC3d(readFileSync(walk)).markers[1].residuals[3] >= 0, true, 'the original is untouched');
    await t.ok(SERIES, 'delete_sample', [id, 4]);
    await t.ok(FILE, 'save');
    assert.ok(readC3d(readFileSync(copy)).markers[1].residuals[4] < 0, 'save writes where it was saved as');
    await t.ok(FILE, 'close');
    assert.equal(await t.ok(FILE, 'is_open'), false);
    assert.equal(await t.ok(TRAJECTORY, 'get_trajectory_count'), 0);
  });

  it('refuses what it cannot open, saying why, and keeps the measurement it has', async () => {
    await t.ok(FILE, 'open', [walk]);
    const refused = async (path: string, code: string, pattern: RegExp) => {
      const error = await t.fails(FILE, 'open', [path], code);
      assert.match(error.message, pattern);
    };
    await refused('walk.c3d', 'invalid_argument', /^"walk\.c3d" is a relative path; give the whole path/);
    await refused(
      join(scratch.path, 'trial.qtm'),
      'invalid_argument',
      /a \.qtm measurement opens only in the application/,
    );
    await refused(join(scratch.path, 'missing.c3d'), 'not_found', /^there is no file ".*missing\.c3d"$/);
    const cut = join(scratch.path, 'cut.c3d');
    writeFileSync(cut, readFileSync(walk).subarray(0, 700_000));
    await refused(
      cut,
      'invalid_argument',
      /cut\.c3d" cannot be opened: the header claims 340 frames .* holds 188 whole frames$/,
    );
    const wrong = join(scratch.path, 'wrong.c3d');
    const bytes = readFileSync(walk);
    bytes[512 + 3] = 90;
    writeFileSync(wrong, bytes);
    await refused(wrong, 'invalid_argument', /processor byte is 90/);
    assert.equal(await t.ok(FILE, 'get_path'), walk, 'the measurement that was open is open still');
  });

  it('refuses edits and reads that do not fit, changing nothing', async () => {
    await t.ok(FILE, 'close');
    const error = await t.fails(SERIES, 'get_series_ids', [], 'invalid_argument');
    assert.equal(error.message, 'no measurement is open: open one first with motion.file.open(path), a .c3d file');
    await t.fails(FILE, 'save', [], 'invalid_argument');
    await t.ok(FILE, 'open', [walk]);
    const id = await t.ok(TRAJECTORY, 'find_trajectory', ['L_IAS']);
    await t.fails(SERIES, 'get_sample', [id, 340], 'out_of_range');
    await t.fails(SERIES, 'get_sample', [id, -1], 'out_of_range');
    await t.fails(SERIES, 'get_sample', [99_999, 0], 'not_found');
    await t.fails(SERIES, 'get_samples', [id, { start: 5, end: 4 }], 'invalid_argument');
    await t.fails(SERIES, 'delete_samples', [id, { start: 300, end: 340 }], 'out_of_range');
    await t.fails(SERIES, 'set_sample', [id, 0, { position: [0, 0, 0], residual: -1 }], 'invalid_argument');
    const count = await t.fails(SERIES, 'set_samples', [id, { start: 0, end: 2 }, [null]], 'invalid_argument');
    assert.equal(count.message, 'range 0..2 holds 3 samples, but 1 were given');
    await t.fails(FILE, 'save_as', [join(scratch.path, 'no-such-folder', 'x.c3d')], 'invalid_argument');
    assert.equal(await t.ok(FILE, 'is_dirty'), false);
  });
});
