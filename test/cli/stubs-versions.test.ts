import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pyright } from '../support/pyright';
import { referenceServer } from '../support/reference-server';
import { runCli } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';

/**
 * `motion stubs --version`: stubs for the releases a lab runs. What none has is left out, what some
 * lack is @deprecated with those releases named; the real pyright reads them as Pylance does.
 */
describe('motion stubs --version', function () {
  this.timeout(120_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-stubs-versions-');
  const stubs = (out: string, version: string) =>
    runCli(['stubs', '--out', join(scratch.path, out), '--version', version], app.env);
  const bone = (out: string) => join(scratch.path, out, 'motion', 'data', 'object', 'bone.pyi');

  it('for a range: marks what part of it lacks @deprecated, naming those releases, and pyright strikes its calls', async () => {
    const made = await stubs('typings', '2023.3..2026.2');
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /for the application 2023\.3 to 2026\.2\n$/);
    const text = readFileSync(bone('typings'), 'utf8');
    assert.match(text, /^# For the application 2023\.3 to 2026\.2: `motion stubs --version`\.$/m);
    assert.match(text, /^from typing_extensions import deprecated$/m);
    assert.match(
      text,
      /^@deprecated\("Not in the application 2023\.3 \(added in 2024\.1\)\."\)\ndef get_bone_count\(\) -> int:/m,
    );
    writeFileSync(
      join(scratch.path, 'pyrightconfig.json'),
      JSON.stringify({ pythonVersion: '3.11', reportMissingModuleSource: 'none', reportDeprecated: 'error' }),
    );
    writeFileSync(
      join(scratch.path, 'tool.py'),
      'import motion\nn = motion.data.object.bone.get_bone_count()\nm = motion.data.object.skeleton.get_skeleton_count()\n',
    );
    const checked = await pyright(scratch.path, 'tool.py');
    assert.match(checked.stdout, /1 error/, checked.stdout);
    assert.match(
      checked.stdout,
      /tool\.py:2:\d+ - error: The function "get_bone_count" is deprecated\s+Not in the application 2023\.3 \(added in 2024\.1\)\./,
      checked.stdout,
    );
  });

  it('for one release: leaves out what it lacks, and marks nothing every release has', async () => {
    const made = await stubs('typings-2023', '2023.3');
    assert.equal(made.code, 0, made.stderr);
    assert.throws(() => readFileSync(bone('typings-2023'), 'utf8'), /ENOENT/);
    const skeleton = readFileSync(
      join(scratch.path, 'typings-2023', 'motion', 'data', 'object', 'skeleton.pyi'),
      'utf8',
    );
    assert.doesNotMatch(skeleton, /deprecated/);
    // Every release has it: no mark.
    const all = await stubs('typings-new', '>=2024.1');
    assert.equal(all.code, 0, all.stderr);
    assert.doesNotMatch(readFileSync(bone('typings-new'), 'utf8'), /deprecated/);
  });

  it('refuses releases it cannot read, as bad usage', async () => {
    const bad = await stubs('typings-bad', 'soon');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--version: "soon" is not a version/);
  });
});
