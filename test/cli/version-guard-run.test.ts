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
