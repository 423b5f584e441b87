import { type Box3, type Color, GridHelper } from 'three';

/**
 * A ground grid in mm under a scene, centred on the origin (the application's floor, XY) and
 * reaching past everything drawn: 100 mm cells, 1 m cells when it spans more than 20 m.
 */
export function groundGrid(extent: Box3, colour: Color): { grid: GridHelper; cellMm: number } {
  const reach = extent.isEmpty()
    ? 1000
    : Math.max(...[extent.min.x, extent.min.y, extent.max.x, extent.max.y].map(Math.abs)) + 500;
  const size = Math.ceil((2 * reach) / 1000) * 1000;
  const cellMm = size > 20000 ? 1000 : 100;
  const grid = new GridHelper(size, size / cellMm, colour, colour);
  grid.rotation.x = Math.PI / 2; // three.js lays grids in XZ; the application's floor is XY
  return { grid, cellMm };
}
