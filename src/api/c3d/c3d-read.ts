import { C3dError } from './c3d-error';
import { numberReader, processorOf, type C3dProcessor, type NumberReader } from './c3d-numbers';
import { ParameterLookup, readParameters } from './c3d-parameters';
import type { C3dAnalogChannel, C3dEvent, C3dForcePlate, C3dMarker, C3dRecording } from './c3d-recording';

const BLOCK = 512;
const KEY = 0x50;

/**
 * Reads a C3D file's bytes (the format's public description, c3d.org): the header, the parameter
 * section in any of the three processors' layouts, then the frames of 3D points and analog samples,
 * float or integer. A file that cannot be read whole is refused with a C3dError naming what was
 * found; nothing is guessed.
 */
export function readC3d(bytes: Uint8Array): C3dRecording {
  if (bytes.length < BLOCK)
    throw new C3dError(`the file is ${bytes.length} bytes long; a C3D file's header alone is ${BLOCK}`);
  if (bytes[1] !== KEY)
    throw new C3dError(
      `this is not a C3D file: its second byte is 0x${hex(bytes[1])} where a C3D file has 0x${hex(KEY)}`,
    );
  const parameterStart = (bytes[0] - 1) * BLOCK;
  if (bytes[0] < 2 || parameterStart + 4 > bytes.length)
    throw new C3dError(`the header points to a parameter section at block ${bytes[0]}, which the file does not hold`);
  const processorByte = bytes[parameterStart + 3];
  const processor = processorOf(processorByte);
  if (!processor)
    throw new C3dError(
      `the parameter section's processor byte is ${processorByte}; a C3D file has 84 (Intel), 85 (DEC) or 86 (MIPS)`,
    );
  const read = numberReader(bytes, processor);
  const parameters = readParameters(bytes, parameterStart, read);
  if (parameters.size === 0)
    throw new C3dError('the parameter section is empty: it names no markers, no frame rate and no frames');
  const p = new ParameterLookup(parameters);

  const header = {
    points: read.uint16(2),
    analogPerFrame: read.uint16(4),
    first: read.uint16(6),
    last: read.uint16(8),
    scale: read.float32(12),
    dataStart: read.uint16(16),
    rate: read.float32(20),
  };
  const pointCount = unsigned(p.number('POINT', 'USED')) ?? header.points;
  const pointScale = p.number('POINT', 'SCALE') ?? header.scale;
  const frameRate = p.number('POINT', 'RATE') ?? header.rate;
  const dataBlock = unsigned(p.number('POINT', 'DATA_START')) ?? header.dataStart;
  const { firstFrame, frameCount } = framesOf(p, header.first, header.last);
  if (!(frameRate > 0)) throw new C3dError(`the frame rate is ${frameRate}; it must be above 0`);

  const channelCount = unsigned(p.number('ANALOG', 'USED')) ?? 0;
  const analogRate = p.number('ANALOG', 'RATE') ?? 0;
  const analogPerFrame =
    channelCount === 0 ? 0 : header.analogPerFrame > 0 ? header.analogPerFrame / channelCount : analogRate / frameRate;
  if (!Number.isInteger(analogPerFrame))
    throw new C3dError(
      `the header has ${header.analogPerFrame} analog samples a frame for ${channelCount} channels, which is no whole number each`,
    );

  const integer = pointScale >= 0;
  const wordSize = integer ? 2 : 4;
  const frameWords = pointCount * 4 + channelCount * analogPerFrame;
  const frameBytes = frameWords * wordSize;
  const dataStart = (dataBlock - 1) * BLOCK;
  const held = frameBytes === 0 ? frameCount : Math.floor(Math.max(0, bytes.length - dataStart) / frameBytes);
  if (dataBlock < 2 || frameCount > held)
    throw new C3dError(
      `the header claims ${frameCount} frames (${firstFrame} to ${firstFrame + frameCount - 1}) of ${frameBytes} bytes ` +
        `from byte ${dataStart}, but the file (${bytes.length} bytes) holds ${held} whole frames`,
    );

  const layout = { dataStart, frameBytes, wordSize, frameCount, pointCount, integer, pointScale, processor, read };
  const labels = p.strings('POINT', 'LABELS');
  const descriptions = p.strings('POINT', 'DESCRIPTIONS');
  const markers: C3dMarker[] = readPoints(bytes, layout).map((data, i) => ({
    label: labels[i] || `M${String(i + 1).padStart(3, '0')}`,
    description: descriptions[i] ?? '',
    ...data,
  }));

  const analog = readAnalog(bytes, p, { ...layout, channelCount, analogPerFrame });
  return {
    processor,
    integer,
    pointScale: Math.abs(pointScale),
    frameRate,
    firstFrame,
    frameCount,
    pointUnit: p.strings('POINT', 'UNITS')[0] || 'mm',
    markers,
    analogRate: channelCount === 0 ? 0 : analogRate || analogPerFrame * frameRate,
    analog,
    events: readEvents(p, firstFrame, frameRate),
    forcePlates: readForcePlates(p, analog.length),
    parameters,
  };
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/** An int16 parameter holding a count or a block number above 32,767, read back as the unsigned word it is. */
function unsigned(value: number | undefined): number | undefined {
  return value === undefined ? undefined : value < 0 ? value + 65_536 : value;
}

/**
 * The first frame and the number of frames. The header's 16-bit words stop at 65,535 frames;
 * longer recordings give TRIAL:ACTUAL_START_FIELD and ACTUAL_END_FIELD (two words each, low first),
 * or POINT:FRAMES beyond what the header can say.
 */
function framesOf(p: ParameterLookup, first: number, last: number): { firstFrame: number; frameCount: number } {
  const start = p.numbers('TRIAL', 'ACTUAL_START_FIELD');
  const end = p.numbers('TRIAL', 'ACTUAL_END_FIELD');
  if (start.length >= 2 && end.length >= 2) {
    const word = (pair: number[]) => unsigned(pair[0])! + unsigned(pair[1])! * 65_536;
    return { firstFrame: word(start), frameCount: word(end) - word(start) + 1 };
  }
  const byHeader = last >= first ? last - first + 1 : 0;
  const frames = p.get('POINT', 'FRAMES');
  const byParameter = frames ? (frames.type === 4 ? frames.numbers[0] : unsigned(frames.numbers[0])!) : 0;
  return { firstFrame: first, frameCount: byHeader === 65_535 && byParameter > byHeader ? byParameter : byHeader };
}

interface Layout {
  dataStart: number;
  frameBytes: number;
  wordSize: number;
  frameCount: number;
  pointCount: number;
  integer: boolean;
  pointScale: number;
  processor: C3dProcessor;
  read: NumberReader;
}

/** Each marker's positions and residuals, decoded frame by frame (a residual word below 0 is a gap). */
function readPoints(bytes: Uint8Array, l: Layout): { positions: Float32Array; residuals: Float32Array }[] {
  const points = Array.from({ length: l.pointCount }, () => ({
    positions: new Float32Array(l.frameCount * 3),
    residuals: new Float32Array(l.frameCount),
  }));
  const step = Math.abs(l.pointScale);
  // The fourth word: the camera mask in its high byte, the residual in steps of the scale in its low one.
  const residual = (w: number) => (w < 0 ? -1 : (Math.trunc(w) & 0xff) * step);
  const words = floatWords(bytes, l);
  if (words) {
    // The common case, kept tight: the file read once from start to end (frame by frame, as it is
    // laid out), each marker's arrays written in order, no value boxed.
    const frameWords = l.frameBytes / 4;
    const positions = points.map((p) => p.positions);
    const residuals = points.map((p) => p.residuals);
    for (let f = 0; f < l.frameCount; f++) {
      const frame = f * frameWords;
      for (let m = 0; m < l.pointCount; m++) {
        const at = frame + 4 * m;
        const out = positions[m];
        out[3 * f] = words[at];
        out[3 * f + 1] = words[at + 1];
        out[3 * f + 2] = words[at + 2];
        const w = words[at + 3];
        residuals[m][f] = w < 0 ? -1 : (Math.trunc(w) & 0xff) * step;
      }
    }
    return points;
  }
  const word = l.integer ? (at: number) => l.read.int16(at) : (at: number) => l.read.float32(at);
  const size = l.integer ? 2 : 4;
  const coordinate = l.integer ? step : 1;
  for (let f = 0; f < l.frameCount; f++) {
    const frame = l.dataStart + f * l.frameBytes;
    for (let m = 0; m < l.pointCount; m++) {
      const { positions, residuals } = points[m];
      const at = frame + m * 4 * size;
      positions[3 * f] = word(at) * coordinate;
      positions[3 * f + 1] = word(at + size) * coordinate;
      positions[3 * f + 2] = word(at + 2 * size) * coordinate;
      residuals[f] = residual(word(at + 3 * size));
    }
  }
  return points;
}

/**
 * The data section as floats without copying, when the file is Intel floats on a little-endian
 * machine and the section is aligned: the common case, and the one that must be quick for long
 * recordings. Otherwise undefined, and the words are read one by one.
 */
function floatWords(bytes: Uint8Array, l: Layout): Float32Array | undefined {
  if (l.integer || l.processor !== 'intel' || !LITTLE_ENDIAN_MACHINE) return undefined;
  const start = bytes.byteOffset + l.dataStart;
  const length = (l.frameCount * l.frameBytes) / 4;
  if (start % 4 === 0) return new Float32Array(bytes.buffer, start, length);
  return new Float32Array(bytes.slice(l.dataStart, l.dataStart + length * 4).buffer);
}

const LITTLE_ENDIAN_MACHINE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function readAnalog(
  bytes: Uint8Array,
  p: ParameterLookup,
  l: Layout & { channelCount: number; analogPerFrame: number },
): C3dAnalogChannel[] {
  if (l.channelCount === 0) return [];
  const labels = p.strings('ANALOG', 'LABELS');
  const descriptions = p.strings('ANALOG', 'DESCRIPTIONS');
  const units = p.strings('ANALOG', 'UNITS');
  const scales = p.numbers('ANALOG', 'SCALE');
  const offsets = p.numbers('ANALOG', 'OFFSET');
  const general = p.number('ANALOG', 'GEN_SCALE') ?? 1;
  const isUnsigned = /^UNSIGNED/i.test(p.strings('ANALOG', 'FORMAT')[0] ?? '');
  const channels = Array.from({ length: l.channelCount }, (_, c) => ({
    label: labels[c] || `Channel ${c + 1}`,
    description: descriptions[c] ?? '',
    unit: units[c] ?? '',
    samples: new Float32Array(l.frameCount * l.analogPerFrame),
  }));
  const pointBytes = l.pointCount * 4 * l.wordSize;
  for (let f = 0; f < l.frameCount; f++) {
    const frame = l.dataStart + f * l.frameBytes + pointBytes;
    for (let s = 0; s < l.analogPerFrame; s++)
      for (let c = 0; c < l.channelCount; c++) {
        const at = frame + (s * l.channelCount + c) * l.wordSize;
        const raw = l.integer ? (isUnsigned ? l.read.uint16(at) : l.read.int16(at)) : l.read.float32(at);
        const offset = isUnsigned ? (unsigned(offsets[c]) ?? 0) : (offsets[c] ?? 0);
        channels[c].samples[f * l.analogPerFrame + s] = (raw - offset) * (scales[c] ?? 1) * general;
      }
  }
  return channels;
}

/** EVENT's events, their times made relative to the recording's first frame. */
function readEvents(p: ParameterLookup, firstFrame: number, frameRate: number): C3dEvent[] {
  const count = unsigned(p.number('EVENT', 'USED')) ?? 0;
  const times = p.numbers('EVENT', 'TIMES');
  const labels = p.strings('EVENT', 'LABELS');
  const contexts = p.strings('EVENT', 'CONTEXTS');
  const descriptions = p.strings('EVENT', 'DESCRIPTIONS');
  const start = (firstFrame - 1) / frameRate;
  return Array.from({ length: Math.min(count, Math.floor(times.length / 2)) }, (_, i) => ({
    label: labels[i] ?? '',
    context: contexts[i] ?? '',
    description: descriptions[i] ?? '',
    time: times[2 * i] * 60 + times[2 * i + 1] - start,
  }));
}

function readForcePlates(p: ParameterLookup, analogCount: number): C3dForcePlate[] {
  const count = unsigned(p.number('FORCE_PLATFORM', 'USED')) ?? 0;
  const types = p.numbers('FORCE_PLATFORM', 'TYPE');
  const channel = p.get('FORCE_PLATFORM', 'CHANNEL');
  const corners = p.numbers('FORCE_PLATFORM', 'CORNERS');
  const origins = p.numbers('FORCE_PLATFORM', 'ORIGIN');
  const calibration = p.numbers('FORCE_PLATFORM', 'CAL_MATRIX');
  const perPlate = channel?.dimensions[0] ?? 6;
  const plates: C3dForcePlate[] = [];
  for (let i = 0; i < count; i++) {
    const channels = (channel?.numbers ?? []).slice(i * perPlate, (i + 1) * perPlate).map((n) => n - 1);
    if (channels.length === 0 || channels.some((c) => c < 0 || c >= analogCount))
      throw new C3dError(
        `force plate ${i + 1} names analog channels ${channels.map((c) => c + 1).join(', ') || 'none'}, ` +
          `but the file has ${analogCount}`,
      );
    const type = types[i] ?? 2;
    plates.push({
      type,
      channels,
      corners: Array.from({ length: 4 }, (_, k) => {
        const at = i * 12 + k * 3;
        return [corners[at] ?? 0, corners[at + 1] ?? 0, corners[at + 2] ?? 0];
      }),
      origin: [origins[i * 3] ?? 0, origins[i * 3 + 1] ?? 0, origins[i * 3 + 2] ?? 0],
      ...(type === 4 ? { calibration: byRows(calibration.slice(i * 36, (i + 1) * 36)) } : {}),
    });
  }
  return plates;
}

/** The format stores a calibration matrix column by column; ours is row by row. */
function byRows(columns: number[]): number[] {
  return Array.from({ length: 36 }, (_, k) => columns[(k % 6) * 6 + Math.floor(k / 6)] ?? 0);
}
