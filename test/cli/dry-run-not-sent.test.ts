import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
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
});
