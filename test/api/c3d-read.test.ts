import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { C3dError } from '../../src/api/c3d/c3d-error';
import { readC3d } from '../../src/api/c3d/c3d-read';
import { handMadeC3d, vaxFloat, type HandMade, type Processor } from '../support/c3d-bytes';
import { propertyRuns } from '../support/property-runs';

const QUALISYS = join(__dirname, '../fixtures/c3d/Qualisys.c3d');

/** Three markers over four frames; the second has a gap in frame 2 (its fourth word −1). */
function walk(processor: Processor, integer: boolean): HandMade {
  return {
    processor,
    integer,
    scale: integer ? 0.5 : 0.25,
    rate: 100,
    firstFrame: 1,
    labels: ['LHEE', 'RHEE', 'HEAD'],
    frames: [0, 1, 2, 3].map((f) => [
      [10 + f, -20, 1000, 4],
      f === 2 ? [0, 0, 0, -1] : [200, (integer ? 30 : 30.5) + f, -8, 2],
      [integer ? -3 : -1.5, integer ? 2 : 2.25, 1700 + 2 * f, 1],
    ]),
  };
}

describe('C3D: reading a real recording (a Qualisys export)', () => {
  const recording = readC3d(readFileSync(QUALISYS));

  it('has its markers with their labels, its frame rate and frames, counted from its first frame', () => {
    assert.equal(recording.processor, 'intel');
    assert.equal(recording.integer, false);
    assert.equal(recording.markers.length, 55);
    assert.deepEqual(
      recording.markers.slice(0, 4).map((m) => m.label),
      ['L_IAS', 'L_IPS', 'R_IPS', 'R_IAS'],
    );
    assert.equal(recording.frameRate, 200);
    assert.equal(recording.firstFrame, 705, 'the recording was cut from frame 705 of the capture');
    assert.equal(recording.frameCount, 340);
    assert.equal(recording.pointUnit, 'mm');
  });

  it('reads the samples and residuals of the first frame (the fourth word in steps of the scale)', () => {
    const first = recording.markers[0];
    assert.deepEqual([...first.positions.slice(0, 3)], [-220.12261962890625, 306.4248046875, 846.3361206054688]);
    assert.ok(Math.abs(first.residuals[0] - 19 * 0.07623225450515747) < 1e-6, String(first.residuals[0]));
    assert.equal(first.positions.length, 340 * 3);
    assert.ok(
      recording.markers.every((m) => m.residuals.every((r) => r >= 0)),
      'this export has no gap',
    );
  });

  it('has its 69 analog channels at 2,000 Hz, ten samples a frame, with their units', () => {
    assert.equal(recording.analog.length, 69);
    assert.equal(recording.analogRate, 2000);
    assert.ok(recording.analog.every((c) => c.samples.length === 3400));
    assert.equal(recording.analog[0].label, 'FP1_FX');
    assert.deepEqual(
      recording.analog.slice(57, 63).map((c) => c.unit),
      ['N', 'N', 'N', 'Nmm', 'Nmm', 'Nmm'],
      'the first force plate’s forces and moments',
    );
    assert.equal(recording.analog[56].unit, 'V');
  });

  it('has its two force plates, each with the six analog channels it names', () => {
    assert.deepEqual(
      recording.forcePlates.map((p) => [p.type, p.channels]),
      [
        [2, [57, 58, 59, 60, 61, 62]],
        [2, [63, 64, 65, 66, 67, 68]],
      ],
    );
    assert.deepEqual(
      recording.forcePlates[0].corners.map((c) => c.map(Math.round)),
      [
        [508, 464, 0],
        [508, 0, 0],
        [0, 0, 0],
        [0, 464, 0],
      ],
    );
  });

  it('has its seven events, their times in seconds from the first frame', () => {
    assert.deepEqual(
      recording.events.map((e) => [e.label, Math.round(e.time * 1000) / 1000]),
      [
        ['LHS', 0.07],
        ['RTO', 0.165],
        ['RHS', 0.53],
        ['LTO', 0.64],
        ['LHS', 1.015],
        ['RTO', 1.13],
        ['RHS', 1.51],
      ],
    );
  });

  it('keeps the groups it does not interpret (the manufacturer, the capture’s processing)', () => {
    assert.deepEqual(recording.parameters.get('MANUFACTURER')?.get('COMPANY')?.strings, ['Qualisys']);
  });
});

describe('C3D: the layouts of the format, made byte by byte', () => {
  for (const processor of ['intel', 'dec', 'mips'] as const)
    for (const integer of [false, true])
      it(`${processor}, ${integer ? 'integer' : 'float'} data: every sample, residual and gap`, () => {
        const made = walk(processor, integer);
        const r = readC3d(handMadeC3d(made));
        assert.equal(r.processor, processor);
        assert.equal(r.integer, integer);
        assert.equal(r.frameRate, 100);
        assert.equal(r.frameCount, 4);
        assert.deepEqual(
          r.markers.map((m) => m.label),
          ['LHEE', 'RHEE', 'HEAD'],
        );
        const step = made.scale;
        for (const [f, frame] of made.frames.entries())
          for (const [m, [x, y, z, w]] of frame.entries()) {
            const marker = r.markers[m];
            if (w < 0) {
              assert.ok(marker.residuals[f] < 0, `${marker.label} frame ${f} is a gap`);
              continue;
            }
            const expected = integer ? [x, y, z].map((v) => v * step) : [x, y, z];
            assert.deepEqual([...marker.positions.slice(f * 3, f * 3 + 3)], expected, `${marker.label} frame ${f}`);
            assert.equal(marker.residuals[f], w * step, 'the residual is the fourth word’s steps of the scale');
          }
      });

  it('reads a DEC float whose bytes the format’s guide gives (1.0 is 80 40 00 00)', () => {
    assert.deepEqual(vaxFloat(1), [0x80, 0x40, 0, 0]);
    assert.deepEqual(vaxFloat(-0.5), [0x00, 0xc0, 0, 0]);
    const r = readC3d(
      handMadeC3d({
        ...walk('dec', false),
        frames: [
          [
            [1, -0.5, 1000.125, 3],
            [0, 0, 0, -1],
            [2, 2, 2, 0],
          ],
        ],
      }),
    );
    assert.deepEqual([...r.markers[0].positions.slice(0, 3)], [1, -0.5, 1000.125]);
  });

  it('takes the camera mask in the fourth word’s high byte apart from the residual in its low one', () => {
    const made = walk('intel', true);
    made.frames[0][0][3] = (0b1010 << 8) | 7; // cameras 2 and 4, residual 7 steps
    assert.equal(readC3d(handMadeC3d(made)).markers[0].residuals[0], 7 * 0.5);
  });

  it('scales integer analog data by its offset, channel scale and general scale, signed or unsigned', () => {
    const made: HandMade = {
      ...walk('mips', true),
      analogChannels: 2,
      analogWords: [0, 1, 2, 3].map((f) => [100 + f, 2000, 101 + f, 2001]),
      more: [
        { group: 'ANALOG', name: 'USED', type: 2, dimensions: [], values: [2] },
        { group: 'ANALOG', name: 'RATE', type: 4, dimensions: [], values: [200] },
        { group: 'ANALOG', name: 'LABELS', type: -1, dimensions: [4, 2], values: ['EMG1', 'FZ'] },
        { group: 'ANALOG', name: 'UNITS', type: -1, dimensions: [2, 2], values: ['mV', 'N'] },
        { group: 'ANALOG', name: 'SCALE', type: 4, dimensions: [2], values: [0.5, 2] },
        { group: 'ANALOG', name: 'OFFSET', type: 2, dimensions: [2], values: [100, 0] },
        { group: 'ANALOG', name: 'GEN_SCALE', type: 4, dimensions: [], values: [0.25] },
      ],
    };
    const r = readC3d(handMadeC3d(made));
    assert.equal(r.analogRate, 200);
    assert.deepEqual(
      r.analog.map((c) => [c.label, c.unit]),
      [
        ['EMG1', 'mV'],
        ['FZ', 'N'],
      ],
    );
    // Frame f holds two samples of each: (word − offset) × scale × general scale.
    assert.deepEqual([...r.analog[0].samples.slice(0, 4)], [0, 0.125, 0.125, 0.25]);
    assert.deepEqual([...r.analog[1].samples.slice(0, 2)], [1000, 1000.5]);
    made.more!.push({ group: 'ANALOG', name: 'FORMAT', type: -1, dimensions: [8], values: ['UNSIGNED'] });
    made.analogWords = [0, 1, 2, 3].map(() => [40_000 - 65_536, 0, 40_000 - 65_536, 0]);
    made.more!.find((x) => x.name === 'OFFSET')!.values = [32_768 - 65_536, 0];
    const unsigned = readC3d(handMadeC3d(made));
    assert.equal(unsigned.analog[0].samples[0], (40_000 - 32_768) * 0.5 * 0.25, 'words and offset read unsigned');
  });

  it('reads a recording longer than the header can count (70,000 frames) from TRIAL’s first and last frame', () => {
    const frames = 70_000;
    const made: HandMade = {
      ...walk('intel', false),
      labels: ['M1'],
      firstFrame: 1,
      frames: Array.from({ length: frames }, (_, f) => [[f, 0, 0, 1] as [number, number, number, number]]),
      headerLastFrame: 65_535,
      more: [
        { group: 'TRIAL', name: 'ACTUAL_START_FIELD', type: 2, dimensions: [2], values: [1, 0] },
        { group: 'TRIAL', name: 'ACTUAL_END_FIELD', type: 2, dimensions: [2], values: [frames - 65_536, 1] },
      ],
    };
    const r = readC3d(handMadeC3d(made));
    assert.equal(r.frameCount, frames);
    assert.equal(r.markers[0].positions[(frames - 1) * 3], frames - 1);
  });

  it('reads events from the EVENT group, relative to the first frame, and names the unnamed', () => {
    const made: HandMade = {
      ...walk('dec', false),
      firstFrame: 101,
      labels: ['A', ''],
      frames: [
        [
          [1, 1, 1, 1],
          [2, 2, 2, 1],
        ],
      ],
      more: [
        { group: 'EVENT', name: 'USED', type: 2, dimensions: [], values: [2] },
        { group: 'EVENT', name: 'LABELS', type: -1, dimensions: [11, 2], values: ['Foot Strike', 'Foot Off'] },
        { group: 'EVENT', name: 'CONTEXTS', type: -1, dimensions: [5, 2], values: ['Left', 'Right'] },
        { group: 'EVENT', name: 'TIMES', type: 4, dimensions: [2, 2], values: [0, 1.5, 1, 0.25] },
      ],
    };
    const r = readC3d(handMadeC3d(made));
    assert.deepEqual(
      r.events.map((e) => [e.label, e.context, e.time]),
      [
        ['Foot Strike', 'Left', 0.5],
        ['Foot Off', 'Right', 59.25],
      ],
    );
    assert.deepEqual(
      r.markers.map((m) => m.label),
      ['A', 'M002'],
    );
  });
});

describe('C3D: files that cannot be read are refused, saying what was found', () => {
  const good = () => handMadeC3d(walk('intel', false));
  const refused = (bytes: Uint8Array, pattern: RegExp) =>
    assert.throws(
      () => readC3d(bytes),
      (e: unknown) => e instanceof C3dError && pattern.test(e.message),
    );

  it('a file shorter than its header, or with no C3D key', () => {
    refused(good().subarray(0, 300), /^the file is 300 bytes long; a C3D file's header alone is 512$/);
    const other = good();
    other[1] = 0x89;
    refused(other, /^this is not a C3D file: its second byte is 0x89 where a C3D file has 0x50$/);
  });

  it('a processor byte the format does not have', () => {
    refused(
      handMadeC3d({ ...walk('intel', false), processorByte: 87 }),
      /processor byte is 87; a C3D file has 84 \(Intel\), 85 \(DEC\) or 86 \(MIPS\)/,
    );
  });

  it('a header that claims more frames than the file holds', () => {
    refused(
      handMadeC3d({ ...walk('intel', false), headerLastFrame: 500 }),
      /^the header claims 500 frames \(1 to 500\) of 48 bytes from byte 1024, but the file \(1216 bytes\) holds 4 whole frames$/,
    );
  });

  it('a file cut short in its frames or in its parameters', () => {
    refused(good().subarray(0, good().length - 10), /claims 4 frames .* holds 3 whole frames/);
    refused(good().subarray(0, 560), /^the parameter section is cut short: .* the file ends at 560$/);
  });

  it('an empty parameter section', () => {
    const bytes = good();
    bytes.fill(0, 516, 1024);
    refused(bytes, /^the parameter section is empty: it names no markers, no frame rate and no frames$/);
  });

  it('a force plate that names analog channels the file does not have', () => {
    const made = walk('intel', false);
    made.more = [
      { group: 'FORCE_PLATFORM', name: 'USED', type: 2, dimensions: [], values: [1] },
      { group: 'FORCE_PLATFORM', name: 'CHANNEL', type: 2, dimensions: [6, 1], values: [1, 2, 3, 4, 5, 6] },
    ];
    refused(handMadeC3d(made), /^force plate 1 names analog channels 1, 2, 3, 4, 5, 6, but the file has 0$/);
  });

  it('any file cut anywhere, or with any byte changed, is read or refused with a C3dError: never another failure', () => {
    const bytes = handMadeC3d({
      ...walk('mips', true),
      more: [{ group: 'EVENT', name: 'USED', type: 2, dimensions: [], values: [1] }],
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: bytes.length }),
        fc.integer({ min: 0, max: bytes.length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        (cut, at, value) => {
          const changed = bytes.slice();
          changed[at] = value;
          for (const candidate of [bytes.subarray(0, cut), changed])
            try {
              readC3d(candidate);
            } catch (error) {
              if (!(error instanceof C3dError)) throw error;
            }
        },
      ),
      propertyRuns('C3D: cut or changed files', 400),
    );
  });
});
