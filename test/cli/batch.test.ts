import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readC3d } from '../../src/api/c3d/c3d-read';
import { writeC3d } from '../../src/api/c3d/c3d-write';
import { waitFor } from '../support/wait-for';
import { CLI_BIN, runCli } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';
import { freePort } from '../support/free-port';
import { startTestServer, type TestServer } from '../support/test-server';

const QUALISYS = resolve(__dirname, '../fixtures/c3d/Qualisys.c3d');

/** The script the batches run: the first trajectory relabelled; a trial named "bad" raises at line 6. */
const RELABEL = `import motion
traj = motion.data.object.trajectory
first = traj.get_trajectory_ids()[0]
print("ran", motion.file.get_path())
if "bad" in motion.file.get_path():
    raise ValueError("this trial is marked bad")
traj.set_label(first, traj.get_label(first) + "_checked")
`;

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * motion batch: one script over many measurements, on C3D files in both layouts (float, as the
 * Qualisys export; integer, as written by our writer), from folders with two files of one name.
 */
describe('motion batch: one script over many measurements', function () {
  this.timeout(180_000);
  const scratch = scratchFolder('motion-test-batch-', { per: 'suite', stopFirst: () => t?.close() });
  let t: TestServer | undefined;
  const at = (...parts: string[]) => join(scratch.path, ...parts);
  let noApplication: Record<string, string>;

  before(async () => {
    mkdirSync(at('trials', 's01'), { recursive: true });
    mkdirSync(at('trials', 's02'), { recursive: true });
    copyFileSync(QUALISYS, at('trials', 's01', 'walk.c3d'));
    // The same recording in the other layout: 16-bit integers at the point scale.
    writeFileSync(at('trials', 's02', 'walk.c3d'), writeC3d(readC3d(readFileSync(QUALISYS)), { integer: true }));
    copyFileSync(QUALISYS, at('trials', 'run.c3d'));
    writeFileSync(at('relabel.py'), RELABEL);
    noApplication = { MOTION_URL: `http://127.0.0.1:${await freePort()}` };
  });

  it('--dry-run reports each file’s changes, before → after, in both layouts, names two walk.c3d apart, and writes nothing', async () => {
    const before = digest(at('trials', 's02', 'walk.c3d'));
    const run = await runCli(
      ['batch', 'relabel.py', 'trials', '--dry-run', '--jobs', '2'],
      noApplication,
      '',
      scratch.path,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Dry run of relabel\.py over 3 measurements \(nothing is written\)/);
    for (const name of ['run.c3d', 's01-walk.c3d', 's02-walk.c3d'])
      assert.match(run.stdout, new RegExp(`✓ ${name.replace('.', '\\.')}: changed`), run.stdout);
    assert.equal(run.stdout.match(/Trajectories › L_IAS: label: "L_IAS" → "L_IAS_checked"/g)?.length, 3);
    assert.match(run.stdout, /3 measurements: 3 changed, 0 unchanged, 0 failed/);
    assert.equal(digest(at('trials', 's02', 'walk.c3d')), before);
    assert.deepEqual(readdirSync(at('trials')).sort(), ['run.c3d', 's01', 's02']);
  });

  it('runs a Lua script the same way: each file’s changes, read from the file the batch opened', async () => {
    writeFileSync(
      at('relabel.lua'),
      'local traj = motion.data.object.trajectory\nlocal first = traj.get_trajectory_ids()[1]\ntraj.set_label(first, traj.get_label(first) .. "_lua")\nprint("ran " .. motion.file.get_path())\n',
    );
    const run = await runCli(
      ['batch', 'relabel.lua', 'trials/s01', 'trials/run.c3d', '--dry-run', '--json'],
      noApplication,
      '',
      scratch.path,
    );
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { files: { file: string; status: string; changes: string[] }[] };
    assert.deepEqual(
      report.files.map((f) => [f.file, f.status, f.changes]),
      [at('trials', 's01', 'walk.c3d'), at('trials', 'run.c3d')].map((file) => [
        file,
        'changed',
        ['Trajectories › L_IAS: label: "L_IAS" → "L_IAS_lua"'],
      ]),
    );
    assert.match(run.stderr, new RegExp(`ran ${at('trials', 'run.c3d').replace(/[\\.]/g, '\\$&')}`));
  });

  it('--dry-run of a gap filler lists the frames it would fill in the file the batch opened', async () => {
    const recording = readC3d(readFileSync(QUALISYS));
    const first = recording.markers[0];
    for (let f = 100; f <= 109; f++) first.residuals[f] = -1; // a gap of 10 frames in its first marker
    mkdirSync(at('gappy'), { recursive: true });
    writeFileSync(at('gappy', 'gap.c3d'), writeC3d(recording));
    writeFileSync(
      at('fill.lua'),
      [
        'local traj, _3d = motion.data.object.trajectory, motion.data.series._3d',
        'for _, id in ipairs(traj.get_trajectory_ids()) do',
        '  for _, gap in ipairs(_3d.get_gap_ranges(id)) do traj.fill_trajectory(id, "linear", gap, nil) end',
        'end',
      ].join('\n'),
    );
    const run = await runCli(['batch', 'fill.lua', 'gappy', '--dry-run'], noApplication, '', scratch.path);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`${first.label}.*filled frames 100–109`), run.stdout);
  });

  it('reports a file whose script raises with the script’s line, goes on with the others, and exits 1 naming it (--json)', async () => {
    mkdirSync(at('mixed'), { recursive: true });
    copyFileSync(QUALISYS, at('mixed', 'good.c3d'));
    copyFileSync(QUALISYS, at('mixed', 'bad.c3d'));
    writeFileSync(at('mixed', 'broken.c3d'), 'not a c3d file at all');
    const run = await runCli(['batch', 'relabel.py', 'mixed', '--dry-run', '--json'], noApplication, '', scratch.path);
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout) as {
      files: {
        file: string;
        status: string;
        changes?: string[];
        error?: { type: string; message: string; line?: number };
      }[];
    };
    const byName = Object.fromEntries(report.files.map((f) => [f.file.split(/[\\/]/).pop(), f]));
    assert.deepEqual(Object.keys(byName).sort(), ['bad.c3d', 'broken.c3d', 'good.c3d']);
    assert.equal(byName['good.c3d'].status, 'changed');
    assert.equal(byName['bad.c3d'].status, 'failed');
    assert.equal(byName['bad.c3d'].error?.type, 'ValueError');
    assert.equal(byName['bad.c3d'].error?.line, 6);
    assert.equal(byName['broken.c3d'].status, 'failed');
    assert.match(byName['broken.c3d'].error!.message, /could not be opened/);
  });

  it('refuses bad input with a clear message and exit 2, before any file is opened', async () => {
    const refused = async (args: string[], said: RegExp) => {
      const run = await runCli(['batch', ...args], noApplication, '', scratch.path);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, said);
      assert.doesNotMatch(run.stdout, /^\[1\//m, 'no file was run');
    };
    await refused(['relabel.py', 'trials/missing.c3d', '--dry-run'], /trials\/missing\.c3d: no such file or folder/);
    mkdirSync(at('empty'), { recursive: true });
    writeFileSync(at('empty', 'notes.txt'), 'no measurements here');
    await refused(['relabel.py', 'empty', '--dry-run'], /empty: the folder holds no measurement/);
    writeFileSync(at('syntax.py'), 'import motion\nfor x in range(3)\n    print(x)\n');
    await refused(['syntax.py', 'trials', '--dry-run'], /syntax\.py:2: SyntaxError: .*\nNo measurement was opened/);
    writeFileSync(at('syntax.lua'), 'for i = 1, 3 do\n  print(i)\n');
    await refused(['syntax.lua', 'trials', '--dry-run'], /syntax\.lua:3: 'end' expected/);
    await refused(
      ['relabel.py', 'trials', '--out', 'trials/results'],
      /--out trials\/results is inside .*trials, which the batch reads/,
    );
    writeFileSync(at('a-file'), '');
    await refused(
      ['relabel.py', 'trials', '--out', 'a-file/results'],
      /--out a-file\/results: the folder cannot be written/,
    );
    await refused(['relabel.py', 'trials', '--jobs', '2'], /--jobs goes with --dry-run/);
    await refused(['relabel.py', 'trials', '--resume'], /--resume continues a batch that writes its results/);
  });

  it('against the application, saves each changed measurement under --out, whole, and leaves the originals as they were', async () => {
    t = await startTestServer();
    // What the person had open: it comes back once the batch is done.
    copyFileSync(QUALISYS, at('open-before.c3d'));
    await t.ok('file', 'open', [at('open-before.c3d')]);
    const originals = ['run.c3d', 's01/walk.c3d', 's02/walk.c3d'].map((f) => digest(at('trials', f)));
    const run = await runCli(
      ['batch', 'relabel.py', 'trials', '--out', 'results', '--url', t.url],
      {},
      '',
      scratch.path,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(readdirSync(at('results')).sort(), ['run.c3d', 's01-walk.c3d', 's02-walk.c3d']);
    for (const name of readdirSync(at('results'))) {
      const saved = readC3d(readFileSync(at('results', name)));
      assert.ok(JSON.stringify(saved).includes('L_IAS_checked'), `${name} holds the script's change`);
    }
    assert.deepEqual(
      ['run.c3d', 's01/walk.c3d', 's02/walk.c3d'].map((f) => digest(at('trials', f))),
      originals,
      'the originals are never written',
    );
    assert.equal(await t.ok('file', 'get_path', []), at('open-before.c3d'));
  });

  it('refuses to start while the application’s measurement has unsaved changes: opening a file would lose them', async () => {
    t ??= await startTestServer();
    await t.ok('file', 'open', [at('open-before.c3d')]);
    const [first] = await t.ok<number[]>('data/object/trajectory', 'get_trajectory_ids', []);
    await t.ok('data/object/trajectory', 'set_label', [first, 'unsaved']);
    const run = await runCli(
      ['batch', 'relabel.py', 'trials', '--out', 'unsaved-results', '--url', t.url],
      {},
      '',
      scratch.path,
    );
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /open-before\.c3d\) has unsaved changes, and a batch opens each file in its place: save or close it first/,
    );
    assert.equal(await t.ok('data/object/trajectory', 'get_label', [first]), 'unsaved', 'the change is still there');
    assert.deepEqual(
      readdirSync(at('unsaved-results')).filter((n) => n.endsWith('.c3d')),
      [],
    );
    await t.ok('file', 'close', []);
  });

  it('killed at any moment (SIGKILL) leaves every result whole, and --resume runs only the files not yet done', async () => {
    t ??= await startTestServer();
    mkdirSync(at('many'), { recursive: true });
    for (let i = 1; i <= 6; i++) copyFileSync(QUALISYS, at('many', `trial${i}.c3d`));
    writeFileSync(at('slow.py'), `import time\n${RELABEL}time.sleep(0.4)\n`);
    const args = [CLI_BIN, 'batch', 'slow.py', 'many', '--out', 'kept', '--url', t.url];
    const first = spawn(process.execPath, args, { cwd: scratch.path, detached: true, stdio: 'ignore' });
    const results = () =>
      existsSync(at('kept')) ? readdirSync(at('kept')).filter((n) => n.endsWith('.c3d') && !n.startsWith('.')) : [];
    await waitFor(() => results().length >= 2, 'two results written before the kill', 60_000);
    process.kill(-first.pid!, 'SIGKILL'); // the batch and the sessions it started
    await new Promise((gone) => first.once('exit', gone));
    const done = results();
    assert.ok(done.length < 6, 'killed before the end');
    for (const name of done) readC3d(readFileSync(at('kept', name))); // whole: each reads as a C3D file
    const resumed = await runCli(
      ['batch', 'slow.py', 'many', '--out', 'kept', '--url', t.url, '--resume'],
      {},
      '',
      scratch.path,
    );
    assert.equal(resumed.code, 0, resumed.stderr);
    // Done: its result renamed into place and recorded. One renamed but not yet recorded when the kill came runs again, its result replaced whole.
    const skipped = [...resumed.stdout.matchAll(/↷ (trial\d\.c3d): done before \(skipped\)/g)].map((m) => m[1]);
    assert.ok(skipped.length >= 1 && skipped.length >= done.length - 1, `skipped ${skipped.join()} of ${done.join()}`);
    for (const name of skipped) {
      assert.ok(done.includes(name), `${name} was done before the kill`);
      assert.doesNotMatch(resumed.stderr, new RegExp(`ran .*${name.replace('.', '\\.')}`), `${name} is not run again`);
    }
    assert.equal(resumed.stderr.match(/^ran /gm)?.length, 6 - skipped.length, 'every other file ran once');
    assert.deepEqual(
      results().sort(),
      [1, 2, 3, 4, 5, 6].map((i) => `trial${i}.c3d`),
    );
    assert.deepEqual(
      readdirSync(at('kept')).filter((n) => n.startsWith('.')),
      [],
      'no partial result and no journal left once the batch is done',
    );
    const again = await runCli(
      ['batch', 'slow.py', 'many', '--out', 'kept', '--url', t.url, '--resume'],
      {},
      '',
      scratch.path,
    );
    assert.equal(again.code, 2);
    assert.match(again.stderr, /no earlier batch to continue/);
  });
});
