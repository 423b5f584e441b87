import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rawRequest } from '../support/test-server';
import { runCli } from '../support/run-cli';
import { serverAndFolderEach } from '../support/server-and-folder';

/**
 * Names are Unicode and travel as UTF-8 (docs/reference-server.md, "Strings"): the application documents 8-bit
 * strings in the system's code page, we keep UTF-8 end to end, so a name comes back as it was given
 * whatever the script's language.
 */
const NAMES = ['Väinö', '関節', 'Łokieć-Ø', 'bone 🦴'];

describe('non-ASCII names round-trip as UTF-8: HTTP, Python and Lua', function () {
  this.timeout(60_000);
  const fixture = serverAndFolderEach('motion-unicode-');

  const projectNames = () => fixture.server.model.skeletons('project').map((s) => s.name);

  it('over HTTP: raw UTF-8 bytes in, the same name out, in a JSON reply', async () => {
    const path = (op: string) => `/api/scripting/motion/settings/processing/skeleton/${op}/`;
    for (const name of NAMES) {
      const body = Buffer.from(JSON.stringify(['project', name]), 'utf8'); // not \u escapes: the bytes themselves
      const added = await rawRequest(Number(new URL(fixture.server.url).port), {
        method: 'POST',
        path: path('add_skeleton'),
        headers: { 'content-type': 'application/json' },
        body,
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const read = await rawRequest(Number(new URL(fixture.server.url).port), {
        method: 'POST',
        path: path('get_skeleton_name'),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(['project', added.body]),
      });
      assert.equal(read.body, name);
      assert.match(String(read.headers['content-type']), /^application\/json(; charset=utf-8)?$/i);
    }
    assert.deepEqual(projectNames().slice(-NAMES.length), NAMES);
  });

  it('in Python: str in, the same str out, found by name, printed as UTF-8', async () => {
    const script = join(fixture.dir, 'names.py');
    writeFileSync(
      script,
      [
        'from motion.settings.processing import skeleton',
        `for name in ${JSON.stringify(NAMES)}:`,
        '    sid = skeleton.add_skeleton("project", name)',
        '    assert skeleton.get_skeleton_name("project", sid) == name',
        '    assert skeleton.find_skeleton("project", name) == sid',
        '    print(name, len(name))',
      ].join('\n'),
      'utf8',
    );
    const run = await runCli(['run', script], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, NAMES.map((n) => `${n} ${[...n].length}\n`).join(''));
    assert.deepEqual(projectNames().slice(-NAMES.length), NAMES);
  });

  it('in Lua: UTF-8 bytes in, the same bytes out, found by name', async () => {
    const script = join(fixture.dir, 'names.lua');
    const list = NAMES.map((n) => JSON.stringify(n)).join(', ');
    writeFileSync(
      script,
      [
        'local skeleton = motion.settings.processing.skeleton',
        `for _, name in ipairs({ ${list} }) do`,
        '  local sid = skeleton.add_skeleton("project", name)',
        '  assert(skeleton.get_skeleton_name("project", sid) == name)',
        '  assert(skeleton.find_skeleton("project", name) == sid)',
        '  print(name, #name)',
        'end',
      ].join('\n'),
      'utf8',
    );
    const run = await runCli(['run', script], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    // Lua's # counts bytes: the UTF-8 encoding's length.
    assert.equal(run.stdout, NAMES.map((n) => `${n}\t${Buffer.byteLength(n)}\n`).join(''));
    assert.deepEqual(projectNames().slice(-NAMES.length), NAMES);
  });
});
