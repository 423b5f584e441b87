import { C3dError } from './c3d-error';
import { numberWriter, PROCESSOR_BYTE, type C3dProcessor } from './c3d-numbers';
import type { C3dParameter } from './c3d-parameters';
import type { C3dRecording } from './c3d-recording';

const BLOCK = 512;
/** What a dimension (one byte) can count, and so how many names go in one LABELS parameter. */
const PER_PARAMETER = 255;

interface C3dWriteOptions {
  processor?: C3dProcessor;
  /** Store samples as 16-bit integers in steps of the recording's point scale (else floats). */
  integer?: boolean;
}

type Entry = { group: string; name: string; parameter: C3dParameter };

/**
 * Writes a recording as a C3D file, in the layout asked for (Intel floats unless told): the groups
 * this module owns (POINT, ANALOG, TRIAL, EVENT, FORCE_PLATFORM) from the recording, every other
 * group the recording was read with carried over unchanged. Integer data out of the 16-bit range
 * at the point scale is refused, naming the marker and frame.
 */
export function writeC3d(recording: C3dRecording, options: C3dWriteOptions = {}): Uint8Array {
  const processor = options.processor ?? 'intel';
  const integer = options.integer ?? false;
  const channels = recording.analog.length;
  const perFrame = channels === 0 ? 0 : Math.round(recording.analogRate / recording.frameRate);
  if (channels > 0 && recording.analog.some((c) => c.samples.length !== recording.frameCount * perFrame))
    throw new C3dError(
      `the analog channels must hold ${perFrame} samples a frame (${recording.analogRate} Hz at ${recording.frameRate} Hz)`,
    );
  const scale = recording.pointScale > 0 ? recording.pointScale : 0.1;
  // Integer analog data gets each channel a scale that fits its largest sample in 16 bits.
  const analogScales = recording.analog.map((c) =>
    integer ? c.samples.reduce((most, v) => Math.max(most, Math.abs(v)), 0) / 32_767 || 1 : 1,
  );
  const entries = parameterEntries(recording, { integer, scale, perFrame, analogScales });
  const parameterBytes = encodeParameters(entries, processor);
  const parameterBlocks = Math.ceil((parameterBytes.length + 4) / BLOCK);
  const dataBlock = 2 + parameterBlocks;
  setNumber(entries, 'POINT', 'DATA_START', dataBlock);
  const parameters = encodeParameters(entries, processor);
  const wordSize = integer ? 2 : 4;
  const frameWords = recording.markers.length * 4 + channels * perFrame;
  const dataBytes = recording.frameCount * frameWords * wordSize;
  const bytes = new Uint8Array((dataBlock - 1) * BLOCK + Math.ceil(dataBytes / BLOCK) * BLOCK);
  const write = numberWriter(bytes, processor);

  bytes[0] = 2;
  bytes[1] = 0x50;
  const last = recording.firstFrame + recording.frameCount - 1;
  write.uint16(2, recording.markers.length);
  write.uint16(4, channels * perFrame);
  write.uint16(6, Math.min(recording.firstFrame, 65_535));
  write.uint16(8, Math.min(last, 65_535));
  write.uint16(10, 10);
  write.float32(12, integer ? scale : -scale);
  write.uint16(16, dataBlock);
  write.uint16(18, perFrame);
  write.float32(20, recording.frameRate);

  const start = BLOCK;
  bytes[start + 2] = parameterBlocks;
  bytes[start + 3] = PROCESSOR_BYTE[processor];
  bytes.set(parameters, start + 4);

  let at = (dataBlock - 1) * BLOCK;
  const put = integer ? (v: number) => write.int16(at, v) : (v: number) => write.float32(at, v);
  for (let f = 0; f < recording.frameCount; f++) {
    for (const marker of recording.markers) {
      const gap = !(marker.residuals[f] >= 0);
      for (let k = 0; k < 3; k++) {
        const value = gap ? 0 : marker.positions[f * 3 + k];
        put(integer ? integerStep(value / scale, marker.label, f) : value);
        at += wordSize;
      }
      put(gap ? -1 : Math.min(255, Math.round(marker.residuals[f] / scale)));
      at += wordSize;
    }
    for (let s = 0; s < perFrame; s++)
      for (const [c, channel] of recording.analog.entries()) {
        const value = channel.samples[f * perFrame + s];
        put(integer ? integerStep(value / analogScales[c], channel.label, f) : value);
        at += wordSize;
      }
  }
  return bytes;
}

function integerStep(value: number, what: string, frame: number): number {
  const step = Math.round(value);
  if (step < -32_768 || step > 32_767)
    throw new C3dError(`${what} at frame ${frame} is too large for integer data at this scale (${value} steps)`);
  return step;
}

const text = (strings: string[], width = Math.max(1, ...strings.map((s) => s.length))): C3dParameter => ({
  type: -1,
  dimensions: [width, strings.length],
  numbers: [],
  strings,
  description: '',
});
const numbers = (type: 2 | 4, values: number[], dimensions = [values.length]): C3dParameter => ({
  type,
  dimensions,
  numbers: values,
  strings: [],
  description: '',
});
const single = (type: 2 | 4, value: number): C3dParameter => ({ ...numbers(type, [value]), dimensions: [] });

/** A list of names as LABELS, LABELS2… of at most 255 each. */
function split(group: string, name: string, strings: string[]): Entry[] {
  const entries: Entry[] = [];
  for (let i = 0; i === 0 || i * PER_PARAMETER < strings.length; i++)
    entries.push({
      group,
      name: i === 0 ? name : `${name}${i + 1}`,
      parameter: text(strings.slice(i * PER_PARAMETER, (i + 1) * PER_PARAMETER)),
    });
  return entries;
}

const OWNED = new Set(['POINT', 'ANALOG', 'TRIAL', 'EVENT', 'FORCE_PLATFORM']);

function parameterEntries(
  r: C3dRecording,
  {
    integer,
    scale,
    perFrame,
    analogScales,
  }: { integer: boolean; scale: number; perFrame: number; analogScales: number[] },
): Entry[] {
  const entry = (group: string, name: string, parameter: C3dParameter): Entry => ({ group, name, parameter });
  const frames = r.frameCount;
  const first = r.firstFrame;
  const last = first + frames - 1;
  const words = (n: number) => [n % 65_536, Math.floor(n / 65_536)].map((w) => (w > 32_767 ? w - 65_536 : w));
  const entries: Entry[] = [
    entry('POINT', 'USED', single(2, r.markers.length)),
    entry('POINT', 'SCALE', single(4, integer ? scale : -scale)),
    entry('POINT', 'RATE', single(4, r.frameRate)),
    entry('POINT', 'DATA_START', single(2, 0)),
    entry('POINT', 'FRAMES', single(2, frames > 32_767 ? (frames > 65_535 ? -1 : frames - 65_536) : frames)),
    ...split(
      'POINT',
      'LABELS',
      r.markers.map((m) => m.label),
    ),
    ...split(
      'POINT',
      'DESCRIPTIONS',
      r.markers.map((m) => m.description),
    ),
    entry('POINT', 'UNITS', text([r.pointUnit || 'mm'])),
    entry('ANALOG', 'USED', single(2, r.analog.length)),
    ...split(
      'ANALOG',
      'LABELS',
      r.analog.map((c) => c.label),
    ),
    ...split(
      'ANALOG',
      'DESCRIPTIONS',
      r.analog.map((c) => c.description),
    ),
    ...split(
      'ANALOG',
      'UNITS',
      r.analog.map((c) => c.unit),
    ),
    entry('ANALOG', 'GEN_SCALE', single(4, 1)),
    entry('ANALOG', 'SCALE', numbers(4, analogScales)),
    entry(
      'ANALOG',
      'OFFSET',
      numbers(
        2,
        r.analog.map(() => 0),
      ),
    ),
    entry('ANALOG', 'RATE', single(4, r.analog.length === 0 ? r.frameRate : perFrame * r.frameRate)),
  ];
  if (last > 65_535)
    entries.push(
      entry('TRIAL', 'ACTUAL_START_FIELD', numbers(2, words(first))),
      entry('TRIAL', 'ACTUAL_END_FIELD', numbers(2, words(last))),
    );
  if (r.events.length > 0) {
    const start = (first - 1) / r.frameRate;
    const absolute = r.events.map((e) => e.time + start);
    entries.push(
      entry('EVENT', 'USED', single(2, r.events.length)),
      ...split(
        'EVENT',
        'LABELS',
        r.events.map((e) => e.label),
      ),
      ...split(
        'EVENT',
        'CONTEXTS',
        r.events.map((e) => e.context),
      ),
      ...split(
        'EVENT',
        'DESCRIPTIONS',
        r.events.map((e) => e.description),
      ),
      entry(
        'EVENT',
        'TIMES',
        numbers(
          4,
          absolute.flatMap((t) => [Math.floor(t / 60), t - Math.floor(t / 60) * 60]),
          [2, r.events.length],
        ),
      ),
    );
  }
  if (r.forcePlates.length > 0) {
    const plates = r.forcePlates;
    const perPlate = Math.max(...plates.map((p) => p.channels.length));
    entries.push(
      entry('FORCE_PLATFORM', 'USED', single(2, plates.length)),
      entry(
        'FORCE_PLATFORM',
        'TYPE',
        numbers(
          2,
          plates.map((p) => p.type),
        ),
      ),
      entry('FORCE_PLATFORM', 'ZERO', numbers(2, [0, 0])),
      entry(
        'FORCE_PLATFORM',
        'CORNERS',
        numbers(
          4,
          plates.flatMap((p) => p.corners.flat()),
          [3, 4, plates.length],
        ),
      ),
      entry(
        'FORCE_PLATFORM',
        'ORIGIN',
        numbers(
          4,
          plates.flatMap((p) => p.origin),
          [3, plates.length],
        ),
      ),
      entry(
        'FORCE_PLATFORM',
        'CHANNEL',
        numbers(
          2,
          plates.flatMap((p) => Array.from({ length: perPlate }, (_, k) => (p.channels[k] ?? -1) + 1)),
          [perPlate, plates.length],
        ),
      ),
    );
    if (plates.some((p) => p.calibration))
      entries.push(
        entry(
          'FORCE_PLATFORM',
          'CAL_MATRIX',
          numbers(
            4,
            plates.flatMap((p) => byColumns(p.calibration ?? identity6())),
            [6, 6, plates.length],
          ),
        ),
      );
  }
  for (const [group, parameters] of r.parameters)
    if (!OWNED.has(group)) for (const [name, parameter] of parameters) entries.push(entry(group, name, parameter));
  return entries;
}

const identity6 = () => Array.from({ length: 36 }, (_, k) => (k % 7 === 0 ? 1 : 0));
const byColumns = (rows: number[]) => Array.from({ length: 36 }, (_, k) => rows[(k % 6) * 6 + Math.floor(k / 6)]);

function setNumber(entries: Entry[], group: string, name: string, value: number): void {
  const found = entries.find((e) => e.group === group && e.name === name)!;
  found.parameter = { ...found.parameter, numbers: [value] };
}

/** Groups, then their parameters, each record pointing to the next; the last points nowhere. */
function encodeParameters(entries: Entry[], processor: C3dProcessor): Uint8Array {
  const groups = [...new Set(entries.map((e) => e.group))];
  const records: Uint8Array[] = [];
  const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
  for (const [g, group] of groups.entries()) records.push(record(ascii(group), -(g + 1), new Uint8Array([0])));
  for (const e of entries) {
    const p = e.parameter;
    const count = p.dimensions.reduce((n, d) => n * d, 1);
    const size = Math.abs(p.type) * count;
    const body = new Uint8Array(2 + p.dimensions.length + size + 1);
    body[0] = p.type & 0xff;
    body[1] = p.dimensions.length;
    p.dimensions.forEach((d, i) => {
      if (d > 255) throw new C3dError(`parameter ${e.group}:${e.name} has a dimension of ${d}; at most 255 fit`);
      body[2 + i] = d;
    });
    const data = body.subarray(2 + p.dimensions.length);
    const write = numberWriter(data, processor);
    if (p.type === -1) {
      const width = p.dimensions[0] ?? 1;
      p.strings.forEach((s, i) => data.set(ascii(s.padEnd(width).slice(0, width)), i * width));
    } else
      p.numbers.forEach((n, i) => {
        if (p.type === 1) data[i] = n & 0xff;
        else if (p.type === 2) write.int16(i * 2, Math.round(n));
        else write.float32(i * 4, n);
      });
    records.push(record(ascii(e.name), groups.indexOf(e.group) + 1, body));
  }
  const total = records.reduce((n, r) => n + r.length, 0);
  const out = new Uint8Array(total);
  const write = numberWriter(out, processor);
  let at = 0;
  for (const [i, r] of records.entries()) {
    out.set(r, at);
    const nameLength = r[0];
    // The pointer, right after the name, counts from itself to the next record; the last record's is 0.
    write.int16(at + 2 + nameLength, i === records.length - 1 ? 0 : r.length - 2 - nameLength);
    at += r.length;
  }
  return out;
}

function record(name: Uint8Array, id: number, body: Uint8Array): Uint8Array {
  const r = new Uint8Array(2 + name.length + 2 + body.length);
  r[0] = name.length;
  r[1] = id & 0xff;
  r.set(name, 2);
  r.set(body, 2 + name.length + 2);
  return r;
}
