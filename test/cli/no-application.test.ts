import assert from 'node:assert/strict';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { runCli, type CliRun } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';

const TOOLS = join(__dirname, '../fixtures/tools');

/**
 * Every command of `motion --help`, run as a newcomer runs it: with no application anywhere.
 * Each ends with a clear message and the right exit code, or works on what needs no application
 * and says so; never a stack trace, never the bundle's source.
 */
describe('motion with no application running: every command says what to do', function () {
  this.timeout(120_000);
  const scratch = scratchFolder('motion-test-no-app-', { per: 'suite' });
  let env: Record<string, string>;
  before(async () => {
    env = { MOTION_URL: `http://127.0.0.1:${await freePort()}` };
    writeFileSync(
      join(scratch.path, 'scale.py'),
      'import motion\nsk = motion.settings.processing.skeleton\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), 2)\n',
    );
    writeFileSync(
      join(scratch.path, 'relabel.lua'),
      'local t = motion.data.object.trajectory\nt.set_label(t.get_trajectory_ids()[1], "x")\n',
    );
    copyFileSync(join(__dirname, '../fixtures/c3d/Qualisys.c3d'), join(scratch.path, 'trial.c3d'));
  });

  const run = (args: string[], input?: string) => runCli(args, env, input, scratch.path);

  /** Said as a person reads it: no trace of our code, no source, one short message. */
  const clean = (outcome: CliRun, what: string) => {
    assert.doesNotMatch(outcome.stderr, /\n\s+at .+:\d+:\d+/, `${what}: no stack trace`);
    assert.ok(outcome.stderr.length < 2_000, `${what}: a message, not ${outcome.stderr.length} characters`);
  };
  const away =
    /nothing is listening on 127\.0\.0\.1:\d+ — start the application, or the reference server \(motion-server\), or give its address with --url/;

  for (const args of [
    ['call', 'motion', 'get_version'],
    ['tree'],
    ['snapshot', '-o', 'state.motion.json'],
    ['commands'],
    ['skeleton', 'export', '--source', 'project'],
    ['run', 'scale.py'],
    ['batch', 'relabel.lua', 'trial.c3d'],
  ])
    it(`motion ${args.join(' ')}: exit 3, naming what to start or --url`, async () => {
      const outcome = await run(args);
      clean(outcome, args[0]);
      assert.equal(outcome.code, 3, outcome.stderr);
      assert.match(outcome.stderr, away);
    });

  it('motion docs and motion check work on the documentation bundled with this version, and say so', async () => {
    const docs = await run(['docs', 'motion.gui']);
    clean(docs, 'docs');
    assert.equal(docs.code, 0);
    assert.match(docs.stderr, /documentation bundled with this version \(no server answered\)/);
    const check = await run(['check', join(TOOLS, 'tools', 'gap_tools.py')]);
    clean(check, 'check');
    assert.equal(check.code, 0);
    assert.match(check.stderr, /documentation bundled with this version/);
  });

  it('motion run --dry-run uses the reference server’s demo data, saying so in its first line, and shows what the script would change', async () => {
    const dry = await run(['run', '--dry-run', 'scale.py']);
    clean(dry, 'run --dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(
      dry.stderr.split('\n')[0],
      /^motion run --dry-run: no application answers at http:\/\/127\.0\.0\.1:\d+, so this dry run starts from the reference server's demo data \(give --snapshot FILE/,
    );
    assert.match(dry.stdout, /Dry run: 1 change the script would make/);
    assert.match(dry.stdout, /scale: 1 → 2/);
  });
});
