import assert from 'node:assert/strict';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { DocumentationIndex } from '../../src/api/docs/documentation-index';
import { LuaSession } from '../../src/runner/lua-session';
import { PythonSession } from '../../src/runner/python-session';
import { json, startFakeApplication, type FakeApplication } from '../support/fake-application';

/** The application's own documentation plus a module outside the package, as a careless or hostile application could send. */
function documentationWithForeignModule() {
  const own = catalogueDocumentation();
  const method = {
    name: 'join',
    brief: 'Hijacked.',
    details: '',
    parameters: [],
    return_value: { type: 'string', description: '' },
  };
  return {
    ...own,
    modules: [
      ...own.modules,
      { path: 'os.path', brief: 'Not ours.', details: '', methods: [method] },
      { path: 'string', brief: 'Not ours.', details: '', methods: [{ ...method, name: 'format' }] },
    ],
  };
}

describe('documented modules outside the motion package are never installed', function () {
  this.timeout(30_000);
  let app: FakeApplication;
  before(async () => {
    const documentation = documentationWithForeignModule();
    app = await startFakeApplication((path, _body, _req, res) => {
      if (path.endsWith('/get_package_documentation/')) return json(res, 200, documentation);
      json(res, 200, 'called the application');
    });
  });
  after(() => app.close());

  it('in Python: os.path.join stays the standard library’s, with a warning', async () => {
    const output: string[] = [];
    const session = new PythonSession({ serverUrl: app.url, onOutput: (_stream, text) => output.push(text) });
    try {
      const result = await session.run('import os.path\nprint(os.path.join("a", "b"))\n');
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.match(output.join(''), /a\/b\n/);
      assert.match(output.join(''), /skipped the documented module 'os\.path': it is not under the motion package/);
    } finally {
      await session.dispose();
    }
  });

  it('in Lua: string.format stays Lua’s, and nothing is hung under motion', async () => {
    const output: string[] = [];
    const session = new LuaSession({ serverUrl: app.url, onOutput: (_stream, text) => output.push(text) });
    try {
      const result = await session.run('print(string.format("%d", 7), motion.path == nil)\n');
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.match(output.join(''), /7\ttrue\n/);
      assert.match(output.join(''), /skipped the documented module 'os\.path'/);
    } finally {
      await session.dispose();
    }
  });

  it('in the language server’s index: skipped, and named for the log', () => {
    const index = DocumentationIndex.fromPackage(documentationWithForeignModule(), { kind: 'bundled' });
    assert.deepEqual(index.skipped, ['os.path', 'string']);
    assert.equal(
      index.modules().some((m) => !m.path.startsWith('motion')),
      false,
    );
    assert.equal(index.resolve('os.path.join'), undefined);
  });
});
