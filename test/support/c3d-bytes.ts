/**
 * C3D files made byte by byte from the format's public description (c3d.org's "The C3D File
 * Format User Guide"), without any of our own C3D code: the oracle the reader is held to for the
 * layouts no real file here has (DEC and MIPS processors, integer data, long recordings).
 */

export type Processor = 'intel' | 'dec' | 'mips';

export interface HandMadeParameter {
  group: string;
  name: string;
  /** -1 text, 2 int16, 4 float. */
  type: -1 | 2 | 4;
  dimensions: number[];
  values: (string | number)[];
}

export interface HandMade {
  processor: Processor;
  /** Stored as integers (POINT:SCALE positive) rather than floats (negative). */
  integer: boolean;
  scale: number;
  rate: number;
  firstFrame: number;
  labels: string[];
  /** Per frame, per marker: x, y, z and the fourth word as stored (residual steps, or −1 for a gap). */
  frames: [number, number, number, number][][];
  /** Per frame, the analog words as stored: samples one after another, each holding every channel. */
  analogWords?: number[][];
  analogChannels?: number;
  /** More parameters, in any group. */
  more?: HandMadeParameter[];
  /** The header's last frame, when it must differ from the frames given (a header that lies). */
  headerLastFrame?: number;
  processorByte?: number;
}

/** The VAX F floating point of a DEC file: sign, 8-bit exponent biased by 128, fraction 0.1f, halves swapped as words. */
export function vaxFloat(value: number): [number, number, number, number] {
  if (value === 0) return [0, 0, 0, 0];
  const sign = value < 0 ? 1 : 0;
  const magnitude = Math.abs(value);
  let exponent = Math.floor(Math.log2(magnitude)) + 1; // magnitude = f × 2^exponent, 0.5 ≤ f < 1
  let f = magnitude / 2 ** exponent;
  if (f >= 1) [f, exponent] = [f / 2, exponent + 1];
  if (f < 0.5) [f, exponent] = [f * 2, exponent - 1];
  const fraction = Math.round((f - 0.5) * 2 ** 24); // the 23 bits after the hidden one
  const high = (sign << 15) | ((exponent + 128) << 7) | (fraction >> 16);
  const low = fraction & 0xffff;
  return [high & 0xff, high >> 8, low & 0xff, low >> 8];
}

function int16(value: number, processor: Processor): number[] {
  const word = value < 0 ? value + 65_536 : value;
  return processor === 'mips' ? [word >> 8, word & 0xff] : [word & 0xff, word >> 8];
}

function float32(value: number, processor: Processor): number[] {
  if (processor === 'dec') return vaxFloat(value);
  const bytes = new Uint8Array(new Float32Array([value]).buffer); // this machine is little endian
  return processor === 'mips' ? [...bytes].reverse() : [...bytes];
}

/** The bytes of a C3D file as described. */
export function handMadeC3d(c: HandMade): Uint8Array {
  const p = c.processor;
  const channels = c.analogChannels ?? 0;
  const perFrame = channels === 0 ? 0 : (c.analogWords?.[0]?.length ?? 0) / channels;
  const parameters: HandMadeParameter[] = [
    { group: 'POINT', name: 'USED', type: 2, dimensions: [], values: [c.labels.length] },
    { group: 'POINT', name: 'SCALE', type: 4, dimensions: [], values: [c.integer ? c.scale : -c.scale] },
    { group: 'POINT', name: 'RATE', type: 4, dimensions: [], values: [c.rate] },
    { group: 'POINT', name: 'DATA_START', type: 2, dimensions: [], values: [0] },
    {
      group: 'POINT',
      name: 'LABELS',
      type: -1,
      dimensions: [Math.max(1, ...c.labels.map((l) => l.length)), c.labels.length],
      values: c.labels,
    },
    ...(c.more ?? []),
  ];
  const groups = [...new Set(parameters.map((x) => x.group))];
  const records: number[][] = [];
  const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
  for (const [i, g] of groups.entries()) records.push([g.length, 256 - (i + 1), ...ascii(g), 0, 0, 0]);
  for (const x of parameters) {
    const data =
      x.type === -1
        ? x.values.flatMap((v) => ascii(String(v).padEnd(x.dimensions[0] ?? 1)))
        : x.values.flatMap((v) => (x.type === 2 ? int16(Number(v), p) : float32(Number(v), p)));
    records.push([
      x.name.length,
      groups.indexOf(x.group) + 1,
      ...ascii(x.name),
      0,
      0,
      x.type & 0xff,
      x.dimensions.length,
      ...x.dimensions,
      ...data,
      0,
    ]);
  }
  const sectionLength = 4 + records.reduce((n, r) => n + r.length, 0);
  const parameterBlocks = Math.ceil(sectionLength / 512);
  const dataBlock = 2 + parameterBlocks;
  // DATA_START is the 4th parameter: set now that the blocks are known.
  const dataStartRecord = records[groups.length + 3];
  dataStartRecord.splice(dataStartRecord.length - 3, 2, ...int16(dataBlock, p));
  // Each record's pointer, after its name, counts from itself to the next record; the last is 0.
  for (const [i, r] of records.entries()) {
    const next = i === records.length - 1 ? 0 : r.length - 2 - r[0];
    r.splice(2 + r[0], 2, ...int16(next, p));
  }
  const word = c.integer ? 2 : 4;
  const frameBytes = (c.labels.length * 4 + channels * perFrame) * word;
  const bytes = new Uint8Array((dataBlock - 1) * 512 + c.frames.length * frameBytes);
  const put = (at: number, values: number[]) => bytes.set(values, at);
  put(0, [2, 0x50]);
  put(2, int16(c.labels.length, p));
  put(4, int16(channels * perFrame, p));
  put(6, int16(Math.min(c.firstFrame, 65_535), p));
  put(8, int16(c.headerLastFrame ?? Math.min(c.firstFrame + c.frames.length - 1, 65_535), p));
  put(12, float32(c.integer ? c.scale : -c.scale, p));
  put(16, int16(dataBlock, p));
  put(18, int16(perFrame, p));
  put(20, float32(c.rate, p));
  put(512, [1, 0x50, parameterBlocks, c.processorByte ?? { intel: 84, dec: 85, mips: 86 }[p]]);
  let at = 516;
  for (const r of records) {
    put(at, r);
    at += r.length;
  }
  at = (dataBlock - 1) * 512;
  const value = (v: number) => (c.integer ? int16(v, p) : float32(v, p));
  const next = (v: number) => {
    put(at, value(v));
    at += word;
  };
  for (const [f, frame] of c.frames.entries()) {
    for (const point of frame) point.forEach(next);
    (c.analogWords?.[f] ?? []).forEach(next);
  }
  return bytes;
}
