import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readC3d } from '../../src/api/c3d/c3d-read';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const QUALISYS = join(__dirname, '../fixtures/c3d/Qualisys.c3d');

type Vec = [number, number, number];

describe('HTTP: the measurement’s analog channels, force plates, events, timeline and the data it lacks', () => {
  const scratch = scratchFolder('motion-measurement-data-');
  const recording = readC3d(readFileSync(QUALISYS));
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer();
    const walk = join(scratch.path, 'walk.c3d');
    copyFileSync(QUALISYS, walk);
    await t.ok('file', 'open', [walk]);
  });
  afterEach(() => t.close());

  it('has the file’s analog channels on one board, each a series of its samples at its rate', async () => {
    assert.equal(await t.ok('data/object/analog', 'get_board_count'), 1);
    const board = await t.ok('data/object/analog', 'find_board', ['Analog']);
    assert.equal(await t.ok('data/object/analog', 'get_board_channel_count', [board]), 69);
    const ids: number[] = await t.ok('data/object/analog', 'get_channel_ids');
    assert.deepEqual(await t.ok('data/series/analog', 'get_series_ids'), ids);
    const fz = ids[59];
    assert.equal(await t.ok('data/object/analog', 'get_channel_name', [fz]), recording.analog[59].label);
    assert.equal(await t.ok('data/object/analog', 'get_channel_board_id', [fz]), board);
    assert.equal(await t.ok('data/series/analog', 'get_frequency', [fz]), 2000);
    assert.equal(await t.ok('data/series/analog', 'get_sample_count', [fz]), 3400);
    assert.deepEqual(await t.ok('data/series/analog', 'get_sample_range', [fz]), { start: 0, end: 3399 });
    assert.deepEqual(await t.ok('data/series/analog', 'get_gap_ranges', [fz]), []);
    assert.equal(await t.ok('data/series/analog', 'get_sample', [fz, 1234]), recording.analog[59].samples[1234]);
    const samples: number[] = await t.ok('data/series/analog', 'get_samples', [fz, { start: 10, end: 19 }]);
    assert.deepEqual(samples, [...recording.analog[59].samples.subarray(10, 20)]);
    assert.equal(await t.ok('data/series/analog', 'get_sample_index_at_time', [fz, 0.5]), 1000);
    await t.fails('data/series/analog', 'get_sample', [fz, 3400], 'out_of_range');
    await t.ok('data/object/analog', 'set_channel_name', [fz, 'Fz left']);
    assert.deepEqual(await t.ok('data/object/analog', 'find_channels', ['Fz left']), [fz]);
    assert.equal(await t.ok('file', 'is_dirty'), true);
  });

  it('computes each force plate’s force, moment and centre of pressure: under the foot that stands on it', async () => {
    const plates: number[] = await t.ok('data/series/force', 'get_series_ids');
    assert.equal(plates.length, 2);
    const ankle = async (label: string, frame: number): Promise<Vec> =>
      (
        await t.ok('data/series/_3d', 'get_sample', [
          await t.ok('data/object/trajectory', 'find_trajectory', [label]),
          frame,
        ])
      ).position;
    for (const [i, foot] of ['L_TAM', 'R_TAM'].entries()) {
      assert.equal(await t.ok('data/series/force', 'get_frequency', [plates[i]]), 2000);
      const samples: { force: Vec; center_of_pressure: Vec }[] = await t.ok('data/series/force', 'get_samples', [
        plates[i],
      ]);
      assert.equal(samples.length, 3400);
      const peak = samples.reduce((best, s, k) => (s.force[2] > samples[best].force[2] ? k : best), 0);
      const { force, center_of_pressure: cop } = samples[peak];
      assert.ok(force[2] > 500 && force[2] < 1500, `plate ${i + 1}: about a body's weight, upwards (${force[2]} N)`);
      const corners = recording.forcePlates[i].corners;
      const [xs, ys] = [corners.map((c) => c[0]), corners.map((c) => c[1])];
      assert.ok(
        cop[0] >= Math.min(...xs) && cop[0] <= Math.max(...xs),
        `plate ${i + 1}: the centre of pressure is on it`,
      );
      assert.ok(cop[1] >= Math.min(...ys) && cop[1] <= Math.max(...ys));
      assert.ok(Math.abs(cop[2]) < 1e-6, 'on its surface');
      const at = await ankle(foot, Math.floor(peak / 10));
      assert.ok(Math.hypot(at[0] - cop[0], at[1] - cop[1]) < 100, `plate ${i + 1}: under ${foot}`);
    }
    const still = await t.ok('data/series/force', 'get_sample', [plates[1], 0]);
    assert.deepEqual(still.center_of_pressure.map(Math.round), [763, 232, 0], 'nobody on it: the plate’s centre');
  });

  it('has the file’s events in time order; an event can be added, within the measurement, and all cleared', async () => {
    assert.equal(await t.ok('data/object/event', 'get_event_count'), 7);
    const events: { label: string; time: number; color: number | null }[] = await t.ok(
      'data/object/event',
      'get_events',
    );
    assert.deepEqual(
      events.map((e) => [e.label, Math.round(e.time * 1000), e.color]),
      [
        ['LHS', 70, null],
        ['RTO', 165, null],
        ['RHS', 530, null],
        ['LTO', 640, null],
        ['LHS', 1015, null],
        ['RTO', 1130, null],
        ['RHS', 1510, null],
      ],
    );
    await t.ok('data/object/event', 'add_event', [{ label: 'Mark', time: 0.1, color: 0xff }]);
    const after: { label: string }[] = await t.ok('data/object/event', 'get_events');
    assert.deepEqual(
      after.slice(0, 3).map((e) => e.label),
      ['LHS', 'Mark', 'RTO'],
    );
    const late = await t.fails('data/object/event', 'add_event', [{ label: 'Late', time: 2 }], 'invalid_argument');
    assert.equal(late.message, 'event.time 2 s is outside the measurement (0 to 1.695 s)');
    await t.ok('data/object/event', 'clear_events');
    assert.equal(await t.ok('data/object/event', 'get_event_count'), 0);
  });

  it('has a timeline over the frames: the current frame, the measured range and the ranges inside it', async () => {
    const timeline = 'gui/timeline';
    assert.equal(await t.ok(timeline, 'get_frame_count'), 340);
    assert.equal(await t.ok(timeline, 'get_frequency'), 200);
    assert.deepEqual(await t.ok(timeline, 'get_measured_range'), { start: 0, end: 339 });
    await t.ok(timeline, 'set_current_frame', [100]);
    assert.equal(await t.ok(timeline, 'get_current_frame'), 100);
    assert.equal(await t.ok(timeline, 'get_current_time'), 0.5);
    await t.fails(timeline, 'set_current_frame', [340], 'out_of_range');
    await t.ok(timeline, 'set_selected_range', [{ start: 20, end: 300 }]);
    assert.equal(await t.ok('file', 'is_dirty'), false, 'choosing frames changes nothing of the data');
    await t.ok(timeline, 'set_measured_range', [{ start: 50, end: 250 }]);
    assert.equal(await t.ok('file', 'is_dirty'), true, 'cropping the measurement is a change');
    assert.deepEqual(
      await t.ok(timeline, 'get_selected_range'),
      { start: 50, end: 250 },
      'the selection follows it in',
    );
    const outside = await t.fails(timeline, 'set_trace_range', [{ start: 10, end: 60 }], 'invalid_argument');
    assert.equal(outside.message, 'range 10..60 is outside the measured range 50..250');
  });

  it('has no 2D, 6DOF, skeleton, gaze or timecode series, as a C3D file holds none', async () => {
    for (const module of ['_2d', '_6d', 'skeleton', 'gaze', 'time/irig', 'time/ptp', 'time/smpte']) {
      assert.deepEqual(await t.ok(`data/series/${module}`, 'get_series_ids'), [], module);
      assert.equal(await t.ok(`data/series/${module}`, 'get_series_count'), 0);
      await t.fails(`data/series/${module}`, 'get_series_id', [0], 'out_of_range');
    }
    const error = await t.fails('data/series/_6d', 'get_sample', [5, 0], 'not_found');
    assert.equal(error.message, 'no 6DOF series with id 5: this measurement has no 6DOF data');
    await t.ok('file', 'close');
    await t.fails('data/series/_6d', 'get_series_count', [], 'invalid_argument');
    await t.fails('gui/timeline', 'get_frame_count', [], 'invalid_argument');
  });
});
