import assert from 'node:assert/strict';
import { WHOLE_INTERFACE } from '../../src/api/catalogue';
import { MotionClient } from '../../src/api/client/motion-client';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { DocumentationCache } from '../../src/api/docs/documentation-cache';
import { DocumentationIndex, DocumentationShapeError } from '../../src/api/docs/documentation-index';
import { bundledDocumentation, loadDocumentation } from '../../src/api/docs/load-documentation';
import { enumValues } from '../../src/api/types/type-tree';
import { startMotionServer } from '../../server/scripting/motion-server';
import { json, startFakeApplication } from '../support/fake-application';
import { scratchFolder } from '../support/scratch-folder';

/** A newer application: the catalogue plus a module this version has never heard of. */
function newerDocumentation() {
  const pkg = catalogueDocumentation();
  pkg.modules.push({
    path: 'motion.animation.curves',
    brief: 'Read animation curves.',
    details: '',
    methods: [
      {
        name: 'get_curve_count',
        brief: 'Counts curves.',
        details: '',
        parameters: [{ name: 'kind', type: '"position"|"rotation"?', description: 'Which curves.' }],
        return_value: { type: 'integer', description: 'Count.' },
      },
    ],
  });
  return pkg;
}

describe('DocumentationIndex', () => {
  const index = bundledDocumentation();

  it('finds methods by dotted path with parsed parameter types', () => {
    const select = index.method('motion.gui.selection.select')!;
    assert.equal(select.module.path, 'motion.gui.selection');
    assert.equal(select.parameters[0].doc.name, 'selections');
    assert.equal(select.parameters[0].type?.kind, 'array');
    const scale = index.parameter('motion.settings.processing.skeleton.set_skeleton_scale', 2)!;
    assert.equal(scale.doc.name, 'scale');
    assert.deepEqual(enumValues(index.parameter('motion.settings.processing.skeleton.add_skeleton', 0)!.type!), [
      'project',
      'measurement',
    ]);
    assert.equal(index.method('motion.gui.selection.get_selections')!.requiredCount, 0);
    assert.equal(index.method('motion.gui.selection.nothing'), undefined);
  });

  it('lists what follows each dot: namespaces, modules, then methods', () => {
    const names = (path: string) => index.childrenOf(path).map((c) => `${c.name}:${c.kind}`);
    assert.deepEqual(
      names('motion')
        .filter((n) => !n.endsWith(':method'))
        .sort(),
      ['data:namespace', 'file:module', 'gui:module', 'settings:namespace', 'utilities:namespace'],
    );
    assert.ok(names('motion').includes('get_version:method'), 'the root module has methods too');
    assert.ok(names('motion.gui').includes('add_command:method'), 'a module that is also a namespace has methods');
    assert.ok(names('motion.gui').includes('selection:module'), '…and modules');
    assert.deepEqual(names('motion.data.object').sort(), [
      'analog:module',
      'bone:module',
      'event:module',
      'skeleton:module',
      'trajectory:module',
    ]);
    assert.equal(index.childrenOf('motion.settings.processing.skeleton').length, 40);
  });

  it('resolves a path to a method, a module or a namespace', () => {
    assert.equal(index.resolve('motion.gui.selection.select')?.kind, 'method');
    assert.equal(index.resolve('motion.gui.selection')?.kind, 'module');
    assert.equal(index.resolve('motion.settings.export')?.kind, 'namespace');
    assert.equal(index.resolve('motion.settings.processing')?.kind, 'module', 'a module with modules under it');
    assert.equal(index.resolve('motion.nowhere'), undefined);
    // A package that documents no module is still a namespace, with nothing under it.
    const empty = DocumentationIndex.fromPackage({ name: 'motion', modules: [] }, { kind: 'bundled' });
    assert.deepEqual(empty.resolve('motion'), { kind: 'namespace', path: 'motion' });
    assert.deepEqual(empty.childrenOf('motion'), []);
  });

  it('refuses documentation of the wrong shape, naming where', () => {
    assert.throws(
      () => DocumentationIndex.fromPackage({ name: 'motion', modules: [{ path: 'x' }] }, { kind: 'bundled' }),
      (e: unknown) =>
        e instanceof DocumentationShapeError && /documentation\.modules\[0\]\.brief: missing field/.test(e.message),
    );
  });

  it('keeps methods whose type strings it cannot parse: any value, optional when the string ends in ?', () => {
    const pkg = newerDocumentation();
    const method = pkg.modules[pkg.modules.length - 1].methods[0];
    method.parameters[0].type = 'curve<handle>';
    method.parameters.push({ ...method.parameters[0], name: 'on_change', type: 'callback<curve>?' });
    const newer = DocumentationIndex.fromPackage(pkg, { kind: 'bundled' });
    const p = newer.parameter('motion.animation.curves.get_curve_count', 0)!;
    assert.equal(p.doc.type, 'curve<handle>');
    assert.deepEqual(p.type, { kind: 'any', source: 'curve<handle>' });
    const optional = newer.parameter('motion.animation.curves.get_curve_count', 1)!;
    assert.deepEqual(optional.type, { kind: 'nullable', inner: { kind: 'any', source: 'callback<curve>?' } });
    assert.equal(
      newer.method('motion.animation.curves.get_curve_count')!.requiredCount,
      1,
      'the unreadable `?` one is optional',
    );
  });
});

describe('loadDocumentation: live, cached, bundled', () => {
  const scratch = scratchFolder('motion-docs-');

  it('uses the live documentation of the reference server and says so', async () => {
    const server = await startMotionServer({ port: 0, logLevel: 'silent' });
    const client = new MotionClient({ url: server.url });
    const index = await loadDocumentation(client, { cache: new DocumentationCache(scratch.path) });
    assert.deepEqual(index.source, { kind: 'live', url: server.url, version: '0.1.0' });
    assert.equal(index.modules().length, WHOLE_INTERFACE.length, 'the reference server documents the whole interface');
    assert.match(index.describeSource(), /^live from http:\/\/127\.0\.0\.1:\d+ \(0\.1\.0\)$/);
    await client.close();
    await server.close();
  });

  it('falls back to the documentation bundled with this version when nothing answers', async () => {
    const client = new MotionClient({ url: 'http://127.0.0.1:9' });
    const reasons: string[] = [];
    const index = await loadDocumentation(client, {
      cache: new DocumentationCache(scratch.path),
      onFallback: (r) => reasons.push(r),
    });
    assert.equal(index.source.kind, 'bundled');
    assert.equal(index.describeSource(), 'bundled with this version (no server answered)');
    assert.match(reasons[0], /nothing is listening/);
    assert.ok(index.method('motion.settings.processing.skeleton.add_skeleton'));
    await client.close();
  });

  it('remembers a newer application’s modules for an offline start, per URL and version', async () => {
    const app = await startFakeApplication((path, _body, _req, res) => {
      if (path.endsWith('/get_package_documentation/')) return json(res, 200, newerDocumentation());
      if (path.endsWith('/get_version/')) return json(res, 200, 'Mocap Studio 2.0');
      json(res, 404, { error: { code: 'unknown_operation', message: 'no', operation: path } });
    });
    const cache = new DocumentationCache(scratch.path);
    const client = new MotionClient({ url: app.url });
    const live = await loadDocumentation(client, { cache });
    assert.ok(live.module('motion.animation.curves'), 'a module the catalogue does not know');
    await app.close();
    const offline = await loadDocumentation(client, { cache });
    assert.equal(offline.source.kind, 'cache');
    assert.equal(offline.source.kind === 'cache' && offline.source.version, 'Mocap Studio 2.0');
    assert.match(
      offline.describeSource(),
      /^cached from http:\/\/127\.0\.0\.1:\d+ \(Mocap Studio 2\.0, saved \d{4}-\d\d-\d\dT[\d:.]+Z\)$/,
    );
    assert.ok(offline.method('motion.animation.curves.get_curve_count'));
    const other = new MotionClient({ url: 'http://127.0.0.1:9' });
    assert.equal((await loadDocumentation(other, { cache })).source.kind, 'bundled', 'the cache is per server URL');
    await client.close();
    await other.close();
  });

  it('falls back when a server answers with malformed documentation', async () => {
    const app = await startFakeApplication((path, _b, _req, res) =>
      json(res, 200, path.endsWith('/get_version/') ? 'Broken 1.0' : { name: 'motion', modules: 'many' }),
    );
    const client = new MotionClient({ url: app.url });
    const reasons: string[] = [];
    const index = await loadDocumentation(client, { onFallback: (r) => reasons.push(r) });
    assert.equal(index.source.kind, 'bundled');
    assert.match(reasons[0], /malformed at documentation\.modules/);
    await client.close();
    await app.close();
  });
  it('uses the live documentation of an application without get_version, as of an unknown version', async () => {
    const app = await startFakeApplication((path, _b, _req, res) =>
      path.endsWith('/get_version/')
        ? json(res, 404, {
            error: { code: 'unknown_operation', message: 'no such operation', operation: 'motion.get_version' },
          })
        : json(res, 200, catalogueDocumentation()),
    );
    const client = new MotionClient({ url: app.url });
    const index = await loadDocumentation(client, { cache: new DocumentationCache(scratch.path) });
    assert.deepEqual(index.source, { kind: 'live', url: app.url, version: 'unknown version' });
    await client.close();
    await app.close();
  });

  it('falls back when the version cannot be read because the connection failed', async () => {
    const app = await startFakeApplication((path, _b, req, res) =>
      path.endsWith('/get_version/') ? req.socket.destroy() : json(res, 200, catalogueDocumentation()),
    );
    const client = new MotionClient({ url: app.url });
    const reasons: string[] = [];
    const index = await loadDocumentation(client, { onFallback: (r) => reasons.push(r) });
    assert.equal(index.source.kind, 'bundled');
    assert.equal(reasons.length, 1);
    await client.close();
    await app.close();
  });

  it('stops when its signal is aborted instead of falling back, and passes the signal to the calls', async () => {
    const app = await startFakeApplication(() => undefined); // never answers
    const client = new MotionClient({ url: app.url, timeoutMs: 20_000 });
    const reasons: string[] = [];
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 100);
    await assert.rejects(loadDocumentation(client, { signal: stop.signal, onFallback: (r) => reasons.push(r) }));
    assert.ok(Date.now() - started < 10_000, 'the calls themselves were stopped');
    assert.deepEqual(reasons, []);
    await client.close();
    await app.close();
  });
});
