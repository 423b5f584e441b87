import assert from 'node:assert/strict';

/**
 * Every number of `actual` within `tolerance` of `expected`, everything else equal, the same keys;
 * the first difference is named by its path (`skeleton.segments[2].transform[0][3]`).
 */
export function assertClose(actual: unknown, expected: unknown, tolerance: number, path = 'skeleton'): void {
  if (typeof expected === 'number') {
    assert.equal(typeof actual, 'number', path);
    assert.ok(Math.abs((actual as number) - expected) <= tolerance, `${path}: ${String(actual)} is not ${expected}`);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual) && actual.length === expected.length, `${path}: ${JSON.stringify(actual)}`);
    expected.forEach((e, i) => assertClose((actual as unknown[])[i], e, tolerance, `${path}[${i}]`));
  } else if (expected && typeof expected === 'object') {
    assert.deepEqual(Object.keys(actual as object).sort(), Object.keys(expected).sort(), `${path}: keys`);
    for (const [k, v] of Object.entries(expected))
      assertClose((actual as Record<string, unknown>)[k], v, tolerance, `${path}.${k}`);
  } else assert.equal(actual, expected, path);
}
