import assert from 'node:assert/strict';
import type { C3dRecording } from '../../src/api/c3d/c3d-recording';
import { sampleRunText, type SampleRun } from '../../src/api/state/sample-changes';
import { withSamples, type Measurement, type Samples3d } from '../../server/scripting/measurement/measurement';
import { measurementFromC3d } from '../../server/scripting/measurement/measurement-from-c3d';
import { FRAMES_PER_RUN, sampleRunsSince } from '../../server/scripting/measurement/sample-changes';

/** A measurement of `frames` frames with one marker per track: a position per frame, or null for a gap. */
function measurement(frames: number, tracks: Record<string, (f: number) => [number, number, number] | null>) {
  const recording: C3dRecording = {
    processor: 'intel',
    integer: false,
    pointScale: -1,
    frameRate: 100,
    firstFrame: 1,
    frameCount: frames,
    pointUnit: 'mm',
    markers: Object.entries(tracks).map(([label, track]) => {
      const positions = new Float32Array(frames * 3);
      const residuals = new Float32Array(frames);
      for (let f = 0; f < frames; f++) {
        const p = track(f);
        if (p) positions.set(p, 3 * f);
        residuals[f] = p ? 1 : -1;
      }
      return { label, description: '', positions, residuals };
    }),
    analogRate: 100,
    analog: [],
    events: [],
    forcePlates: [],
    parameters: new Map(),
  };
  let id = 1;
  return measurementFromC3d(recording, '/data/trial.c3d', () => id++, new Date(0));
}

/** The samples of trajectory `id` with the frames `from`..`to` set by `at` (null: deleted). */
function edited(
  m: Measurement,
  id: number,
  from: number,
  to: number,
  at: (f: number) => [number, number, number] | null,
) {
  const old = m.samples.get(id)!;
  const samples: Samples3d = { positions: old.positions.slice(), residuals: old.residuals.slice() };
  for (let f = from; f <= to; f++) {
    const p = at(f);
    samples.residuals[f] = p ? 0 : -1;
    if (p) samples.positions.set(p, 3 * f);
  }
  return withSamples(m, id, samples);
}

const brief = (runs: SampleRun[]) => runs.map((r) => [r.label, r.start, r.end, r.frames.length, r.framesLeftOut]);

describe('samples a script changed: the runs of frames between the measurement opened and the one now', () => {
  const walk = (f: number): [number, number, number] => [f, 2 * f, 100];
  const { measurement: opened, trajectories } = measurement(50, {
    A: (f) => (f >= 10 && f < 15 ? null : walk(f)),
    B: walk,
  });
  const [a, b] = trajectories.map((t) => t.id);

  it('finds a filled gap, a moved run and a deleted run, each with its frames before → after', () => {
    let now = edited(opened, a, 10, 14, (f) => [f, 2 * f, 101]); // the gap, filled
    now = edited(now, b, 0, 0, () => [0, 0, 99]); // the first frame, moved
    now = edited(now, b, 48, 49, () => null); // the last two frames, deleted
    const runs = sampleRunsSince(opened, now, trajectories);
    assert.deepEqual(brief(runs), [
      ['A', 10, 14, 5, 0],
      ['B', 0, 0, 1, 0],
      ['B', 48, 49, 2, 0],
    ]);
    assert.deepEqual(runs[0].frames[0], { frame: 10, before: null, after: [10, 20, 101] });
    assert.deepEqual(runs[1].frames, [{ frame: 0, before: [0, 0, 100], after: [0, 0, 99] }]);
    assert.deepEqual(runs[2].frames[1], { frame: 49, before: [49, 98, 100], after: null });
    assert.equal(sampleRunText(runs[0]), 'filled frames 10–14: gap → (10.0, 20.0, 101.0) … (14.0, 28.0, 101.0)');
    assert.equal(
      sampleRunText(runs[1]),
      'changed frame 0: (0.0, 0.0, 100.0) → (0.0, 0.0, 99.0) (moved up to 1.00 mm, at frame 0)',
    );
    assert.equal(sampleRunText(runs[2]), 'deleted frames 48–49: (48.0, 96.0, 100.0) … (49.0, 98.0, 100.0) → gap');
  });

  it('splits runs at an unchanged frame, and sees a run that reaches the last frame', () => {
    let now = edited(opened, b, 3, 4, (f) => [f, 0, 0]);
    now = edited(now, b, 6, 6, (f) => [f, 0, 0]);
    now = edited(now, b, 49, 49, (f) => [f, 0, 0]);
    assert.deepEqual(brief(sampleRunsSince(opened, now, trajectories)), [
      ['B', 3, 4, 2, 0],
      ['B', 6, 6, 1, 0],
      ['B', 49, 49, 1, 0],
    ]);
  });

  it('reports nothing for samples copied but left equal, for no measurement, or for another one opened', () => {
    const copied = edited(opened, a, 0, 9, walk);
    assert.deepEqual(sampleRunsSince(opened, copied, trajectories), []);
    assert.deepEqual(sampleRunsSince(opened, opened, trajectories), []);
    assert.deepEqual(sampleRunsSince(null, opened, trajectories), []);
    assert.deepEqual(sampleRunsSince(opened, null, trajectories), []);
    const other = measurement(50, { A: () => [0, 0, 0], B: () => [0, 0, 0] });
    assert.deepEqual(sampleRunsSince(opened, other.measurement, trajectories), []);
  });

  it('keeps the positions of the first frames of a long run and counts the rest', () => {
    const long = measurement(FRAMES_PER_RUN + 20, { L: () => null });
    const [l] = long.trajectories;
    const now = edited(long.measurement, l.id, 0, FRAMES_PER_RUN + 19, walk);
    const [run] = sampleRunsSince(long.measurement, now, long.trajectories);
    assert.deepEqual(brief([run]), [['L', 0, FRAMES_PER_RUN + 19, FRAMES_PER_RUN, 20]]);
    assert.equal(sampleRunText(run), `filled frames 0–${FRAMES_PER_RUN + 19}: gap → (0.0, 0.0, 100.0) …`);
    assert.match(
      sampleRunText({ ...run, frames: [], framesLeftOut: run.end + 1 }),
      /^changed frames 0–\d+: positions not listed/,
    );
  });
});
