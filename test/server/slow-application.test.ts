import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { MotionClient } from '../../src/api/client/motion-client';
import { SERVER_BIN, startChildServer } from '../support/child-server';

// --delay-ms: the reference server as a slow application (bench:slow). Each answer is late by the
// delay, and answers are late together, not one after another: concurrency decides the time.
describe('motion-server --delay-ms: every answer late, as a slow application gives it', function () {
  this.timeout(30_000);

  it('answers each request no sooner than the delay, many at once in about one delay, in order on each connection', async () => {
    const server = await startChildServer(['--delay-ms', '300', '--log-level', 'warn']);
    const client = new MotionClient({ url: server.url });
    try {
      const api = client.settings.processing.skeleton;
      let started = performance.now();
      const ids = await api.get_skeleton_ids('project');
      assert.ok(performance.now() - started >= 300, 'one answer: late by the delay');
      // Twenty reads at once (the client pipelines them on a few connections): about one delay, far
      // from twenty (a late answer does not hold the next one back).
      started = performance.now();
      const names = await Promise.all(Array.from({ length: 20 }, () => api.get_skeleton_name('project', ids[0])));
      const took = performance.now() - started;
      assert.ok(took >= 300 && took < 20 * 300 * 0.5, `twenty at once took ${took.toFixed(0)} ms`);
      assert.ok(names.every((n) => n === names[0]));
      // A refusal is as late, and still the error it is.
      started = performance.now();
      await assert.rejects(api.get_skeleton_name('project', 999_999), /no skeleton with id 999999/);
      assert.ok(performance.now() - started >= 300);
    } finally {
      await client.close();
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('says what is wrong with a delay that is no number of milliseconds', () => {
    const run = spawnSync(process.execPath, [SERVER_BIN, '--delay-ms', 'soon'], { encoding: 'utf8' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--delay-ms must be a number of milliseconds from 0 to 60000, got "soon"/);
  });
});
