import type { FrameRange } from './measurement';

/** Whether slot `i` holds a sample (a residual of 0 or more; below 0, or NaN, is none). */
const hasSample = (residuals: Float32Array, i: number): boolean => residuals[i] >= 0;

/** The runs of consecutive samples within `from`..`to` (inclusive), in order. */
export function sampleRanges(residuals: Float32Array, from = 0, to = residuals.length - 1): FrameRange[] {
  const ranges: FrameRange[] = [];
  let start = -1;
  for (let i = from; i <= to + 1; i++) {
    const here = i <= to && hasSample(residuals, i);
    if (here && start < 0) start = i;
    else if (!here && start >= 0) {
      ranges.push({ start, end: i - 1 });
      start = -1;
    }
  }
  return ranges;
}

/**
 * The gaps: the runs without samples between the first sample and the last (docs/design.md §11).
 * Before the first sample and after the last there is no gap, only no data.
 */
export function gapRanges(residuals: Float32Array): FrameRange[] {
  const runs = sampleRanges(residuals);
  return runs.slice(1).map((run, i) => ({ start: runs[i].end + 1, end: run.start - 1 }));
}

/** The first to the last sample, or null when there is none. */
export function sampleSpan(residuals: Float32Array): FrameRange | null {
  const runs = sampleRanges(residuals);
  return runs.length === 0 ? null : { start: runs[0].start, end: runs[runs.length - 1].end };
}

export function sampleCount(residuals: Float32Array): number {
  let n = 0;
  for (let i = 0; i < residuals.length; i++) if (residuals[i] >= 0) n++;
  return n;
}
