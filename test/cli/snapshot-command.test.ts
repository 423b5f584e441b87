import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { runServerToExit, startChildServer } from '../support/child-server';
import { referenceServer } from '../support/reference-server';
import { runCli } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';

describe('motion snapshot', () => {
  const app = referenceServer();
  const scratch = scratchFolder('motion-snapshot-');

  it('writes the whole state to a file that motion-server --state serves as it is', async () => {
    const file = join(scratch.path, 'project.motion.json');
    const run = await runCli(['snapshot', '-o', file], app.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      /^snapshot of http:\/\/127\.0\.0\.1:\d+ \(version 0\.1\.0\): 4 skeletons \(2 project, 1 measurement, 1 data\), 68 segments, 42 trajectories, 35 bones, 0 selected → .*project\.motion\.json\n$/,
    );
    assert.deepEqual(readdirSync(scratch.path), ['project.motion.json'], 'no file left aside');

    const served = await startChildServer(['--state', file, '--log-level', 'warn']);
    const client = new MotionClient({ url: served.url });
    try {
      const [original, again] = await Promise.all([readSnapshot(app.client), readSnapshot(client)]);
      assert.deepEqual(again.state, original.state);
    } finally {
      await client.close();
      served.child.kill('SIGTERM');
      await served.exited;
    }
  });

  it('writes to stdout without -o, and says where from with --json', async () => {
    const run = await runCli(['snapshot', '--json'], app.env);
    assert.equal(run.code, 0, run.stderr);
    const document = JSON.parse(run.stdout);
    assert.equal(document.format, 'motion-server-state');
    assert.deepEqual(document.snapshot.application, { major: 0, minor: 1, build: 0 });
    const said = JSON.parse(run.stderr);
    assert.equal(said.file, null);
    assert.equal(said.url, app.server.url);
  });

  it('says when the application is away, and writes nothing', async () => {
    const file = join(scratch.path, 'away.motion.json');
    const run = await runCli(['snapshot', '-o', file, '--url', 'http://127.0.0.1:9']);
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, /127\.0\.0\.1:9/);
    assert.equal(existsSync(file), false);
  });

  it('refuses arguments it does not take', async () => {
    const run = await runCli(['snapshot', 'file.json'], app.env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /snapshot takes no arguments, got "file\.json"; use -o FILE/);
  });

  it('a hand-edited snapshot is refused by the server, naming the field', async () => {
    const file = join(scratch.path, 'edited.motion.json');
    assert.equal((await runCli(['snapshot', '-o', file], app.env)).code, 0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"taken_at": "', '"taken_at": 5, "x": "'));
    const { code, output } = await runServerToExit(['--port', '0', '--state', file]);
    assert.notEqual(code, 0);
    assert.match(output, /file\.snapshot\.taken_at: expected a string/);
  });
});

describe('motion run --dry-run', function () {
  this.timeout(30_000);
  const app = referenceServer();
  const scratch = scratchFolder('motion-dry-run-cli-');

  const script = (name: string, text: string) => {
    const file = join(scratch.path, name);
    writeFileSync(file, text);
    return file;
  };
  const SCALE_AND_SELECT = [
    'import motion, sys',
    'sk = motion.settings.processing.skeleton',
    'sk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), float(sys.argv[1]))',
    'motion.gui.selection.select([{"type": "trajectory", "id": motion.data.object.trajectory.find_trajectory("LASI")}])',
    'print("scaled")',
  ].join('\n');

  it('prints what the script would change as an outline, after its own output, and changes nothing', async () => {
    const before = JSON.stringify(app.server.model.snapshot());
    const run = await runCli(['run', '--dry-run', script('scale.py', SCALE_AND_SELECT), '1.5'], app.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      [
        'scaled',
        '',
        'Dry run: 2 changes the script would make (the application was not touched):',
        'Project settings',
        '  FullBody',
        '    ~ scale: 1 → 1.5',
        'Selection',
        '  ~ 0 → 1 selected: added LASI',
        '',
      ].join('\n'),
    );
    assert.equal(JSON.stringify(app.server.model.snapshot()), before);
  });

  it('prints the changes as JSON with --json, the script’s output on stderr', async () => {
    const scale = script('scale.py', SCALE_AND_SELECT);
    const run = await runCli(['run', '--dry-run', '--json', scale, '2'], app.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, 'scaled\n');
    const { ok, changes } = JSON.parse(run.stdout);
    assert.equal(ok, true);
    assert.deepEqual(changes[0], {
      kind: 'changed',
      object: { type: 'skeleton', source: 'project', skeletonId: changes[0].object.skeletonId },
      path: ['Project settings', 'FullBody'],
      field: 'scale',
      before: 1,
      after: 2,
      text: 'scale: 1 → 2',
      // The line that made it.
      caller: `${scale}:${SCALE_AND_SELECT.split('\n').findIndex((l) => l.includes('set_skeleton_scale')) + 1}`,
    });
  });

  it('starts from a snapshot file, even with the application away', async () => {
    const file = join(scratch.path, 'stage.motion.json');
    assert.equal((await runCli(['snapshot', '-o', file], app.env)).code, 0);
    const lua = script('add.lua', 'motion.settings.processing.skeleton.add_skeleton("measurement", "Extra")');
    const run = await runCli(['run', '--dry-run', '--snapshot', file, lua, '--url', 'http://127.0.0.1:9']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Measurement settings\n {2}\+ added skeleton Extra \(1 segment\)\n$/);
  });

  it('says "no changes" for a script that only reads', async () => {
    const run = await runCli(
      ['run', '--dry-run', script('read.py', 'import motion\nversion = motion.get_version()\n')],
      app.env,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '\nDry run: no changes (the application was not touched).\n');
  });

  it('refuses a snapshot of another version, and a script that outlives its deadline', async () => {
    const file = join(scratch.path, 'old.motion.json');
    assert.equal((await runCli(['snapshot', '-o', file], app.env)).code, 0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"major": 0', '"major": 7'));
    const py = script('forever.py', 'while True:\n    pass\n');
    const old = await runCli(['run', '--dry-run', '--snapshot', file, py], app.env);
    assert.equal(old.code, 1);
    assert.match(
      old.stderr,
      /^motion run --dry-run: the snapshot was taken from version 7\.1\.0 of the application .*; the application is version 0\.1\.0: take a new snapshot\n$/,
    );
    const forever = await runCli(['run', '--dry-run', '--deadline', '1', py], app.env);
    assert.equal(forever.code, 1);
    assert.match(
      forever.stderr,
      /the script did not finish within 1 s, so the dry run stopped it; the application was not touched/,
    );
    const usage = await runCli(['run', '--snapshot', file, py], app.env);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--snapshot, --deadline and --command go with --dry-run/);
  });
});
