import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { C3dError } from '../../src/api/c3d/c3d-error';
import { readC3d } from '../../src/api/c3d/c3d-read';
import type { C3dRecording } from '../../src/api/c3d/c3d-recording';
import { writeC3d } from '../../src/api/c3d/c3d-write';
import { vaxFloat } from '../support/c3d-bytes';
import { propertyRuns } from '../support/property-runs';

const QUALISYS = join(__dirname, '../fixtures/c3d/Qualisys.c3d');

function recordingOf(markers: number, frames: number, overrides: Partial<C3dRecording> = {}): C3dRecording {
  return {
    processor: 'intel',
    integer: false,
    pointScale: 0.1,
    frameRate: 100,
    firstFrame: 1,
    frameCount: frames,
    pointUnit: 'mm',
    markers: Array.from({ length: markers }, (_, m) => ({
      label: `M${m}`,
      description: '',
      positions: Float32Array.from({ length: frames * 3 }, (_, i) => m * 1000 + i),
      residuals: Float32Array.from({ length: frames }, (_, f) => (f % 7 === 3 ? -1 : 0.5)),
    })),
    analogRate: 0,
    analog: [],
    events: [],
    forcePlates: [],
    parameters: new Map(),
    ...overrides,
  };
}

describe('C3D: writing what another reader opens', () => {
  const original = readC3d(readFileSync(QUALISYS));

  for (const processor of ['intel', 'dec', 'mips'] as const)
    for (const integer of [false, true])
      it(`the real recording, written as ${processor} ${integer ? 'integers' : 'floats'}, reads back the same`, () => {
        const again = readC3d(writeC3d(original, { processor, integer }));
        assert.equal(again.processor, processor);
        assert.equal(again.integer, integer);
        for (const key of ['frameRate', 'firstFrame', 'frameCount', 'analogRate'] as const)
          assert.equal(again[key], original[key], key);
        assert.deepEqual(
          again.markers.map((m) => m.label),
          original.markers.map((m) => m.label),
        );
        const tolerance = integer ? original.pointScale / 2 + 1e-6 : 0;
        for (const [m, marker] of original.markers.entries())
          for (let i = 0; i < marker.positions.length; i += 97)
            assert.ok(
              Math.abs(again.markers[m].positions[i] - marker.positions[i]) <= tolerance,
              `${marker.label}[${i}]: ${again.markers[m].positions[i]} against ${marker.positions[i]}`,
            );
        for (const [c, channel] of original.analog.entries()) {
          const step = integer ? channel.samples.reduce((most, v) => Math.max(most, Math.abs(v)), 0) / 32_767 : 0;
          for (let i = 0; i < channel.samples.length; i += 101)
            assert.ok(Math.abs(again.analog[c].samples[i] - channel.samples[i]) <= step / 2 + 1e-6, channel.label);
        }
        assert.deepEqual(
          again.events.map((e) => [e.label, e.time.toFixed(4)]),
          original.events.map((e) => [e.label, e.time.toFixed(4)]),
        );
        assert.deepEqual(again.forcePlates, original.forcePlates);
        assert.deepEqual(again.parameters.get('MANUFACTURER')?.get('COMPANY')?.strings, ['Qualisys']);
      });

  it('writes DEC floats as the format’s guide gives them (1.0 is 80 40 00 00), a gap as −1', () => {
    const recording = recordingOf(1, 1);
    recording.markers[0].positions.set([1, -0.5, 1000.125]);
    recording.markers[0].residuals[0] = 0.5;
    const bytes = writeC3d(recording, { processor: 'dec' });
    const data = (bytes[512 + 2] + 1) * 512; // after the header and the parameter section's blocks
    assert.deepEqual([...bytes.subarray(data, data + 12)], [...vaxFloat(1), ...vaxFloat(-0.5), ...vaxFloat(1000.125)]);
    assert.deepEqual([...bytes.subarray(data + 12, data + 16)], vaxFloat(5), 'residual 0.5 mm: 5 steps of 0.1');
    recording.markers[0].residuals[0] = -1;
    const gap = writeC3d(recording, { processor: 'dec' });
    assert.deepEqual([...gap.subarray(data + 12, data + 16)], vaxFloat(-1));
  });

  it('splits more than 255 labels into LABELS and LABELS2, as readers expect', () => {
    const many = readC3d(writeC3d(recordingOf(300, 2)));
    assert.equal(many.markers.length, 300);
    assert.equal(many.markers[299].label, 'M299');
    assert.equal(many.parameters.get('POINT')?.get('LABELS2')?.strings.length, 45);
  });

  it('says the first and last frame of a recording longer than the header can count in TRIAL', () => {
    const long = readC3d(writeC3d(recordingOf(1, 70_000, { firstFrame: 5 })));
    assert.equal(long.frameCount, 70_000);
    assert.equal(long.firstFrame, 5);
    assert.equal(long.markers[0].positions[3 * 69_999], 3 * 69_999);
  });

  it('refuses integer data that does not fit 16 bits at the scale, naming the marker and frame', () => {
    const far = recordingOf(1, 2);
    far.markers[0].positions[4] = 5000;
    assert.throws(
      () => writeC3d(far, { integer: true }),
      (e: unknown) => e instanceof C3dError && /^M0 at frame 1 is too large for integer data/.test(e.message),
    );
  });

  it('any recording, in any layout, reads back as written', () => {
    // Sixty-fourths: exact in IEEE and VAX floats alike (a VAX float has no subnormals: below 2.9e-39 it is 0).
    const float = fc.integer({ min: -320_000, max: 320_000 }).map((v) => v / 64);
    const recording = fc
      .record({
        markers: fc.integer({ min: 0, max: 4 }),
        frames: fc.integer({ min: 0, max: 12 }),
        channels: fc.integer({ min: 0, max: 3 }),
        perFrame: fc.integer({ min: 1, max: 4 }),
        firstFrame: fc.integer({ min: 1, max: 1000 }),
        events: fc.array(
          fc.record({ label: fc.stringMatching(/^[A-Z]{1,8}$/), time: fc.integer({ min: 0, max: 999 }) }),
          {
            maxLength: 3,
          },
        ),
      })
      .chain((shape) =>
        fc.record({
          shape: fc.constant(shape),
          positions: fc.array(fc.array(float, { minLength: shape.frames * 3, maxLength: shape.frames * 3 }), {
            minLength: shape.markers,
            maxLength: shape.markers,
          }),
          gaps: fc.array(fc.array(fc.boolean(), { minLength: shape.frames, maxLength: shape.frames }), {
            minLength: shape.markers,
            maxLength: shape.markers,
          }),
          analog: fc.array(
            fc.array(float, { minLength: shape.frames * shape.perFrame, maxLength: shape.frames * shape.perFrame }),
            { minLength: shape.channels, maxLength: shape.channels },
          ),
          processor: fc.constantFrom('intel' as const, 'dec' as const, 'mips' as const),
        }),
      );
    fc.assert(
      fc.property(recording, ({ shape, positions, gaps, analog, processor }) => {
        const written: C3dRecording = {
          ...recordingOf(0, shape.frames, { firstFrame: shape.firstFrame }),
          markers: positions.map((p, m) => ({
            label: `T${m}`,
            description: '',
            positions: Float32Array.from(p),
            residuals: Float32Array.from(gaps[m], (gap) => (gap ? -1 : 0.3)),
          })),
          analogRate: 100 * shape.perFrame,
          analog: analog.map((samples, c) => ({
            label: `A${c}`,
            description: '',
            unit: 'V',
            samples: Float32Array.from(samples),
          })),
          events: shape.events.map((e) => ({ label: e.label, context: '', description: '', time: e.time / 100 })),
        };
        const read = readC3d(writeC3d(written, { processor }));
        assert.equal(read.frameCount, shape.frames);
        assert.equal(read.firstFrame, shape.firstFrame);
        for (const [m, marker] of written.markers.entries())
          for (let f = 0; f < shape.frames; f++) {
            const gap = marker.residuals[f] < 0;
            assert.equal(read.markers[m].residuals[f] < 0, gap, `marker ${m} frame ${f}: gap or not`);
            if (!gap)
              assert.deepEqual(
                [...read.markers[m].positions.slice(f * 3, f * 3 + 3)].map((v) => Math.fround(v)),
                [...marker.positions.slice(f * 3, f * 3 + 3)],
              );
          }
        assert.deepEqual(
          read.analog.map((c) => [...c.samples]),
          written.analog.map((c) => [...c.samples]),
        );
        assert.deepEqual(
          read.events.map((e) => [e.label, Math.round(e.time * 100) || 0]),
          written.events.map((e) => [e.label, Math.round(e.time * 100)]),
        );
      }),
      propertyRuns('C3D: write then read', 150),
    );
  });
});
