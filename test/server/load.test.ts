import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { startChildServer, type ChildServer } from '../support/child-server';
import { scratchFolder } from '../support/scratch-folder';
import { rawRequest } from '../support/test-server';

const REQUESTS = 6000;
const CONNECTIONS = 32;
const S = '/api/scripting/motion/settings/processing/skeleton';

describe('load: many connections mixing reads and writes (autocannon, loopback)', function () {
  this.timeout(120_000);
  let server: ChildServer;
  const scratch = scratchFolder('motion-load-', {
    per: 'suite',
    stopFirst: async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
    },
  });
  before(async () => (server = await startChildServer(['--state', join(scratch.path, 'state.json')])));

  const call = async (path: string, args: unknown[]) => {
    const reply = await rawRequest(server.port, {
      path: `${S}/${path}/`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body;
  };

  it(`answers ${REQUESTS} mixed requests on ${CONNECTIONS} connections without an error, and stays consistent`, async () => {
    // Adds alternate between two skeletons, each staying under the segments-per-skeleton limit.
    const skeleton = await call('find_skeleton', ['project', 'FullBody']);
    const other = await call('find_skeleton', ['project', 'Wand']);
    const roots = [
      await call('get_skeleton_root_id', ['project', skeleton]),
      await call('get_skeleton_root_id', ['project', other]),
    ];
    const count = async () =>
      (await call('get_segment_count', ['project', skeleton])) + (await call('get_segment_count', ['project', other]));
    const segmentsBefore = await count();
    let sent = 0;
    let added = 0;
    let lastScale = 0;
    const json = { 'content-type': 'application/json' };
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      amount: REQUESTS,
      duration: 60,
      timeout: 20,
      requests: [
        { method: 'POST', path: `${S}/get_skeleton_count/`, headers: json, body: '["project"]' },
        { method: 'POST', path: `${S}/get_segment_ids/`, headers: json, body: JSON.stringify(['project', skeleton]) },
        {
          method: 'POST',
          path: `${S}/add_segment/`,
          headers: json,
          setupRequest: (req) => ({ ...req, body: JSON.stringify(['project', roots[sent % 2], `Load${sent++}`]) }),
          onResponse: (status) => {
            if (status === 200) added++;
          },
        },
        { method: 'POST', path: '/api/scripting/motion/gui/selection/get_selections/', headers: json, body: '[]' },
        {
          method: 'POST',
          path: `${S}/set_skeleton_scale/`,
          headers: json,
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify(['project', skeleton, (lastScale = 1 + (sent % 50) / 10)]),
          }),
        },
      ],
    });
    assert.equal(result.errors, 0, 'connection errors');
    assert.equal(result.timeouts, 0, 'timeouts');
    assert.equal(result.non2xx, 0, 'non-2xx replies');
    assert.ok(result.requests.total >= REQUESTS, `${result.requests.total} requests answered`);
    assert.ok(added > REQUESTS / 10, `${added} segments added`);

    const segmentsAfter = await count();
    assert.equal(segmentsAfter, segmentsBefore + added, 'every acknowledged add is there, once');
    const ids: number[] = await call('get_segment_ids', ['project', skeleton]);
    const names = await Promise.all(ids.map((id) => call('get_segment_name', ['project', id])));
    assert.equal(new Set(names).size, names.length, 'segment names stay unique');
    const scale = await call('get_skeleton_scale', ['project', skeleton]);
    assert.ok(scale >= 1 && scale <= 6, `scale ${scale} is one that was written (last sent ${lastScale})`);

    const onDisk = decodeState(readFileSync(join(scratch.path, 'state.json'), 'utf8'));
    const stored = onDisk.skeletons.project.filter((s) => s.id === skeleton || s.id === other);
    assert.equal(
      stored.reduce((n, s) => n + Object.keys(s.segments).length, 0),
      segmentsAfter,
      'the state file holds the same trees',
    );
  });
});
