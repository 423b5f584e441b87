import type { Parameters } from 'fast-check';

/**
 * fast-check parameters for every property test: a seed chosen here and printed before the run, so
 * any failure can be replayed. MOTION_PROPERTY_SEED replays a run; with MOTION_PROPERTY_PATH (from
 * fast-check's failure report) it goes straight to the shrunk counterexample.
 */
export function propertyRuns<T>(title: string, numRuns: number): Parameters<T> {
  const given = process.env.MOTION_PROPERTY_SEED;
  const seed = given !== undefined ? Number(given) : (Math.random() * 2 ** 32) ^ 0;
  if (!Number.isInteger(seed)) throw new Error(`MOTION_PROPERTY_SEED must be an integer, got "${given}"`);
  const path = process.env.MOTION_PROPERTY_PATH;
  console.log(
    `      property "${title}": seed ${seed}${given === undefined ? '' : ' (replayed)'}${path ? `, path ${path}` : ''}`,
  );
  return { seed, numRuns, ...(path ? { path, endOnFailure: true } : {}) };
}
