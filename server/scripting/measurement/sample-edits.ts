import type { FrameRange, Samples3d } from './measurement';
import { sampleRanges } from './sample-ranges';

export interface Sample3d {
  position: [number, number, number];
  residual: number;
}

/** The sample at frame `i`, or null where there is none. */
export function sampleAt(samples: Samples3d, i: number): Sample3d | null {
  if (!(samples.residuals[i] >= 0)) return null;
  const p = samples.positions;
  return { position: [p[3 * i], p[3 * i + 1], p[3 * i + 2]], residual: samples.residuals[i] };
}

/** What an edit did to where samples are: the runs of frames that gained a sample, and those that lost theirs. */
interface EditedFrames {
  samples: Samples3d;
  gained: FrameRange[];
  lost: FrameRange[];
}

/**
 * The samples with frames `start`… set to `values` (a null deletes): new arrays, the old ones left
 * as they were. Says which frames gained a sample where there was none and which lost one.
 */
export function setSamples(samples: Samples3d, start: number, values: readonly (Sample3d | null)[]): EditedFrames {
  const positions = samples.positions.slice();
  const residuals = samples.residuals.slice();
  const before = samples.residuals.subarray(start, start + values.length);
  for (const [k, value] of values.entries()) {
    const i = start + k;
    if (value === null) {
      residuals[i] = -1;
      positions.fill(0, 3 * i, 3 * i + 3);
    } else {
      positions.set(value.position, 3 * i);
      residuals[i] = value.residual;
    }
  }
  const end = start + values.length - 1;
  const after = residuals.subarray(start, end + 1);
  const runs = (had: boolean) =>
    sampleRanges(Float32Array.from(after, (r, k) => (before[k] >= 0 === had && r >= 0 !== had ? 0 : -1))).map((r) => ({
      start: r.start + start,
      end: r.end + start,
    }));
  return { samples: { positions, residuals }, gained: runs(false), lost: runs(true) };
}
