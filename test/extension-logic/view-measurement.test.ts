import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readViewMeasurement } from '../../src/extension/skeletons-in-3d/view-measurement';
import { writeMeasurement } from '../support/c3d-measurement';
import { referenceServer } from '../support/reference-server';
import { scratchFolder } from '../support/scratch-folder';
import { startFakeApplication } from '../support/fake-application';
import { MotionClient } from '../../src/api/client/motion-client';

describe('the measurement the current data’s 3D view draws, read from the application', () => {
  const app = referenceServer();
  const scratch = scratchFolder('motion-view-measurement-');

  it('reads every trajectory of the demo’s walk, each frame, a gap as no position', async () => {
    const m = (await readViewMeasurement(app.client))!;
    assert.equal(m.rate, 100);
    assert.equal(m.frameCount, 3000);
    assert.equal(m.step, 1);
    assert.equal(m.current, 0);
    assert.equal(m.trajectories.length, 42);
    const heel = m.trajectories.find((t) => t.label === 'LHEE')!;
    assert.equal(heel.positions.length, 3000);
    assert.equal(heel.positions[990], null, 'in its gap (frames 973 to 1012)');
    const id = (await app.client.data.object.trajectory.find_trajectory('LHEE'))!;
    const sample = (await app.client.call('motion.data.series._3d', 'get_sample', [id, 972])) as { position: number[] };
    assert.deepEqual(heel.positions[972], sample.position);
    assert.equal(m.trajectories.filter((t) => t.label === null).length, 3, 'the stray reflections too');
  });

  it('keeps every few frames of a long measurement, and says which', async () => {
    const path = join(scratch.path, 'long.c3d');
    writeMeasurement(path, { M: (f) => [f, 0, 0] }, { frames: 7000, rate: 200 });
    await app.client.call('motion.file', 'open', [path]);
    const m = (await readViewMeasurement(app.client))!;
    assert.equal(m.step, 3);
    assert.equal(m.trajectories[0].positions.length, 2334);
    assert.deepEqual(m.trajectories[0].positions[2], [6, 0, 0], 'the third frame kept is frame 6');
  });

  it('is none when no measurement is open, or the application has no motion.file (an older one)', async () => {
    await app.client.call('motion.file', 'close', []);
    assert.equal(await readViewMeasurement(app.client), null);
    const older = await startFakeApplication((_path, _body, _req, res) =>
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'unknown_operation', message: 'no module motion.file' } })),
    );
    const client = new MotionClient({ url: older.url });
    try {
      assert.equal(await readViewMeasurement(client), null);
    } finally {
      await client.close();
      await older.close();
    }
  });
});
