import type { Box3 } from 'three';

/** Cell sizes the grid may use, in mm: round numbers an engineer reads at a glance. */
const CELLS_MM = [100, 250, 500, 1000, 2500, 5000, 10000];
/** At most this many cells from side to side: more lines only blur into a grey sheet at a distance, and each costs drawing time. */
const MAX_CELLS = 40;

/**
 * The ground grid's size and cell under a scene: centred on the origin (the application's floor,
 * XY), reaching past everything drawn by half a metre and rounded up to whole metres, with the
 * finest round cell that keeps it to 40 cells across (100 mm under one actor, 500 mm under a stage
 * of twenty).
 */
export function gridLayout(extent: Box3): { sizeMm: number; cellMm: number } {
  const reach = extent.isEmpty()
    ? 1000
    : Math.max(...[extent.min.x, extent.min.y, extent.max.x, extent.max.y].map(Math.abs)) + 500;
  const sizeMm = Math.ceil((2 * reach) / 1000) * 1000;
  const cellMm = CELLS_MM.find((cell) => sizeMm / cell <= MAX_CELLS) ?? CELLS_MM[CELLS_MM.length - 1];
  return { sizeMm: Math.ceil(sizeMm / cellMm) * cellMm, cellMm };
}
