import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  environmentName,
  environmentPython,
  findVirtualEnvironment,
} from '../../src/runner/python/virtual-environment';
import { scratchFolder } from '../support/scratch-folder';

/** The files that make a folder an environment, as `python -m venv` or `conda create -p` leave them. */
function fakeEnvironment(folder: string, kind: 'venv' | 'conda', platform: NodeJS.Platform): string {
  mkdirSync(folder, { recursive: true });
  if (kind === 'venv') writeFileSync(join(folder, 'pyvenv.cfg'), 'home = /usr/bin\n');
  else mkdirSync(join(folder, 'conda-meta'));
  const python = environmentPython(folder, kind, platform);
  mkdirSync(join(python, '..'), { recursive: true });
  writeFileSync(python, '');
  return python;
}

describe('a script’s own Python environment (.venv, venv, env, .conda), found as the Python extension finds it', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-venv-');
  const platform = process.platform;

  it('is the nearest one from the script’s folder up to the workspace folder', async () => {
    const root = join(scratch.path, 'lab');
    const rootPython = fakeEnvironment(join(root, '.venv'), 'venv', platform);
    const toolsPython = fakeEnvironment(join(root, 'tools', 'venv'), 'venv', platform);
    mkdirSync(join(root, 'tools', 'calibration'), { recursive: true });
    mkdirSync(join(root, 'capture'), { recursive: true });
    const script = (relative: string) => join(root, relative);
    assert.equal(
      (await findVirtualEnvironment(script('tools/calibration/wand.py'), root, platform))?.python,
      toolsPython,
    );
    assert.equal((await findVirtualEnvironment(script('tools/run.py'), root, platform))?.python, toolsPython);
    assert.equal((await findVirtualEnvironment(script('capture/take.py'), root, platform))?.python, rootPython);
    assert.equal((await findVirtualEnvironment(root, root, platform))?.python, rootPython, 'a folder (its tests) too');
    // A folder whose name only starts with two dots is inside the workspace folder all the same.
    assert.equal((await findVirtualEnvironment(script('..drafts/try.py'), root, platform))?.python, rootPython);
    const found = (await findVirtualEnvironment(script('tools/run.py'), root, platform))!;
    assert.deepEqual([found.kind, environmentName(found, root)], ['venv', 'tools/venv']);
  });

  it('takes .venv before venv and env in one folder, and a conda environment made with -p .conda', async () => {
    const root = join(scratch.path, 'order');
    fakeEnvironment(join(root, 'env'), 'venv', platform);
    const venv = fakeEnvironment(join(root, 'venv'), 'venv', platform);
    assert.equal((await findVirtualEnvironment(join(root, 'a.py'), root, platform))?.python, venv);
    const dotVenv = fakeEnvironment(join(root, '.venv'), 'venv', platform);
    assert.equal((await findVirtualEnvironment(join(root, 'a.py'), root, platform))?.python, dotVenv);
    const condaRoot = join(scratch.path, 'conda');
    const conda = fakeEnvironment(join(condaRoot, '.conda'), 'conda', platform);
    const found = await findVirtualEnvironment(join(condaRoot, 'a.py'), condaRoot, platform);
    assert.deepEqual([found?.python, found?.kind], [conda, 'conda']);
  });

  it('finds none above the workspace folder, outside it, or in a folder that only looks like one', async () => {
    const outer = join(scratch.path, 'outer');
    fakeEnvironment(join(outer, '.venv'), 'venv', platform);
    const root = join(outer, 'project');
    mkdirSync(root, { recursive: true });
    assert.equal(await findVirtualEnvironment(join(root, 'a.py'), root, platform), undefined, 'not above the folder');
    assert.equal(await findVirtualEnvironment(join(outer, 'b.py'), root, platform), undefined, 'not outside it');
    mkdirSync(join(root, '.venv', 'bin'), { recursive: true }); // no pyvenv.cfg: a folder of that name, no environment
    writeFileSync(join(root, '.venv', 'bin', 'python'), '');
    assert.equal(await findVirtualEnvironment(join(root, 'a.py'), root, platform), undefined);
    const broken = join(scratch.path, 'broken');
    mkdirSync(join(broken, '.venv'), { recursive: true });
    writeFileSync(join(broken, '.venv', 'pyvenv.cfg'), ''); // its interpreter removed
    assert.equal(await findVirtualEnvironment(join(broken, 'a.py'), broken, platform), undefined);
  });

  it('knows where each platform puts the interpreter', () => {
    assert.equal(environmentPython('/p/.venv', 'venv', 'linux'), join('/p/.venv', 'bin', 'python'));
    assert.equal(environmentPython('/p/.conda', 'conda', 'darwin'), join('/p/.conda', 'bin', 'python'));
    assert.equal(environmentPython('C:\\p\\.venv', 'venv', 'win32'), join('C:\\p\\.venv', 'Scripts', 'python.exe'));
    assert.equal(environmentPython('C:\\p\\.conda', 'conda', 'win32'), join('C:\\p\\.conda', 'python.exe'));
  });

  it('finds an environment that python -m venv really made', async function () {
    if (platform === 'win32') this.skip(); // no Windows Python on these machines
    const root = join(scratch.path, 'real');
    mkdirSync(root, { recursive: true });
    execFileSync('python3', ['-m', 'venv', '--without-pip', join(root, '.venv')]);
    const found = await findVirtualEnvironment(join(root, 'script.py'), root);
    assert.equal(found?.python, join(root, '.venv', 'bin', 'python'));
    const prefix = execFileSync(found.python, ['-c', 'import sys; print(sys.prefix)'], { encoding: 'utf8' }).trim();
    assert.equal(prefix, join(root, '.venv'));
  });
});
