import type { FrameRange, Samples3d } from './measurement';

export type FillAlgorithm = 'static' | 'linear' | 'polynomial' | 'relational' | 'virtual';

export interface FillSettings {
  origin: number | null;
  line: number | null;
  plane: number | null;
  offset: [number, number, number] | null;
  is_rigid_body: boolean | null;
  is_relative_offset: boolean | null;
}

/** A fill that cannot be made, and why, in the user's words. */
export class FillRefused extends Error {
  constructor(
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
  }
}

type Vec = [number, number, number];

const at = (s: Samples3d, f: number): Vec => [s.positions[3 * f], s.positions[3 * f + 1], s.positions[3 * f + 2]];
const has = (s: Samples3d, f: number) => s.residuals[f] >= 0;
const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (a: Vec, k: number): Vec => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec): Vec | undefined => {
  const n = Math.hypot(...a);
  return n > 1e-9 ? scale(a, 1 / n) : undefined;
};

/** The nearest samples outside the range: the last before it and the first after it. */
function anchors(target: Samples3d, range: FrameRange, frames: number): { before?: number; after?: number } {
  let before: number | undefined;
  for (let f = range.start - 1; f >= 0 && before === undefined; f--) if (has(target, f)) before = f;
  let after: number | undefined;
  for (let f = range.end + 1; f < frames && after === undefined; f++) if (has(target, f)) after = f;
  return { before, after };
}

/** An orthonormal frame from three markers: x towards the line marker, z normal to the plane of the three. */
function markerFrame(origin: Vec, line: Vec, plane: Vec): [Vec, Vec, Vec] | undefined {
  const x = unit(sub(line, origin));
  const z = x && unit(cross(x, sub(plane, origin)));
  return x && z ? [x, cross(z, x), z] : undefined;
}

const toLocal = (frame: [Vec, Vec, Vec], v: Vec): Vec => [dot(frame[0], v), dot(frame[1], v), dot(frame[2], v)];
const toGlobal = (frame: [Vec, Vec, Vec], c: Vec): Vec =>
  add(add(scale(frame[0], c[0]), scale(frame[1], c[1])), scale(frame[2], c[2]));

/**
 * The positions a fill writes over `range` (x, y, z per frame), by the algorithm asked for
 * (docs/design.md §11): from the target's own samples just outside the range (static, linear,
 * polynomial), or from other trajectories' (relational, virtual). A fill that cannot be made is a
 * FillRefused naming what is missing.
 */
export function fillPositions(
  algorithm: FillAlgorithm,
  target: Samples3d,
  range: FrameRange,
  frames: number,
  settings: FillSettings,
  other: (id: number, parameter: string) => Samples3d,
): Float32Array {
  const length = range.end - range.start + 1;
  const out = new Float32Array(length * 3);
  const put = (f: number, v: Vec) => out.set(v, 3 * (f - range.start));
  const { before, after } = anchors(target, range, frames);
  const where = `frames ${range.start} to ${range.end}`;

  if (algorithm === 'static') {
    const from = before ?? after;
    if (from === undefined)
      throw new FillRefused(
        `a static fill copies the sample next to ${where}, and the trajectory has none outside them`,
        'range',
      );
    for (let f = range.start; f <= range.end; f++) put(f, at(target, from));
    return out;
  }
  if (algorithm === 'linear' || algorithm === 'polynomial') {
    if (before === undefined || after === undefined)
      throw new FillRefused(
        `a ${algorithm} fill joins the samples on both sides of ${where}, and the trajectory has none ${before === undefined ? 'before' : 'after'} them`,
        'range',
      );
    const [p0, p1] = [at(target, before), at(target, after)];
    const span = after - before;
    // Velocities at both ends from the samples next to them (per frame); the chord's slope where there is none.
    const chord = scale(sub(p1, p0), 1 / span);
    const v0 = before > 0 && has(target, before - 1) ? sub(p0, at(target, before - 1)) : chord;
    const v1 = after + 1 < frames && has(target, after + 1) ? sub(at(target, after + 1), p1) : chord;
    for (let f = range.start; f <= range.end; f++) {
      const s = (f - before) / span;
      if (algorithm === 'linear') put(f, add(p0, scale(sub(p1, p0), s)));
      else {
        // A cubic Hermite curve: through both samples, with their velocities.
        const [h00, h10, h01, h11] = [
          2 * s ** 3 - 3 * s ** 2 + 1,
          s ** 3 - 2 * s ** 2 + s,
          -2 * s ** 3 + 3 * s ** 2,
          s ** 3 - s ** 2,
        ];
        put(f, add(add(scale(p0, h00), scale(v0, h10 * span)), add(scale(p1, h01), scale(v1, h11 * span))));
      }
    }
    return out;
  }

  const origin = settings.origin;
  if (origin === null)
    throw new FillRefused(`a ${algorithm} fill needs settings.origin, the trajectory it is placed by`, 'settings');
  const markers = [origin, settings.line, settings.plane];
  const named = ['origin', 'line', 'plane'];
  const series = markers.map((id, i) => (id === null ? undefined : other(id, `settings.${named[i]}`)));
  const frameAt = (f: number): [Vec, Vec, Vec] | undefined => {
    if (!series[1] || !series[2]) return undefined;
    if (!series.every((s) => s && has(s, f))) return undefined;
    return markerFrame(at(series[0]!, f), at(series[1], f), at(series[2], f));
  };
  const need = (f: number, withFrame: boolean) => {
    const missing = series.findIndex((s, i) => (i === 0 || withFrame) && s !== undefined && !has(s, f));
    if (missing >= 0)
      throw new FillRefused(`settings.${named[missing]}'s trajectory has no sample at frame ${f}`, 'settings');
    if (withFrame && !frameAt(f))
      throw new FillRefused(
        `at frame ${f} the origin, line and plane trajectories are in one line: they make no frame`,
        'settings',
      );
  };

  if (algorithm === 'virtual') {
    const offset = settings.offset ?? [0, 0, 0];
    const relative = (settings.is_relative_offset ?? true) && settings.line !== null && settings.plane !== null;
    for (let f = range.start; f <= range.end; f++) {
      need(f, relative);
      const o = at(series[0]!, f);
      put(f, relative ? add(o, toGlobal(frameAt(f)!, offset)) : add(o, offset));
    }
    return out;
  }

  // relational: the target's position in the frame of three markers, kept (a rigid body) or moved
  // linearly from the sample before the range to the one after.
  if (settings.line === null || settings.plane === null)
    throw new FillRefused('a relational fill needs settings.origin, settings.line and settings.plane', 'settings');
  const localAt = (f: number): Vec => {
    need(f, true);
    return toLocal(frameAt(f)!, sub(at(target, f), at(series[0]!, f)));
  };
  if (before === undefined && after === undefined)
    throw new FillRefused(
      `a relational fill keeps the trajectory where it was beside ${where}, and it has no sample outside them`,
      'range',
    );
  const rigid = settings.is_rigid_body ?? false;
  const c0 = localAt((before ?? after)!);
  const c1 = rigid || before === undefined || after === undefined ? c0 : localAt(after);
  for (let f = range.start; f <= range.end; f++) {
    need(f, true);
    const s = before !== undefined && after !== undefined ? (f - before) / (after - before) : 0;
    put(f, add(at(series[0]!, f), toGlobal(frameAt(f)!, add(c0, scale(sub(c1, c0), s)))));
  }
  return out;
}
