import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { encodeSnapshot } from '../../src/api/state/state-document';
import type { StateChange } from '../../src/api/state/state-diff';
import { dryRun } from '../../src/runner/dry-run/dry-run';
import { referenceServer } from '../support/reference-server';
import { scratchFolder } from '../support/scratch-folder';
import { writeMeasurement } from '../support/c3d-measurement';

const SERVER_SCRIPT = resolve(__dirname, '../../dist/motion-server.js');
const EXAMPLE = resolve(__dirname, '../../examples/fill_walk_gaps.py');

type Gap = { start: number; end: number };

describe('dry runs of scripts that change the measurement: gaps filled and samples changed, before → after', function () {
  this.timeout(60_000);
  const app = referenceServer();
  const folder = scratchFolder('motion-test-dry-measurement-');

  async function run(path: string, code: string) {
    const { state, origin } = await readSnapshot(app.client);
    return dryRun({
      serverScript: SERVER_SCRIPT,
      snapshot: encodeSnapshot(state, origin),
      script: { path, code },
      onOutput: () => undefined,
    });
  }

  const samplesOf = (changes: StateChange[]) => changes.filter((c) => c.field === 'samples');
  /** A call of a module the typed client does not have (it has the modelled ones). */
  const call = <T>(module: string, operation: string, ...args: unknown[]) =>
    app.client.call(`motion.${module}`, operation, args) as Promise<T>;

  it('shows each gap the example filler fills on the demo walk, with the positions the application would get', async () => {
    const trajectories = app.client.data.object.trajectory;
    const gaps = new Map<number, Gap[]>();
    for (const id of await trajectories.get_trajectory_ids())
      if ((await trajectories.get_label(id)) !== null)
        gaps.set(id, await call<Gap[]>('data.series._3d', 'get_gap_ranges', id));
    const before = JSON.stringify(app.server.model.snapshot());

    const { result, changes } = await run(EXAMPLE, readFileSync(EXAMPLE, 'utf8'));
    assert.equal(result.ok, true, JSON.stringify(result.error));
    const filled = samplesOf(changes);
    // One change per gap, nothing else of the samples, each at the gap's frames.
    const expected = [...gaps].flatMap(([id, list]) => list.map((gap) => ({ id, ...gap })));
    assert.ok(expected.length > 5, 'the demo walk has gaps');
    assert.deepEqual(
      filled
        .map((c) => ({ id: c.frames!.trajectoryId, start: c.frames!.start, end: c.frames!.end }))
        .sort(byIdThenStart),
      expected.sort(byIdThenStart),
    );
    for (const change of filled) {
      assert.match(change.text, /^filled frames \d+–\d+: gap → \(-?[\d.]+, -?[\d.]+, -?[\d.]+\) … \(/);
      assert.ok(change.frames!.frames.every((f) => f.before === null && f.after !== null));
      assert.equal(change.frames!.frames.length, change.frames!.end - change.frames!.start + 1);
    }
    // The application was not touched: its gaps are still there.
    assert.equal(JSON.stringify(app.server.model.snapshot()), before);

    // Run for real, the same fills give the same positions, frame by frame.
    const { start, end, trajectoryId } = filled[0].frames!;
    await call('data.object.trajectory', 'fill_trajectory', trajectoryId, 'polynomial', { start, end }, null);
    const real = await call<{ position: number[] }[]>('data.series._3d', 'get_samples', trajectoryId, { start, end });
    assert.deepEqual(
      filled[0].frames!.frames.map((f) => f.after),
      real.map((s) => s.position.map((v) => Math.fround(v))),
    );
  });

  it('shows samples a script moved (smoothing) as before → after with the largest move, and frames it deleted', async () => {
    const { result, changes } = await run(
      '/scripts/smooth.py',
      [
        'import motion',
        'from motion.data.object import trajectory',
        'lasi = trajectory.find_trajectory("LASI")',
        'trajectory.smooth_trajectory(lasi, "moving_average", {"start": 0, "end": 99}, {"window_size": 5})',
        'motion.data.series._3d.delete_samples(trajectory.find_trajectory("RASI"), {"start": 200, "end": 204})',
        '',
      ].join('\n'),
    );
    assert.equal(result.ok, true, JSON.stringify(result.error));
    const byLabel = (label: string) => samplesOf(changes).find((c) => c.path[1] === label)!;
    assert.equal(samplesOf(changes).length, 2);
    const [smoothed, deleted] = [byLabel('LASI'), byLabel('RASI')];
    assert.deepEqual(smoothed.path, ['Trajectories', 'LASI']);
    assert.match(
      smoothed.text,
      /^changed frames \d+–\d+: \(.*\) … \(.*\) → \(.*\) … \(.*\) \(moved up to \d+\.\d\d mm, at frame \d+\)$/,
    );
    assert.ok(smoothed.frames!.start >= 0 && smoothed.frames!.end <= 99);
    assert.ok(smoothed.frames!.frames.every((f) => f.before !== null && f.after !== null));
    assert.deepEqual(deleted.path, ['Trajectories', 'RASI']);
    assert.equal(deleted.text.split(':')[0], 'deleted frames 200–204');
    assert.match(deleted.text, /→ gap$/);
  });

  it('writes no file when the script saves, and lists the saves it held back', async () => {
    const file = join(folder.path, 'trial.c3d');
    writeMeasurement(file, { M1: (f) => (f >= 5 && f < 9 ? null : [f, 0, 100]) });
    const bytes = readFileSync(file);
    const modified = statSync(file).mtimeMs;
    await call('file', 'open', file);
    const out = join(folder.path, 'filled.c3d');
    const { result, changes } = await run(
      '/scripts/save.py',
      [
        'import motion',
        'from motion.data.object import trajectory',
        'm1 = trajectory.find_trajectory("M1")',
        'trajectory.fill_trajectory(m1, "linear", {"start": 5, "end": 8}, None)',
        'motion.file.save()',
        `motion.file.save_as(${JSON.stringify(out)})`,
        'assert not motion.file.is_dirty() and motion.file.get_path() == ' + JSON.stringify(out),
        '',
      ].join('\n'),
    );
    assert.equal(result.ok, true, JSON.stringify(result.error));
    assert.deepEqual(readdirSync(folder.path), ['trial.c3d'], 'nothing was written');
    assert.deepEqual(readFileSync(file), bytes);
    assert.equal(statSync(file).mtimeMs, modified);
    const [fill] = samplesOf(changes);
    assert.equal(fill.text, 'filled frames 5–8: gap → (5.0, 0.0, 100.0) … (8.0, 0.0, 100.0)');
    assert.deepEqual(
      changes.filter((c) => c.object.type === 'measurement').map((c) => c.text),
      [file, out].map((path) => `would save to ${path} (not written: a dry run writes no file)`),
    );
  });

  it('starts from the saved file the application has open; one with unsaved changes cannot be carried', async () => {
    const file = join(folder.path, 'trial.c3d');
    writeMeasurement(file, { M1: (f) => [f, 0, 0] });
    await call('file', 'open', file);
    assert.deepEqual((await readSnapshot(app.client)).state.measurement, { path: file, dirty: false });
    const m1 = await app.client.data.object.trajectory.find_trajectory('M1');
    await call('data.series._3d', 'delete_samples', m1, { start: 0, end: 1 });
    assert.equal((await readSnapshot(app.client)).state.measurement, undefined);
    await call('file', 'close');
    assert.equal((await readSnapshot(app.client)).state.measurement, undefined);
  });

  it('carries the demo walk in a snapshot of the reference server', async () => {
    assert.deepEqual((await readSnapshot(app.client)).state.measurement, { demo: true });
  });
});

const byIdThenStart = (a: { id: number; start: number }, b: { id: number; start: number }) =>
  a.id - b.id || a.start - b.start;
