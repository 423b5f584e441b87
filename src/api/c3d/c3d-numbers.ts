/**
 * How a C3D file writes its numbers, by the processor its parameter section names: Intel (little
 * endian, IEEE floats), DEC (little-endian integers, VAX F floats) or MIPS (big endian, IEEE
 * floats). The one place that knows the three; everything else reads and writes through it.
 */

export type C3dProcessor = 'intel' | 'dec' | 'mips';

/** The processor byte of the parameter section's header (the 4th byte): 84 + 1, 2 or 3. */
export const PROCESSOR_BYTE: Readonly<Record<C3dProcessor, number>> = { intel: 84, dec: 85, mips: 86 };

export function processorOf(byte: number): C3dProcessor | undefined {
  return (Object.keys(PROCESSOR_BYTE) as C3dProcessor[]).find((p) => PROCESSOR_BYTE[p] === byte);
}

export interface NumberReader {
  int8(offset: number): number;
  uint8(offset: number): number;
  int16(offset: number): number;
  uint16(offset: number): number;
  float32(offset: number): number;
}

interface NumberWriter {
  int16(offset: number, value: number): void;
  uint16(offset: number, value: number): void;
  float32(offset: number, value: number): void;
}

/**
 * A VAX F float is an IEEE single whose 16-bit halves are swapped, with an exponent biased by one
 * more and read as four times larger: swap the halves, read as IEEE, divide by 4.
 */
function decFloat(view: DataView, offset: number): number {
  const high = view.getUint16(offset, true);
  const low = view.getUint16(offset + 2, true);
  if ((high & 0x7f80) === 0) return 0; // exponent 0: zero (a VAX reserved operand is read as zero too)
  SWAP.setUint16(0, low, true);
  SWAP.setUint16(2, high, true);
  return SWAP.getFloat32(0, true) / 4;
}

function writeDecFloat(view: DataView, offset: number, value: number): void {
  if (value === 0 || !Number.isFinite(value)) {
    view.setUint32(offset, 0, true);
    return;
  }
  SWAP.setFloat32(0, value * 4, true);
  view.setUint16(offset, SWAP.getUint16(2, true), true);
  view.setUint16(offset + 2, SWAP.getUint16(0, true), true);
}

const SWAP = new DataView(new ArrayBuffer(4));

export function numberReader(bytes: Uint8Array, processor: C3dProcessor): NumberReader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = processor !== 'mips';
  return {
    int8: (o) => view.getInt8(o),
    uint8: (o) => view.getUint8(o),
    int16: (o) => view.getInt16(o, little),
    uint16: (o) => view.getUint16(o, little),
    float32: processor === 'dec' ? (o) => decFloat(view, o) : (o) => view.getFloat32(o, little),
  };
}

export function numberWriter(bytes: Uint8Array, processor: C3dProcessor): NumberWriter {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = processor !== 'mips';
  return {
    int16: (o, v) => view.setInt16(o, v, little),
    uint16: (o, v) => view.setUint16(o, v, little),
    float32: processor === 'dec' ? (o, v) => writeDecFloat(view, o, v) : (o, v) => view.setFloat32(o, v, little),
  };
}
