/**
 * Smoothing of one run of consecutive samples (never across a gap), per coordinate: a centred
 * moving average, or a zero-phase Butterworth low-pass (filtered forwards then backwards, so it
 * moves no feature in time). docs/design.md §11 has the defaults and limits.
 */

/** A centred moving average of `window` samples (odd); near the ends the window shrinks evenly. */
export function movingAverage(values: Float64Array, window: number): Float64Array {
  const half = (window - 1) / 2;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const reach = Math.min(half, i, values.length - 1 - i);
    let sum = 0;
    for (let k = i - reach; k <= i + reach; k++) sum += values[k];
    out[i] = sum / (2 * reach + 1);
  }
  return out;
}

/** One section of a cascade: b0..b2 over a0 = 1, a1, a2 (a first-order section has b2 = a2 = 0). */
interface Section {
  b: [number, number, number];
  a: [number, number];
}

/** The sections of a Butterworth low-pass of `order` at `cutoff` Hz for samples at `rate` Hz (bilinear transform). */
function butterworthSections(order: number, cutoff: number, rate: number): Section[] {
  const w0 = (2 * Math.PI * cutoff) / rate;
  const sections: Section[] = [];
  const pairs = Math.floor(order / 2);
  for (let k = 1; k <= pairs; k++) {
    // The quality of each pair of the Butterworth polynomial's poles, from its angle to the negative real axis.
    const angle = order % 2 === 0 ? ((2 * k - 1) * Math.PI) / (2 * order) : (k * Math.PI) / order;
    const q = 1 / (2 * Math.cos(angle));
    const alpha = Math.sin(w0) / (2 * q);
    const cos = Math.cos(w0);
    const a0 = 1 + alpha;
    sections.push({
      b: [(1 - cos) / 2 / a0, (1 - cos) / a0, (1 - cos) / 2 / a0],
      a: [(-2 * cos) / a0, (1 - alpha) / a0],
    });
  }
  if (order % 2 === 1) {
    const k = Math.tan(w0 / 2);
    sections.push({ b: [k / (1 + k), k / (1 + k), 0], a: [(k - 1) / (k + 1), 0] });
  }
  return sections;
}

function runSection(values: Float64Array, { b, a }: Section): Float64Array {
  const out = new Float64Array(values.length);
  // Started from rest at the first value, so a constant passes unchanged.
  let [x1, x2, y1, y2] = [values[0], values[0], values[0], values[0]];
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    const y = b[0] * x + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    out[i] = y;
  }
  return out;
}

const reversed = (values: Float64Array) => Float64Array.from(values).reverse();

/**
 * Zero-phase Butterworth: the run padded at both ends by its point reflection (so the filter starts
 * and ends on the run's own trend), filtered forwards then backwards, the padding cut away.
 */
export function butterworth(values: Float64Array, order: number, cutoff: number, rate: number): Float64Array {
  if (values.length < 2) return Float64Array.from(values);
  const pad = Math.min(values.length - 1, 3 * (order + 1));
  const n = values.length;
  const padded = new Float64Array(n + 2 * pad);
  for (let i = 0; i < pad; i++) {
    padded[i] = 2 * values[0] - values[pad - i];
    padded[n + pad + i] = 2 * values[n - 1] - values[n - 2 - i];
  }
  padded.set(values, pad);
  const sections = butterworthSections(order, cutoff, rate);
  let signal: Float64Array = padded;
  for (const section of sections) signal = runSection(signal, section);
  signal = reversed(signal);
  for (const section of sections) signal = runSection(signal, section);
  return reversed(signal).subarray(pad, pad + n);
}
