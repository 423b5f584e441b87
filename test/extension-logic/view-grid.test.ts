import assert from 'node:assert/strict';
import { Box3 } from 'three/src/math/Box3.js';
import { Vector3 } from 'three/src/math/Vector3.js';
import { gridLayout } from '../../src/webview/skeleton-view/grid-layout';

const box = (min: [number, number, number], max: [number, number, number]) =>
  new Box3(new Vector3(...min), new Vector3(...max));

describe('3D view ground grid', () => {
  it('lies 100 mm cells under one actor, reaching half a metre past it in whole metres', () => {
    // The demo's FullBody: about 1.7 m wide and tall, standing on the origin.
    assert.deepEqual(gridLayout(box([-850, -200, 0], [850, 200, 1700])), { sizeMm: 3000, cellMm: 100 });
  });

  it('takes the finest round cell that keeps it to 40 cells across under a large stage', () => {
    // The bench's 20 actors on a 5 × 4 floor of 1.5 m steps: 14 m across, so 500 mm cells (28).
    assert.deepEqual(gridLayout(box([-100, -100, 0], [6100, 4600, 1200])), { sizeMm: 14000, cellMm: 500 });
    assert.deepEqual(gridLayout(box([0, 0, 0], [3400, 0, 0])), { sizeMm: 8000, cellMm: 250 });
    assert.deepEqual(gridLayout(box([0, 0, 0], [1500, 0, 0])), { sizeMm: 4000, cellMm: 100 });
    assert.deepEqual(gridLayout(box([0, 0, 0], [1501, 0, 0])), { sizeMm: 5000, cellMm: 250 });
  });

  it('is centred on the origin, so a scene far from it is reached on its far side', () => {
    assert.deepEqual(gridLayout(box([-9000, 2000, 0], [-8000, 3000, 0])), { sizeMm: 19000, cellMm: 500 });
  });

  it('under a skeleton placed 250 m away (metres typed where millimetres were meant), the largest cell, more than 40 of them', () => {
    assert.deepEqual(gridLayout(box([0, 0, 0], [250_000, 0, 0])), { sizeMm: 510_000, cellMm: 10_000 });
  });

  it('keeps a whole number of cells when the largest cell does not divide it, and has a size with nothing drawn', () => {
    const far = gridLayout(box([0, 0, 0], [150_000, 0, 0]));
    assert.equal(far.cellMm, 10000);
    assert.equal(far.sizeMm % far.cellMm, 0);
    assert.ok(far.sizeMm >= 301_000);
    assert.deepEqual(gridLayout(new Box3()), { sizeMm: 2000, cellMm: 100 });
  });
});
