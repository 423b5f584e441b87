import assert from 'node:assert/strict';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { DocumentationSource } from '../../server/language/lsp/documentation-source';
import { json, startFakeApplication } from '../support/fake-application';
import { referenceServer } from '../support/reference-server';
import { scratchFolder } from '../support/scratch-folder';

/** Where the language server's documentation comes from, and what it says of it in its log. */
describe('the language server’s documentation source', function () {
  this.timeout(20_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-docsource-');
  let cacheDir: string;
  let lines: string[];
  const source = (serverUrl: string) =>
    new DocumentationSource({
      serverUrl,
      cacheDir,
      timeoutMs: 2_000,
      log: { info: (line) => lines.push(`info ${line}`), warn: (line) => lines.push(`warn ${line}`) },
      onNamesChanged: () => undefined,
    });
  beforeEach(() => {
    cacheDir = scratch.path;
    lines = [];
  });

  it('loads the application’s documentation live, says so, and tells its version', async () => {
    const docs = source(app.server.url);
    await docs.reload();
    assert.deepEqual(lines, [`info motion: documentation live from ${app.server.url} (0.1.0), 42 modules`]);
    assert.deepEqual(docs.state(), {
      source: 'live',
      description: `live from ${app.server.url} (0.1.0)`,
      serverUrl: app.server.url,
      modules: 42,
      version: '0.1.0',
    });
    await docs.close();
  });

  it('falls back to the bundled documentation when no application answers, says why, and tells no version', async () => {
    const docs = source('http://127.0.0.1:9');
    await docs.reload();
    assert.match(lines[0], /^info motion: documentation not live \(.+\)$/);
    assert.match(lines[1], /^info motion: documentation bundled with this version/);
    assert.equal(lines.length, 2);
    assert.equal(docs.state().source, 'bundled');
    assert.equal('version' in docs.state(), false);
  });

  it('warns of documented modules outside the package, which it leaves out', async () => {
    const own = catalogueDocumentation();
    const foreign = { ...own, modules: [...own.modules, { path: 'os.path', brief: '', details: '', methods: [] }] };
    const odd = await startFakeApplication((path, _body, _req, res) =>
      path.endsWith('/get_package_documentation/')
        ? json(res, 200, foreign)
        : json(res, 200, { major: 0, minor: 1, build: 0 }),
    );
    try {
      await source(odd.url).reload();
      assert.equal(lines.at(-1), 'warn motion: skipped documented modules outside the motion package: os.path');
    } finally {
      await odd.close();
    }
  });

  it('takes a URL only when it names another application than the one it has', () => {
    const docs = source(app.server.url);
    assert.equal(docs.useServerUrl(undefined), false);
    assert.equal(docs.useServerUrl(''), false);
    assert.equal(docs.useServerUrl(app.server.url), false, 'the same application: nothing to reload');
    assert.equal(docs.useServerUrl('http://127.0.0.1:9'), true);
    assert.equal(docs.serverUrl, 'http://127.0.0.1:9');
  });
});
