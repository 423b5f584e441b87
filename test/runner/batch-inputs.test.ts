import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { batchFiles, inputFolders, isInside } from '../../src/runner/batch/batch-inputs';
import { scratchFolder } from '../support/scratch-folder';

/** What a batch runs over: files, folders and patterns expanded, each once, named apart where names meet. */
describe('a batch’s measurements: expanded, each once, named apart', () => {
  const scratch = scratchFolder('motion-test-batch-inputs-', { per: 'suite' });
  const at = (...parts: string[]) => join(scratch.path, ...parts);
  before(() => {
    for (const folder of ['a/s01', 'a/s02/deep', 'b']) mkdirSync(at(folder), { recursive: true });
    for (const file of ['a/s01/walk.c3d', 'a/s02/deep/WALK.C3D', 'a/run.c3d', 'b/walk.c3d', 'b/notes.txt'])
      writeFileSync(at(file), '');
  });

  it('searches a folder at any depth for C3D files (in any case), sorted, and takes a file as it is', async () => {
    const files = await batchFiles(['a', 'b/walk.c3d'], scratch.path);
    assert.deepEqual(
      files.map((f) => f.path),
      [at('a/run.c3d'), at('a/s01/walk.c3d'), at('a/s02/deep/WALK.C3D'), at('b/walk.c3d')],
    );
  });

  it('names apart the files that share a name (as Windows compares names), by their folders below the one they share', async () => {
    const files = await batchFiles(['a', 'b/walk.c3d'], scratch.path);
    assert.deepEqual(
      files.map((f) => f.name),
      ['run.c3d', 'a-s01-walk.c3d', 'a-s02-deep-WALK.C3D', 'b-walk.c3d'],
    );
    assert.equal(new Set(files.map((f) => f.name.toLowerCase())).size, files.length);
  });

  it('takes each file once, however often it is named', async () => {
    const files = await batchFiles(['a/run.c3d', 'a', '**/run.c3d'], scratch.path);
    assert.equal(files.filter((f) => f.path === at('a/run.c3d')).length, 1);
  });

  it('expands patterns, and refuses one that matches no measurement, naming it', async () => {
    assert.deepEqual(
      (await batchFiles(['a/*/*.c3d'], scratch.path)).map((f) => f.name),
      ['walk.c3d'],
    );
    await assert.rejects(batchFiles(['z/**/*.c3d'], scratch.path), /no measurement \(\.c3d\) matches z\/\*\*\/\*\.c3d/);
  });

  it('refuses nothing given, a missing file, a file that is no measurement, a folder without any', async () => {
    await assert.rejects(batchFiles([], scratch.path), /give the measurements/);
    await assert.rejects(batchFiles(['a/nope.c3d'], scratch.path), /a\/nope\.c3d: no such file or folder/);
    await assert.rejects(batchFiles(['b/notes.txt'], scratch.path), /b\/notes\.txt is not a measurement/);
    mkdirSync(at('empty'), { recursive: true });
    await assert.rejects(batchFiles(['empty'], scratch.path), /empty: the folder holds no measurement/);
  });

  it('knows the folders it reads: a folder given, a pattern’s fixed part, each file’s folder; an output in one is inside', async () => {
    const inputs = ['a', 'b/*.c3d'];
    const folders = inputFolders(inputs, await batchFiles(inputs, scratch.path), scratch.path);
    for (const folder of [at('a'), at('b'), at('a/s01'), at('a/s02/deep')]) assert.ok(folders.includes(folder), folder);
    assert.equal(isInside(at('a/results'), at('a')), true);
    assert.equal(isInside(at('a'), at('a')), true);
    assert.equal(isInside(at('ab'), at('a')), false, 'a folder whose name starts alike is not inside');
    assert.equal(isInside(at('results'), at('a')), false);
  });
});
