import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { MotionClient } from '../../src/api/client/motion-client';
import { MotionConnectionError, MotionError } from '../../src/api/client/motion-error';
import { startMotionServer } from '../../server/scripting/motion-server';
import { json, startFakeApplication } from '../support/fake-application';
import { freePort } from '../support/free-port';
import { referenceServer } from '../support/reference-server';

async function rejectsWith<T extends Error>(
  promise: Promise<unknown>,
  type: new (...a: any[]) => T,
  check: (e: T) => void,
): Promise<void> {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof type, `expected ${type.name}, got ${(e as Error)?.name}: ${(e as Error)?.message}`);
    check(e);
    return true;
  });
}

describe('MotionClient against the reference server', () => {
  const app = referenceServer({ per: 'suite' });

  it('calls typed wrappers and returns typed results', async () => {
    const id = await app.client.settings.processing.skeleton.add_skeleton('project', 'Typed');
    assert.equal(typeof id, 'number');
    const root = await app.client.settings.processing.skeleton.get_skeleton_root_id('project', id);
    const dofs = await app.client.settings.processing.skeleton.get_segment_degrees_of_freedom('project', root);
    assert.equal(dofs.rotation_x.constraint, null);
    assert.deepEqual(await app.client.data.object.skeleton.get_skeleton_count(), 1);
    assert.equal(
      await app.client.gui.selection.get_selection_count(),
      0,
      'trailing optional arguments may be left out',
    );
    assert.equal(await app.client.gui.selection.clear_selections(), null, 'operations without result give null');
    assert.deepEqual(Object.keys(await app.client.get_version()), ['major', 'minor', 'build']);
    assert.match(await app.client.help(), /Module motion/);
  });

  it('reaches any operation with call(), by dotted or slashed module path', async () => {
    assert.equal(await app.client.call('motion.utilities.documentation', 'get_module_path', [0]), 'motion');
    assert.equal(await app.client.call('utilities/documentation', 'get_module_path', [0]), 'motion');
    assert.deepEqual(await app.client.call('motion', 'get_version'), await app.client.call('', 'get_version'));
  });

  it('turns refusals into MotionError with status, code, operation, parameter and message', async () => {
    await rejectsWith(
      app.client.settings.processing.skeleton.set_skeleton_scale('project', 1, 500),
      MotionError,
      (e) => {
        assert.equal(e.status, 400);
        assert.equal(e.code, 'invalid_argument');
        assert.equal(e.operation, 'motion.settings.processing.skeleton.set_skeleton_scale');
        assert.equal(e.parameter, 'scale');
        assert.match(e.message, /outside the allowed range/);
        assert.match(e.describe(), /^invalid_argument \(scale\): /);
      },
    );
    await rejectsWith(app.client.settings.processing.skeleton.get_skeleton_name('project', 99999), MotionError, (e) =>
      assert.equal(e.code, 'not_found'),
    );
    await rejectsWith(app.client.settings.processing.skeleton.get_skeleton_id('project', 99), MotionError, (e) =>
      assert.equal(e.code, 'out_of_range'),
    );
    await rejectsWith(app.client.call('motion.animation.curves', 'get_curve_count'), MotionError, (e) => {
      assert.equal(e.status, 404);
      assert.equal(e.code, 'unknown_operation');
    });
  });

  it('tries localhost as 127.0.0.1', async () => {
    const local = new MotionClient({ url: app.server.url.replace('127.0.0.1', 'localhost') });
    assert.equal(typeof (await local.get_version()).major, 'number');
    await local.close();
  });

  it('pipelines many concurrent reads over few connections', async () => {
    const counts = await Promise.all(
      Array.from({ length: 200 }, () => app.client.settings.processing.skeleton.get_skeleton_count('measurement')),
    );
    assert.ok(counts.every((c) => c === 1));
  });

  it('cancels a call through an AbortSignal', async () => {
    const controller = new AbortController();
    controller.abort();
    await rejectsWith(app.client.with({ signal: controller.signal }).get_version(), MotionConnectionError, (e) =>
      assert.equal(e.kind, 'cancelled'),
    );
  });
  it('cancels every call in flight under one signal, with one listener however many calls', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const reads = app.client.with({ signal: controller.signal }).settings.processing.skeleton;
      const done = await Promise.all(Array.from({ length: 50 }, () => reads.get_skeleton_count('measurement')));
      assert.ok(
        done.every((c) => c === 1),
        'calls under a signal that is not aborted answer',
      );
      const calls = Array.from({ length: 500 }, () =>
        reads.get_skeleton_count('measurement').then(
          () => 'answered',
          (e: unknown) => (e instanceof MotionConnectionError ? e.kind : String(e)),
        ),
      );
      controller.abort();
      const outcomes = await Promise.all(calls);
      assert.ok(outcomes.includes('cancelled'), 'calls still in flight are cancelled');
      assert.deepEqual(new Set(outcomes.filter((o) => o !== 'answered')), new Set(['cancelled']));
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(
        warnings.filter((w) => /listener/i.test(w)),
        [],
        'no leak warning',
      );
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('MotionClient when the application misbehaves or is away', () => {
  it('says nothing is listening, and how to fix it', async () => {
    const port = await freePort();
    const client = new MotionClient({ url: `http://127.0.0.1:${port}` });
    await rejectsWith(client.get_version(), MotionConnectionError, (e) => {
      assert.equal(e.kind, 'unreachable');
      assert.equal(
        e.message,
        `nothing is listening on 127.0.0.1:${port} — start the application or the embedded server`,
      );
    });
    await client.close();
    // localhost: both addresses refused, one failure for the two.
    const local = new MotionClient({ url: `http://localhost:${port}` });
    await rejectsWith(local.get_version(), MotionConnectionError, (e) => assert.equal(e.kind, 'unreachable'));
    await local.close();
  });

  it('talks to the application’s own address unless told another', async () => {
    const client = new MotionClient();
    assert.equal(client.url, 'http://127.0.0.1:7979');
    await client.close();
  });

  it('times out a server that never answers', async () => {
    const sockets: import('node:net').Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket)); // accepts, reads, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const client = new MotionClient({ url: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    const started = Date.now();
    await rejectsWith(client.get_version(), MotionConnectionError, (e) => {
      assert.equal(e.kind, 'timeout');
      assert.match(
        e.message,
        /no answer from 127\.0\.0\.1:\d+ within 300 ms — check that the application still responds \(it may be busy/,
      );
      assert.ok(e.cause instanceof Error, 'with its cause');
    });
    assert.ok(Date.now() - started < 3_000, 'gave up near the timeout');
    await rejectsWith(client.call('motion', 'get_version', [], { timeoutMs: 100 }), MotionConnectionError, (e) =>
      assert.match(e.message, /within 100 ms/),
    );
    await client.close();
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('reads an empty body as null, and refuses a body that is not JSON', async () => {
    const app = await startFakeApplication((path, _body, _req, res) => {
      if (path.includes('clear_selections')) return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops</html>');
    });
    const client = new MotionClient({ url: app.url });
    assert.equal(await client.gui.selection.clear_selections(), null);
    await rejectsWith(client.get_version(), MotionConnectionError, (e) => assert.equal(e.kind, 'bad_response'));
    await client.close();
    await app.close();
  });

  it('keeps an error that is not in the contract’s shape', async () => {
    const app = await startFakeApplication((_p, _b, _req, res) =>
      res.writeHead(500, { 'content-type': 'text/plain' }).end('scripting engine crashed'),
    );
    const client = new MotionClient({ url: app.url });
    await rejectsWith(client.get_version(), MotionError, (e) => {
      assert.equal(e.status, 500);
      assert.equal(e.code, 'http_500');
      assert.equal(e.message, 'scripting engine crashed');
    });
    await client.close();
    await app.close();
  });

  it('retries a read once on a dropped connection, never a write', async () => {
    let drop = false;
    const app = await startFakeApplication((_p, _b, req, res) => {
      if (drop) {
        drop = false;
        req.socket.destroy(); // as a restarting application does to a kept-alive connection
        return;
      }
      json(res, 200, 7);
    });
    const client = new MotionClient({ url: app.url });
    drop = true;
    assert.equal(await client.settings.processing.skeleton.get_skeleton_count('project'), 7);
    assert.equal(app.requests.length, 2, 'the read was sent again');
    drop = true;
    await rejectsWith(client.settings.processing.skeleton.add_skeleton('project', 'Once'), MotionConnectionError, (e) =>
      assert.equal(e.kind, 'dropped'),
    );
    assert.equal(app.requests.length, 3, 'the write was sent once');
    drop = true;
    await rejectsWith(client.call('motion.unknown.module', 'do_it'), MotionConnectionError, (e) =>
      assert.equal(e.kind, 'dropped'),
    );
    assert.equal(app.requests.length, 4, 'an operation the catalogue does not know counts as a write');
    await client.close();
    await app.close();
  });

  it('retries a read only once: a connection dropped twice is reported', async () => {
    let drops = 0;
    const app = await startFakeApplication((_p, _b, req, res) => {
      if (drops > 0) {
        drops--;
        req.socket.destroy();
        return;
      }
      json(res, 200, 7);
    });
    const client = new MotionClient({ url: app.url });
    drops = 5;
    await rejectsWith(client.settings.processing.skeleton.get_skeleton_count('project'), MotionConnectionError, (e) => {
      assert.equal(e.kind, 'dropped');
      assert.match(
        e.message,
        /^motion\.settings\.processing\.skeleton\.get_skeleton_count: the connection to 127\.0\.0\.1:\d+ was closed before it answered$/,
      );
      assert.ok(e.cause instanceof Error, 'with its cause');
    });
    assert.equal(app.requests.length, 2, 'sent twice, not more');
    drops = 0;
    assert.equal(
      await client.settings.processing.skeleton.get_skeleton_count('project'),
      7,
      'the next call goes through',
    );
    await client.close();
    await app.close();
  });

  it('carries on when the application restarts mid-session', async () => {
    const first = await startMotionServer({ port: 0, logLevel: 'silent', empty: true });
    const port = first.port;
    const client = new MotionClient({ url: first.url });
    await client.settings.processing.skeleton.add_skeleton('project', 'Before');
    await first.close();
    await rejectsWith(client.get_version(), MotionConnectionError, (e) => assert.equal(e.kind, 'unreachable'));
    const second = await startMotionServer({ port, logLevel: 'silent', empty: true });
    assert.equal(
      await client.settings.processing.skeleton.get_skeleton_count('project'),
      0,
      'a new application, a new state',
    );
    await client.settings.processing.skeleton.add_skeleton('project', 'After');
    assert.equal(await client.settings.processing.skeleton.get_skeleton_count('project'), 1);
    await client.close();
    await second.close();
  });
});
