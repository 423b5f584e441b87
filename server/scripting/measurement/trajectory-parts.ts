import type { FrameRange } from './measurement';

/** A gap-free piece of a trajectory: its frames (inclusive) and how its samples came about. */
export interface Part {
  range: FrameRange;
  type: string;
}

/** How a part's samples came about: as the application names them, and ours for a script's own samples. */
export const PART_TYPES = { measured: 'measured', filled: 'filled', virtual: 'virtual', edited: 'edited' } as const;

const byStart = (a: Part, b: Part) => a.range.start - b.range.start;

/** The parts left once frames `range` hold no samples: parts cut at its edges, what lies inside gone. */
export function withoutFrames(parts: readonly Part[], range: FrameRange): Part[] {
  const left: Part[] = [];
  for (const part of parts) {
    const { start, end } = part.range;
    if (end < range.start || start > range.end) {
      left.push(part);
      continue;
    }
    if (start < range.start) left.push({ range: { start, end: range.start - 1 }, type: part.type });
    if (end > range.end) left.push({ range: { start: range.end + 1, end }, type: part.type });
  }
  return left.sort(byStart);
}

/** The parts with `range` made one part of `type`: what it covers is cut away first. */
export function withPart(parts: readonly Part[], range: FrameRange, type: string): Part[] {
  return [...withoutFrames(parts, range), { range: { ...range }, type }].sort(byStart);
}

/** Parts of `type` for frames that had no sample and now have one (`runs`): the parts already there stay as they are. */
export function withNewRuns(parts: readonly Part[], runs: readonly FrameRange[], type: string): Part[] {
  return [...parts, ...runs.map((range) => ({ range: { ...range }, type }))].sort(byStart);
}

/**
 * The part holding `lastBefore` split in two after it: the docs' split_part, whose index is the
 * last sample before the split. Undefined when no part holds it with a sample after it.
 */
export function splitAfter(parts: readonly Part[], lastBefore: number): Part[] | undefined {
  const i = parts.findIndex((p) => p.range.start <= lastBefore && lastBefore < p.range.end);
  if (i < 0) return undefined;
  const { range, type } = parts[i];
  return [
    ...parts.slice(0, i),
    { range: { start: range.start, end: lastBefore }, type },
    { range: { start: lastBefore + 1, end: range.end }, type },
    ...parts.slice(i + 1),
  ];
}

/** Parts of `type` for each run of samples: a file's trajectories are read as measured. */
export function partsOfRuns(runs: readonly FrameRange[], type: string): Part[] {
  return runs.map((range) => ({ range: { ...range }, type }));
}
