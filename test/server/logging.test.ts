import assert from 'node:assert/strict';
import { createLog } from '../../server/scripting/log';
import { SETTINGS, startTestServer } from '../support/test-server';

describe('server log', () => {
  it('writes one line per request at debug level: method, operation, status, time', async () => {
    const lines: string[] = [];
    const t = await startTestServer({ log: createLog('debug', (l) => lines.push(l)) });
    try {
      await t.call(SETTINGS, 'get_skeleton_count', ['project']);
      await t.call(SETTINGS, 'set_skeleton_scale', ['project', 1, 0]);
      await t.call(SETTINGS, 'no_such_operation', []);
      await t.raw({ method: 'GET', path: '/api/scripting/motion/get_version/' });
      assert.equal(lines.length, 4, lines.join('\n'));
      assert.match(lines[0], /debug POST motion\.settings\.processing\.skeleton\.get_skeleton_count 200 \d+\.\d\dms$/);
      assert.match(lines[1], /POST motion\.settings\.processing\.skeleton\.set_skeleton_scale 400 /);
      assert.match(lines[2], /POST motion\.settings\.processing\.skeleton\.no_such_operation 404 /);
      assert.match(lines[3], /GET motion\.get_version 405 /);
    } finally {
      await t.close();
    }
  });

  it('writes nothing per request above debug level', async () => {
    const lines: string[] = [];
    const t = await startTestServer({ log: createLog('info', (l) => lines.push(l)) });
    await t.call(SETTINGS, 'get_skeleton_count', ['project']);
    await t.close();
    assert.deepEqual(lines, []);
  });
});
