import { type Box3, type Color, GridHelper } from 'three';
import { gridLayout } from './grid-layout';

/** A ground grid in mm under a scene (its size and cell: grid-layout). */
export function groundGrid(extent: Box3, colour: Color): { grid: GridHelper; cellMm: number } {
  const { sizeMm, cellMm } = gridLayout(extent);
  const grid = new GridHelper(sizeMm, sizeMm / cellMm, colour, colour);
  grid.rotation.x = Math.PI / 2; // three.js lays grids in XZ; the application's floor is XY
  return { grid, cellMm };
}
