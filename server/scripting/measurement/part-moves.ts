import type { Samples3d } from './measurement';
import type { Part } from './trajectory-parts';

/** A trajectory's parts and samples, as the part edits take and give them. */
export interface Pieces {
  parts: readonly Part[];
  samples: Samples3d;
}

/** Why parts cannot go where they were asked to: the first frame where they would meet another. */
export class PartsMeet extends Error {
  constructor(
    readonly frame: number,
    readonly part: Part,
  ) {
    super(`frame ${frame}`);
  }
}

function copy(samples: Samples3d): Samples3d {
  return { positions: samples.positions.slice(), residuals: samples.residuals.slice() };
}

/** The pieces without the parts at `indices`: their samples deleted. */
export function withoutParts(pieces: Pieces, indices: ReadonlySet<number>): Pieces {
  const samples = copy(pieces.samples);
  for (const i of indices) {
    const { start, end } = pieces.parts[i].range;
    samples.residuals.fill(-1, start, end + 1);
    samples.positions.fill(0, 3 * start, 3 * end + 3);
  }
  return { parts: pieces.parts.filter((_, i) => !indices.has(i)), samples };
}

/**
 * The pieces with `parts` (and their samples, from `source`) added. A part that would cover a frame
 * that already has a sample is refused: parts never overlap, and nothing is overwritten.
 */
export function withPartsFrom(pieces: Pieces, parts: readonly Part[], source: Samples3d): Pieces {
  const samples = copy(pieces.samples);
  for (const part of parts) {
    const { start, end } = part.range;
    for (let f = start; f <= end; f++) if (samples.residuals[f] >= 0) throw new PartsMeet(f, part);
    samples.residuals.set(source.residuals.subarray(start, end + 1), start);
    samples.positions.set(source.positions.subarray(3 * start, 3 * end + 3), 3 * start);
  }
  const all = [...pieces.parts, ...parts.map((p) => ({ range: { ...p.range }, type: p.type }))];
  return { parts: all.sort((a, b) => a.range.start - b.range.start), samples };
}
