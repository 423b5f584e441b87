import assert from 'node:assert/strict';
import { skeletonOutput } from '../../src/extension/notebooks/skeleton-output';
import { referenceServer } from '../support/reference-server';

describe('a notebook cell’s skeletons in 3D (what the renderer draws)', () => {
  const app = referenceServer({ per: 'suite' });

  it('reads every skeleton of a source, or the one named, in the calibrated pose', async () => {
    const all = await skeletonOutput(app.client, { source: 'project' });
    assert.equal(all.title, 'Skeletons · Project settings');
    assert.deepEqual(
      all.skeletons.map((s) => [s.name, s.calibrated.segments.length]),
      [
        ['FullBody', 22],
        ['Wand', 2],
      ],
    );
    const one = await skeletonOutput(app.client, { source: 'data', skeleton: 'Actor1' });
    assert.equal(one.title, 'Actor1 · Data (read-only)');
    assert.equal(one.source, 'data');
    assert.deepEqual(
      one.skeletons.map((s) => s.name),
      ['Actor1'],
    );
    const hips = one.skeletons[0].calibrated.segments.find((s) => s.name === 'Hips');
    assert.deepEqual(hips?.origin, [0, 0, 950], 'placed as the 3D view places it');
  });

  it('says which names there are when the one asked for is not', async () => {
    await assert.rejects(
      skeletonOutput(app.client, { source: 'measurement', skeleton: 'Nobody' }),
      /the measurement settings have no skeleton named "Nobody" \((they have .*|they have none)\)/,
    );
    await assert.rejects(
      skeletonOutput(app.client, { source: 'project', skeleton: 'Nobody' }),
      /the project settings have no skeleton named "Nobody" \(they have "FullBody", "Wand"\)/,
    );
    await assert.rejects(
      skeletonOutput(app.client, { source: 'stage' as 'project' }),
      /"stage" is no skeleton source: use "project", "measurement" or "data"/,
    );
  });
});
