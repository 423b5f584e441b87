import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { DocumentationIndex } from '../../src/api/docs/documentation-index';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { setFolderSetting } from '../../src/extension/typings/folder-settings';
import { stubsInFolder, writePythonStubs } from '../../src/extension/typings/python-stubs-folder';
import { pyright } from '../support/pyright';
import { scratchFolder } from '../support/scratch-folder';

const live = (version: string) =>
  DocumentationIndex.fromPackage(catalogueDocumentation(), { kind: 'live', url: 'http://127.0.0.1:7979', version });

describe('Python type checking set up in a folder', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-typings-');

  it('writes the stubs with the version they are for, replacing the old ones whole', async () => {
    const stubPath = join(scratch.path, 'typings');
    assert.deepEqual(await stubsInFolder(stubPath, 'motion'), { kind: 'none' });
    assert.equal(await writePythonStubs(stubPath, live('Mocap 1.0')), 15, 'a file a module, _types and testing');
    assert.ok(existsSync(join(stubPath, 'motion', 'testing.pyi')), 'motion.testing, which our package adds');
    assert.deepEqual(await stubsInFolder(stubPath, 'motion'), { kind: 'ours', version: 'Mocap 1.0' });
    writeFileSync(join(stubPath, 'motion', 'gone_in_2.pyi'), '');
    await writePythonStubs(stubPath, live('Mocap 2.0'));
    assert.deepEqual(await stubsInFolder(stubPath, 'motion'), { kind: 'ours', version: 'Mocap 2.0' });
    assert.equal(existsSync(join(stubPath, 'motion', 'gone_in_2.pyi')), false, 'nothing of the old version is left');
    assert.deepEqual(readdirSync(stubPath), ['motion'], 'no staging or previous scratch.path left beside it');
    await writePythonStubs(stubPath, bundledDocumentation());
    assert.deepEqual(await stubsInFolder(stubPath, 'motion'), { kind: 'ours', version: undefined });
  });

  it('tells stubs someone else wrote from its own', async () => {
    const stubPath = join(scratch.path, 'typings');
    mkdirSync(join(stubPath, 'motion'), { recursive: true });
    writeFileSync(join(stubPath, 'motion', '__init__.pyi'), 'def hand_written() -> None: ...\n');
    assert.deepEqual(await stubsInFolder(stubPath, 'motion'), { kind: 'foreign' });
  });

  it('sets python.analysis.stubPath in the scratch.path settings, keeping comments and other settings', async () => {
    const file = join(scratch.path, '.vscode', 'settings.json');
    await setFolderSetting(file, 'python.analysis.stubPath', 'typings');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { 'python.analysis.stubPath': 'typings' });
    writeFileSync(file, '{\n  // tabs for Lua\n  "editor.tabSize": 4,\n}\n');
    await setFolderSetting(file, 'python.analysis.stubPath', 'typings');
    const text = readFileSync(file, 'utf8');
    assert.match(text, /\/\/ tabs for Lua/);
    assert.match(text, /"editor.tabSize": 4,\n\s+"python.analysis.stubPath": "typings"/);
    writeFileSync(file, '{ "editor.tabSize": ');
    await assert.rejects(
      setFolderSetting(file, 'python.analysis.stubPath', 'typings'),
      /is not a JSON object: fix it, or set python\.analysis\.stubPath by hand/,
    );
    assert.equal(readFileSync(file, 'utf8'), '{ "editor.tabSize": ', 'a broken file is left as it was');
  });

  it('lets pyright resolve `import motion` and check the calls of a script in the folder', async () => {
    await writePythonStubs(join(scratch.path, 'typings'), live('Mocap 1.0'));
    writeFileSync(
      join(scratch.path, 'pyrightconfig.json'),
      JSON.stringify({ pythonVersion: '3.11', reportMissingModuleSource: 'none' }),
    );
    writeFileSync(
      join(scratch.path, 'script.py'),
      'import motion\nfrom motion.settings.processing import skeleton\n\ncount: int = skeleton.get_skeleton_count("project")\nprint(motion.get_version())\n',
    );
    const good = await pyright(scratch.path, 'script.py');
    assert.match(good.stdout, /0 errors, 0 warnings/, good.stdout);
    writeFileSync(
      join(scratch.path, 'script.py'),
      'from motion.settings.processing import skeleton\nskeleton.get_skeleton_count("scene")\n',
    );
    const bad = await pyright(scratch.path, 'script.py');
    assert.match(bad.stdout, /1 error/, bad.stdout);
  });
});
