import assert from 'node:assert/strict';
import { BODY_LIMIT } from '../../server/scripting/http/read-body';
import { createLog } from '../../server/scripting/log';
import { startMotionServer } from '../../server/scripting/motion-server';
import { rawRequest, SETTINGS, startTestServer, type Reply, type TestServer } from '../support/test-server';

const PATH = '/api/scripting/motion/settings/processing/skeleton/get_skeleton_count/';
const JSON_TYPE = { 'content-type': 'application/json' };

function assertError(reply: Reply, status: number, code: string): void {
  assert.equal(reply.status, status, JSON.stringify(reply.body));
  assert.equal(reply.headers['content-type'], 'application/json');
  assert.equal(reply.body.error.code, code);
  assert.equal(typeof reply.body.error.message, 'string');
  assert.ok(reply.body.error.message.length > 10, 'the message says what was wrong');
  assert.equal(typeof reply.body.error.operation, 'string');
}

describe('HTTP: contract and error table (docs/design.md §3)', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  it('answers 200 with the JSON value, and null for operations that return nothing', async () => {
    const reply = await t.raw({
      path: '/api/scripting/motion/settings/processing/skeleton/add_skeleton/',
      headers: JSON_TYPE,
      body: '["project","Z"]',
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'application/json');
    const deleted = await t.raw({
      path: '/api/scripting/motion/settings/processing/skeleton/delete_skeleton',
      headers: JSON_TYPE,
      body: `["project",${reply.body}]`,
    });
    assert.equal(deleted.status, 200, 'the trailing slash is optional');
    assert.equal(deleted.body, null);
  });

  it('treats an empty body as [] and lets trailing optional parameters be omitted', async () => {
    const reply = await t.raw({ path: '/api/scripting/motion/gui/selection/get_selection_count/', headers: JSON_TYPE });
    assert.equal(reply.status, 200);
    assert.equal(reply.body, 0);
  });

  it('400 bad_request: the body is not JSON, or not an array', async () => {
    for (const body of ['{', '"project"', '{"source":"project"}', 'nul', '[1,]']) {
      assertError(await t.raw({ path: PATH, headers: JSON_TYPE, body }), 400, 'bad_request');
    }
  });

  it('400 bad_request: prototype-polluting keys', async () => {
    const body = '["project", {"__proto__": {"polluted": true}}]';
    assertError(await t.raw({ path: PATH, headers: JSON_TYPE, body }), 400, 'bad_request');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('400 invalid_argument: wrong count, wrong type, unknown enumeration value, out of range, broken rule', async () => {
    const e = await t.fails(SETTINGS, 'get_skeleton_count', [], 'invalid_argument');
    assert.match(e.message, /takes 1 argument \(source\), got 0/);
    await t.fails(SETTINGS, 'get_skeleton_count', ['project', 1], 'invalid_argument');
    const wrongType = await t.fails(SETTINGS, 'get_skeleton_name', ['project', '1'], 'invalid_argument');
    assert.equal(wrongType.parameter, 'skeleton_id');
    const wrongSource = await t.fails(SETTINGS, 'get_skeleton_count', ['scene'], 'invalid_argument');
    assert.equal(wrongSource.parameter, 'source');
    assert.match(wrongSource.message, /"project", "measurement"/);
    const [sk] = await t.ok(SETTINGS, 'get_skeleton_ids', ['project']);
    const scale = await t.fails(SETTINGS, 'set_skeleton_scale', ['project', sk, 1000], 'invalid_argument');
    assert.equal(scale.parameter, 'scale');
    await t.fails(SETTINGS, 'add_skeleton', ['project', ''], 'invalid_argument');
  });

  it('400 out_of_range: an index outside 0..count-1', async () => {
    const count = await t.ok(SETTINGS, 'get_skeleton_count', ['project']);
    const e = await t.fails(SETTINGS, 'get_skeleton_id', ['project', count], 'out_of_range');
    assert.match(e.message, new RegExp(`out of range 0\\.\\.${count - 1}`));
    await t.fails(SETTINGS, 'get_skeleton_id', ['project', -1], 'out_of_range');
    const [sk] = await t.ok(SETTINGS, 'get_skeleton_ids', ['project']);
    await t.fails(SETTINGS, 'get_segment_id', ['project', sk, 1000], 'out_of_range');
    const root = await t.ok(SETTINGS, 'get_skeleton_root_id', ['project', sk]);
    await t.fails(SETTINGS, 'get_segment_child_id', ['project', root, 50], 'out_of_range');
  });

  it('404 not_found: unknown skeleton, segment, trajectory, bone, help method', async () => {
    await t.fails(SETTINGS, 'get_skeleton_name', ['project', 424242], 'not_found');
    await t.fails(SETTINGS, 'get_segment_name', ['project', 424242], 'not_found');
    await t.fails('data/object/trajectory', 'get_label', [424242], 'not_found');
    await t.fails('data/object/bone', 'get_bone_trajectory_ids', [424242], 'not_found');
    await t.fails('gui/selection', 'help', ['nothing'], 'not_found');
  });

  it('404 unknown_operation: no such module or operation', async () => {
    const e = await t.fails('settings/processing/skeleton', 'fly', [], 'unknown_operation');
    assert.match(e.message, /has no operation fly/);
    assert.equal(e.operation, 'motion.settings.processing.skeleton.fly');
    await t.fails('settings/rendering', 'get_skeleton_count', [], 'unknown_operation');
    assertError(await t.raw({ path: '/api/other/', headers: JSON_TYPE, body: '[]' }), 404, 'unknown_operation');
    assertError(
      await t.raw({ path: '/api/scripting/motion/', headers: JSON_TYPE, body: '[]' }),
      404,
      'unknown_operation',
    );
  });

  it('405 method_not_allowed with Allow: POST, for every other method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const reply = await t.raw({ method, path: PATH, headers: JSON_TYPE });
      assertError(reply, 405, 'method_not_allowed');
      assert.equal(reply.headers.allow, 'POST');
    }
    const head = await t.raw({ method: 'HEAD', path: PATH, headers: JSON_TYPE });
    assert.equal(head.status, 405);
  });

  it('413 payload_too_large: a body over 4 MiB, declared or streamed', async () => {
    const big = `["${'x'.repeat(BODY_LIMIT)}"]`;
    assertError(await t.raw({ path: PATH, headers: JSON_TYPE, body: big }), 413, 'payload_too_large');
    const chunked = await t.raw({ path: PATH, headers: { ...JSON_TYPE, 'transfer-encoding': 'chunked' }, body: big });
    assertError(chunked, 413, 'payload_too_large');
    assert.equal((await t.call(SETTINGS, 'get_skeleton_count', ['project'])).status, 200, 'the server still answers');
  });

  it('415 unsupported_media_type: any content type but JSON, or none', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/json; charset=latin1',
      'application/jsonx',
    ]) {
      assertError(
        await t.raw({ path: PATH, headers: { 'content-type': type }, body: '["project"]' }),
        415,
        'unsupported_media_type',
      );
    }
    assertError(await t.raw({ path: PATH, body: '["project"]' }), 415, 'unsupported_media_type');
    const utf8 = await t.raw({
      path: PATH,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '["project"]',
    });
    assert.equal(utf8.status, 200);
  });

  it('500 internal: a bug is logged with its stack and changes nothing', async () => {
    const lines: string[] = [];
    const server = await startMotionServer({ port: 0, log: createLog('error', (l) => lines.push(l)) });
    try {
      const model = server.model;
      const original = model.apply.bind(model);
      model.apply = () => {
        throw new Error('disk on fire');
      };
      const before = JSON.stringify(model.snapshot());
      const reply = await rawRequest(server.port, {
        path: '/api/scripting/motion/settings/processing/skeleton/add_skeleton/',
        headers: JSON_TYPE,
        body: '["project","Y"]',
      });
      model.apply = original;
      assertError(reply, 500, 'internal');
      assert.match(reply.body.error.message, /state is unchanged/);
      assert.equal(JSON.stringify(model.snapshot()), before);
      assert.ok(
        lines.some((l) => l.includes('disk on fire') && l.includes('    at ')),
        'logged with its stack',
      );
    } finally {
      await server.close();
    }
  });
});
