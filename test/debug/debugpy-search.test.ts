import assert from 'node:assert/strict';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { debugpyCandidates, firstWithDebugpy } from '../../src/runner/debug/debugpy-search';
import { scratchFolder } from '../support/scratch-folder';

describe('debugpy: another interpreter that has it', function () {
  this.timeout(20_000);
  const scratch = scratchFolder('motion-debugpy-');
  let dir: string;
  let calls: string;
  /** An executable that answers the probe as an interpreter at `executable` would, and notes that it was asked. */
  const interpreter = (name: string, executable: string, installed: boolean) => {
    const path = join(dir, name);
    const answer = JSON.stringify({ executable, installed, managed: false });
    writeFileSync(path, `#!/bin/sh\necho ${name} >> '${calls}'\necho '${answer}'\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const asked = () => (existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : []);
  beforeEach(() => {
    dir = scratch.path;
    calls = join(dir, 'calls');
  });

  it('takes the first candidate that has debugpy, in order, and asks no further', async () => {
    const without = interpreter('without', '/opt/a/python', false);
    const first = interpreter('first', '/opt/b/python', true);
    const second = interpreter('second', '/opt/c/python', true);
    const found = await firstWithDebugpy([without, first, second]);
    assert.equal(found?.executable, '/opt/b/python');
    assert.equal(found?.installed, true);
    assert.deepEqual(asked(), ['without', 'first']);
  });

  it('skips interpreters already known by name or by their own path, and candidates that are the same interpreter', async () => {
    const known = interpreter('known', '/opt/a/python', true);
    const alias = interpreter('alias', '/opt/a/python', true);
    const other = interpreter('other', '/opt/b/python', true);
    const found = await firstWithDebugpy([known, alias, other], [known, '/opt/a/python']);
    assert.equal(found?.executable, '/opt/b/python');
    assert.deepEqual(asked(), ['alias', 'other'], 'the known name was not asked; its alias was, and passed over');
  });

  it('finds none among interpreters without it, or that do not exist', async () => {
    const without = interpreter('without', '/opt/a/python', false);
    assert.equal(await firstWithDebugpy([without, '/no/such/python']), undefined);
  });

  it('finds Debian’s own Python when python3 on PATH lacks debugpy', async function () {
    if (!existsSync('/usr/bin/python3')) this.skip();
    const found = await firstWithDebugpy(debugpyCandidates(undefined, 'linux'));
    assert.ok(found, 'an interpreter with debugpy (python3-debugpy is one of the test machine’s packages)');
    assert.equal(found.installed, true);
  });

  it('looks at the Python extension’s choice first, then PATH, then the system’s Python or the Windows launcher', () => {
    assert.deepEqual(debugpyCandidates('/venv/bin/python', 'linux'), [
      '/venv/bin/python',
      'python3',
      '/usr/bin/python3',
    ]);
    assert.deepEqual(debugpyCandidates(undefined, 'win32'), ['python3', 'py', 'python']);
    assert.deepEqual(debugpyCandidates('python3', 'linux'), ['python3', '/usr/bin/python3'], 'each once');
  });
});
