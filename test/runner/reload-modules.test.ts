import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reloadModulesCode } from '../../src/runner/python/reload-modules';
import { PythonSession } from '../../src/runner/python-session';
import { referenceServer } from '../support/reference-server';
import { scratchFolder } from '../support/scratch-folder';

describe('reloading workspace modules in a Python session (the real interpreter)', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  let session: PythonSession;
  let output: string[];
  const run = async (code: string) => {
    output.length = 0;
    const result = await session.run(code);
    assert.equal(result.ok, true, JSON.stringify(result));
    return output.join('');
  };
  // The session runs in the folder: it is stopped before the folder goes.
  const scratch = scratchFolder('motion-reload-', { stopFirst: () => session?.dispose() });
  beforeEach(() => {
    output = [];
    mkdirSync(join(scratch.path, 'workspace'));
    mkdirSync(join(scratch.path, 'elsewhere'));
    session = new PythonSession({ serverUrl: app.server.url, onOutput: (_stream, text) => output.push(text) });
  });

  it('reloads what was imported from the workspace, dependencies first, and nothing from elsewhere', async () => {
    const workspace = join(scratch.path, 'workspace');
    writeFileSync(join(workspace, 'tools.py'), 'SCALE = 1\n');
    writeFileSync(join(workspace, 'tool_user.py'), 'import tools\nSEEN = tools.SCALE\n');
    writeFileSync(join(scratch.path, 'elsewhere', 'other.py'), 'VALUE = 1\n');
    await run(
      `import sys\nsys.path[:0] = [${JSON.stringify(workspace)}, ${JSON.stringify(join(scratch.path, 'elsewhere'))}]\nimport tool_user, other\n`,
    );
    writeFileSync(join(workspace, 'tools.py'), 'SCALE = 2\n');
    writeFileSync(join(scratch.path, 'elsewhere', 'other.py'), 'VALUE = 2\n');
    assert.equal(await run(reloadModulesCode([workspace])), 'reloaded tool_user, tools\n');
    assert.equal(await run('print(tool_user.SEEN, other.VALUE)'), '2 1\n', 'the user saw the new tools; other kept');
  });

  it('reloads only the file saved, when given, and says when nothing is imported', async () => {
    const workspace = join(scratch.path, 'workspace');
    assert.equal(await run(reloadModulesCode([workspace])), 'no module of the workspace is imported in this session\n');
    writeFileSync(join(workspace, 'a.py'), 'N = 1\n');
    writeFileSync(join(workspace, 'b.py'), 'N = 1\n');
    await run(`import sys\nsys.path.insert(0, ${JSON.stringify(workspace)})\nimport a, b\n`);
    writeFileSync(join(workspace, 'a.py'), 'N = 2\n');
    writeFileSync(join(workspace, 'b.py'), 'N = 2\n');
    assert.equal(await run(reloadModulesCode([workspace], [join(workspace, 'a.py')])), 'reloaded a\n');
    assert.equal(await run('print(a.N, b.N)'), '2 1\n');
  });

  it('finds workspace modules through symbolic links, and none in a folder whose name only starts the same', async () => {
    const workspace = join(scratch.path, 'workspace');
    const linked = join(scratch.path, 'linked');
    symlinkSync(workspace, linked);
    mkdirSync(join(scratch.path, 'workspace2'));
    writeFileSync(join(workspace, 'near.py'), 'N = 1\n');
    writeFileSync(join(scratch.path, 'workspace2', 'far.py'), 'N = 1\n');
    const path = [linked, join(scratch.path, 'workspace2')].map((p) => JSON.stringify(p)).join(', ');
    await run(`import sys\nsys.path[:0] = [${path}]\nimport near, far\n`);
    assert.equal(await run(reloadModulesCode([workspace])), 'reloaded near\n', 'imported through the link');
    assert.equal(await run(reloadModulesCode([linked])), 'reloaded near\n', 'the workspace given as the link');
    assert.equal(await run(reloadModulesCode([workspace], [join(linked, 'near.py')])), 'reloaded near\n');
    assert.equal(await run('print("__motion_reload" in globals())'), 'False\n', 'it leaves nothing behind');
  });
});
