import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../support/run-cli';
import { serverAndFolderEach } from '../support/server-and-folder';

const BOM = '\ufeff';

// Files as Windows tools save them: Notepad and many editors with a UTF-8 byte-order mark, Windows
// PowerShell 5.1's `>` in UTF-16.
describe('files written the Windows way, through motion', function () {
  this.timeout(120_000);
  const fixture = serverAndFolderEach('motion-windows-files-');
  const file = (name: string, text: string | Buffer) => {
    const path = join(fixture.dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('runs a Python script saved with a byte-order mark', async () => {
    const script = file(
      'count.py',
      `${BOM}import motion\r\nprint(motion.settings.processing.skeleton.get_skeleton_count("project"))\r\n`,
    );
    const run = await runCli(['run', script], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^2\r?\n$/);
  });

  it('runs a Lua script saved with a byte-order mark, and the helper it requires saved so too', async () => {
    file('helper.lua', `${BOM}return { twice = function(n) return 2 * n end }\r\n`);
    const script = file(
      'count.lua',
      `${BOM}local helper = require("helper")\r\nprint(helper.twice(motion.settings.processing.skeleton.get_skeleton_count("project")))\r\n`,
    );
    const run = await runCli(['run', script], fixture.env, undefined, fixture.dir);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^4\r?\n$/);
  });

  it('dry-runs from a snapshot saved with a byte-order mark, and refuses one saved as UTF-16 saying how to save it', async () => {
    const taken = await runCli(['snapshot'], fixture.env);
    assert.equal(taken.code, 0, taken.stderr);
    const script = file(
      'scale.lua',
      'local sk = motion.settings.processing.skeleton\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), 2)\n',
    );
    const withMark = file('stage.motion.json', `${BOM}${taken.stdout}`);
    const fromMarked = await runCli(['run', '--dry-run', '--snapshot', withMark, script], fixture.env);
    assert.equal(fromMarked.code, 0, fromMarked.stderr);
    assert.match(fromMarked.stdout, /scale: 1 → 2/);
    const utf16 = file(
      'stage16.motion.json',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(taken.stdout, 'utf16le')]),
    );
    const refused = await runCli(['run', '--dry-run', '--snapshot', utf16, script], fixture.env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /stage16\.motion\.json is saved as UTF-16 LE .* save it as UTF-8/);
    assert.doesNotMatch(refused.stderr, /corrupt/);
  });
});
