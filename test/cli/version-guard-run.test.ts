import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceServer } from '../support/reference-server';
import { runCli } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';
import { guarded } from '../support/version-guard-fix';

/**
 * The version guard, run by the real interpreters against the application of two releases (the
 * reference server answering as each): before 2024.1 the guarded call is passed over, from it on it
 * is made. What the quick fix writes is code that runs, not only text that reads well.
 */
for (const [version, made] of [
  ['2023.3', false],
  ['2024.1', true],
] as const)
  describe(`a guarded call, run against the application of ${version}`, function () {
    this.timeout(60_000);
    // A fresh application per test: each test's call clears the demo's bones.
    const app = referenceServer({ asVersion: version });
    const scratch = scratchFolder('motion-guard-');

    /** Applies the guard to `text`, runs the script with `motion run`, and says what became of the bones. */
    const run = async (languageId: 'python' | 'lua', text: string) => {
      const [fix] = await guarded(languageId, text);
      const file = join(scratch.path, languageId === 'python' ? 'tidy.py' : 'tidy.lua');
      writeFileSync(file, fix.after);
      const done = await runCli(['run', file], app.env);
      assert.equal(done.code, 0, `${done.stdout}${done.stderr}`);
      assert.match(done.stdout, /^done$/m);
      // Where the application has bones, the call was made; where it has none, an unguarded call would have failed.
      if (made) assert.equal(await app.client.call('motion.data.object.bone', 'get_bone_count', []), 0);
    };

    it(`Python: ${made ? 'makes the call' : 'passes over the call'}, and the script runs to its end`, () =>
      run(
        'python',
        '# motion: targets >=2023.2\nimport motion\nmotion.data.object.bone.clear_bones()\nprint("done")\n',
      ));

    it(`Lua: ${made ? 'makes the call' : 'passes over the call'}, and the script runs to its end`, () =>
      run('lua', '-- motion: targets >=2023.2\nmotion.data.object.bone.clear_bones()\nprint("done")\n'));
  });

/**
 * A script test run from a snapshot answers get_version as the application the snapshot came from
 * (the guards above take that application's branch in tests too), not as the reference server.
 */
describe('a script test from a snapshot of the application of 2024.1', function () {
  this.timeout(60_000);
  const app = referenceServer({ asVersion: '2024.1' });
  const scratch = scratchFolder('motion-guard-test-');

  it('answers get_version as 2024.1, not as the reference server it runs on', async () => {
    const snapshot = join(scratch.path, 'stage.motion.json');
    const taken = await runCli(['snapshot', '-o', snapshot], app.env);
    assert.equal(taken.code, 0, taken.stderr);
    writeFileSync(
      join(scratch.path, 'version_spec.lua'),
      [
        'describe("the application the snapshot came from", function()',
        '  it("is 2024.1", function()',
        '    local v = motion.get_version()',
        '    assert.are.same({2024, 1}, {v.major, v.minor})',
        '  end)',
        'end)',
        '',
      ].join('\n'),
    );
    const tested = await runCli(['test', '--snapshot', snapshot, join(scratch.path, 'version_spec.lua')], app.env);
    assert.equal(tested.code, 0, `${tested.stdout}${tested.stderr}`);
    assert.match(tested.stderr, /1 passed, 0 failed/);
  });
});
