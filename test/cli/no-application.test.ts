import assert from 'node:assert/strict';
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { answerText, connectToMotionMcp } from '../support/mcp-client';
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
    // A newcomer's machine: no documentation cached from an earlier application (one that once
    // answered on the same free port would be taken for this one).
    env = { MOTION_URL: `http://127.0.0.1:${await freePort()}`, MOTION_CACHE_DIR: join(scratch.path, 'cache') };
    writeFileSync(
      join(scratch.path, 'scale.py'),
      'import motion\nsk = motion.settings.processing.skeleton\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), 2)\n',
    );
    writeFileSync(
      join(scratch.path, 'relabel.lua'),
      'local t = motion.data.object.trajectory\nt.set_label(t.get_trajectory_ids()[1], "x")\n',
    );
    copyFileSync(join(__dirname, '../fixtures/c3d/Qualisys.c3d'), join(scratch.path, 'trial.c3d'));
    // A Lua spec: the Lua built into the CLI runs it, on Windows too.
    writeFileSync(
      join(scratch.path, 'scale_spec.lua'),
      'local sk = motion.settings.processing.skeleton\ndescribe("scale", function()\n  it("doubles", function()\n    local body = sk.find_skeleton("project", "FullBody")\n    sk.set_skeleton_scale("project", body, 2)\n    assert.are.equal(2, sk.get_skeleton_scale("project", body))\n  end)\nend)\n',
    );
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

  it('motion stubs writes the stubs of the documentation bundled with this version, and says so', async () => {
    const stubs = await run(['stubs', '--out', 'stubs']);
    clean(stubs, 'stubs');
    assert.equal(stubs.code, 0, stubs.stderr);
    assert.match(stubs.stderr, /documentation bundled with this version \(no server answered\)/);
    assert.match(stubs.stdout, /wrote \d+ stub files for 42 modules/);
    assert.ok(existsSync(join(scratch.path, 'stubs', 'motion', '__init__.pyi')));
  });

  it('motion test needs no application: each test runs against one of its own', async () => {
    const test = await run(['test', 'scale_spec.lua']);
    clean(test, 'test');
    assert.equal(test.code, 0, test.stderr);
    assert.match(test.stderr, /motion test: 1 passed, 0 failed/);
  });

  for (const language of ['python', 'lua'])
    it(`motion repl${language === 'lua' ? ' --lua' : ''} with lines piped in: exit 3 before any line runs, naming what to start or --url`, async () => {
      const repl = await run(['repl', ...(language === 'lua' ? ['--lua'] : [])], 'print("ran")\n');
      clean(repl, 'repl');
      assert.equal(repl.code, 3, repl.stderr);
      assert.match(repl.stderr, away);
      assert.doesNotMatch(repl.stdout, /ran/, 'no line ran');
    });

  it('motion mcp starts; documentation, checks and tests work, and what needs the application says what to do, the server still answering', async () => {
    const { client } = await connectToMotionMcp(['--url', env.MOTION_URL], scratch.path);
    try {
      const call = async (name: string, args: Record<string, unknown>) => {
        const answer = await client.callTool({ name, arguments: args });
        return { failed: answer.isError === true, text: answerText(answer) };
      };
      const search = await call('motion_search_documentation', { query: 'skeleton scale' });
      assert.ok(!search.failed && /set_skeleton_scale/.test(search.text), search.text);
      const check = await call('motion_check_script', { path: 'scale.py' });
      assert.ok(!check.failed, check.text);
      const read = await call('motion_read_application', {});
      assert.ok(read.failed);
      assert.match(read.text, /nothing is listening on 127\.0\.0\.1:\d+/);
      assert.match(read.text, /motion mcp --url/);
      // A dry run with no application and no snapshot says how to give one (it once ended the server).
      const dry = await call('motion_dry_run_script', { path: 'scale.py' });
      assert.ok(dry.failed);
      assert.match(dry.text, /nothing is listening .*give snapshot \(a \.motion\.json file\) to dry-run without it/);
      const tests = await call('motion_run_script_tests', { paths: ['scale_spec.lua'] });
      assert.ok(!tests.failed, tests.text);
      assert.match(tests.text, /1 passed \(each against an application of its own/);
    } finally {
      await client.close();
    }
  });
});
