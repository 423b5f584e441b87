import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeApplication } from '../support/fake-application';
import { runCli } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWholeInterface } from '../support/whole-interface-application';

describe('motion run --dry-run of a script that calls what the reference server does not model', function () {
  this.timeout(60_000);
  let reference: TestServer;
  let application: FakeApplication;
  const scratch = scratchFolder('motion-dry-run-', { per: 'suite' });
  before(async () => {
    reference = await startTestServer();
    application = await startWholeInterface(reference.url);
  });
  after(async () => {
    await application.close();
    await reference.close();
  });

  it('prints the changes it would make, then the calls it did not send with their lines; only reads reach the application', async () => {
    const script = join(scratch.path, 'tool.lua');
    writeFileSync(
      script,
      [
        'local sk = motion.settings.processing.skeleton',
        'sk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), 2)',
        'motion.gui.message.add_message("Scaled", "FullBody by 2", "info")',
        'print(motion.gui.timeline.get_frequency())',
        '',
      ].join('\n'),
    );
    application.requests.length = 0;
    const run = await runCli(['run', '--dry-run', '--url', application.url, script], {});
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^nil\n/, 'the read was answered by the application (null)');
    assert.match(
      run.stdout,
      /Dry run: 1 change the script would make \(the application was not touched\):\n.*scale: 1 → 2\n\n1 call/s,
    );
    assert.match(
      run.stdout,
      /1 call the reference server does not model, not sent \(the script got null; what they would do is not known\):\n {2}would call motion\.gui\.message\.add_message\("Scaled", "FullBody by 2", "info"\) — not sent \(tool\.lua:3\)\n$/,
    );
    assert.ok(application.requests.some((path) => path.endsWith('/gui/timeline/get_frequency/')));
    assert.deepEqual(
      application.requests.filter((path) => /\/(set_|add_|delete_)/.test(path)),
      [],
      'no change reached the application',
    );
  });

  /** A script and its helper module beside it, as people write them: the helper makes the call. */
  function scriptWithHelper(language: 'python' | 'lua'): string {
    const folder = join(scratch.path, `with-helper-${language}`);
    mkdirSync(join(folder, 'helpers'), { recursive: true });
    if (language === 'python') {
      writeFileSync(join(folder, 'helpers', '__init__.py'), '');
      writeFileSync(
        join(folder, 'helpers', 'menu_tools.py'),
        'import motion\n\n\ndef announce(text):\n    motion.gui.message.add_message(text, "", "info")\n',
      );
      writeFileSync(join(folder, 'tool.py'), 'from helpers import menu_tools\n\nmenu_tools.announce("Ready")\n');
      return join(folder, 'tool.py');
    }
    writeFileSync(
      join(folder, 'helpers', 'menu_tools.lua'),
      'local M = {}\n\nfunction M.announce(text)\n  motion.gui.message.add_message(text, "", "info")\nend\n\nreturn M\n',
    );
    writeFileSync(
      join(folder, 'tool.lua'),
      'local menu_tools = require("helpers.menu_tools")\n\nmenu_tools.announce("Ready")\n',
    );
    return join(folder, 'tool.lua');
  }

  for (const language of ['python', 'lua'] as const)
    it(`names a call made in a helper module by the helper's file and line (${language})`, async () => {
      const script = scriptWithHelper(language);
      const run = await runCli(['run', '--dry-run', '--url', application.url, script], {});
      assert.equal(run.code, 0, run.stderr);
      const helper = join('helpers', `menu_tools.${language === 'python' ? 'py' : 'lua'}`);
      assert.ok(
        run.stdout.includes(
          `would call motion.gui.message.add_message("Ready", "", "info") — not sent (${helper}:${language === 'python' ? 5 : 4})`,
        ),
        run.stdout,
      );
      const json = await runCli(['run', '--dry-run', '--json', '--url', application.url, script], {});
      const { notSent } = JSON.parse(json.stdout) as { notSent: { caller: string }[] };
      assert.deepEqual(
        notSent.map((call) => call.caller),
        [`${join(script, '..', helper)}:${language === 'python' ? 5 : 4}`],
      );
    });

  it('an import that fails in a helper module names the helper, not a line of the script', async () => {
    const folder = join(scratch.path, 'broken-helper');
    mkdirSync(join(folder, 'helpers'), { recursive: true });
    writeFileSync(join(folder, 'helpers', '__init__.py'), '');
    writeFileSync(
      join(folder, 'helpers', 'broken.py'),
      '"""Reads the rig."""\nimport rig_reader_that_is_not_installed\n',
    );
    const script = join(folder, 'tool.py');
    writeFileSync(script, 'import motion\nfrom helpers import broken\n');
    const run = await runCli(['run', '--dry-run', '--json', '--url', application.url, script], {});
    assert.notEqual(run.code, 0);
    const { error } = JSON.parse(run.stdout) as { error: { type: string; line: number; file?: string } };
    assert.deepEqual(
      { type: error.type, line: error.line, file: error.file },
      { type: 'ModuleNotFoundError', line: 2, file: join(folder, 'helpers', 'broken.py') },
    );
  });
});
