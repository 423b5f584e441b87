// What a script did to a measurement's samples, as a dry run's private server reports it
// (`GET /reference/dry-run`): runs of frames whose samples changed, each frame before → after.
import type { Vec3 } from './motion-state';

/** One frame of a run: its position before and after; null where it had, or has, no sample (a gap). */
export interface FrameChange {
  frame: number;
  before: Vec3 | null;
  after: Vec3 | null;
}

/** Consecutive frames of one trajectory whose samples changed. */
export interface SampleRun {
  trajectoryId: number;
  /** Its label after the script (null: unidentified). */
  label: string | null;
  start: number;
  end: number;
  /** The run's frames, from its first; at most as many as the report keeps, the rest counted in `framesLeftOut`. */
  frames: FrameChange[];
  framesLeftOut: number;
}

/** What a dry run's private server reports when the script has ended. */
export interface DryRunReport {
  /** The paths motion.file.save and save_as would have written, in order: none was. */
  saves: string[];
  samples: SampleRun[];
}

/** `(101.2, 20.3, 950.1)`: a position as people read it, to 0.1 mm. */
export function positionText(p: Vec3 | null): string {
  // -0.04 reads as 0.0, not -0.0.
  return p ? `(${p.map((v) => v.toFixed(1).replace(/^-(0\.0)$/, '$1')).join(', ')})` : 'gap';
}

const frames = (run: SampleRun) => (run.start === run.end ? `frame ${run.start}` : `frames ${run.start}–${run.end}`);

/** How far a frame's sample moved, in mm; 0 where either side is a gap. */
function moved(f: FrameChange): number {
  if (!f.before || !f.after) return 0;
  return Math.hypot(f.after[0] - f.before[0], f.after[1] - f.before[1], f.after[2] - f.before[2]);
}

/**
 * A run as one line: what happened to its frames and their positions before → after, e.g.
 * `filled frames 120–139: gap → (101.2, 20.3, 950.1) … (110.0, 22.1, 948.7)`.
 */
export function sampleRunText(run: SampleRun): string {
  const { frames: shown } = run;
  if (shown.length === 0)
    return `changed ${frames(run)}: positions not listed (the report keeps those of the first changed frames)`;
  const first = shown[0];
  const last = run.framesLeftOut === 0 ? shown[shown.length - 1] : undefined;
  const span = (side: 'before' | 'after') =>
    shown.every((f) => f[side] === null)
      ? 'gap'
      : first === last || !last
        ? `${positionText(first[side])}${last ? '' : ' …'}`
        : `${positionText(first[side])} … ${positionText(last[side])}`;
  const filled = shown.every((f) => f.before === null && f.after !== null);
  const emptied = shown.every((f) => f.before !== null && f.after === null);
  if (filled) return `filled ${frames(run)}: gap → ${span('after')}`;
  if (emptied) return `deleted ${frames(run)}: ${span('before')} → gap`;
  const most = shown.reduce((a, f) => (moved(f) > moved(a) ? f : a), first);
  const by = moved(most) > 0 ? ` (moved up to ${moved(most).toFixed(2)} mm, at frame ${most.frame})` : '';
  return `changed ${frames(run)}: ${span('before')} → ${span('after')}${by}`;
}
