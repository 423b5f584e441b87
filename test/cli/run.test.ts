import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCli } from '../support/run-cli';
import { serverAndFolderEach } from '../support/server-and-folder';

const EXAMPLES = resolve(__dirname, '../../examples');

describe('motion run, and the example scripts', function () {
  this.timeout(150_000);
  const fixture = serverAndFolderEach('motion-run-');

  it('examples/list_skeletons.py lists both settings sources as trees', async () => {
    const run = await runCli(['run', join(EXAMPLES, 'list_skeletons.py')], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^project settings:\n {2}FullBody \(scale 1\)\n {4}Hips \(4 markers\)\n {6}Spine \(1 markers\)/,
    );
    assert.match(run.stdout, /\nmeasurement settings:\n {2}Actor1 \(scale 1\.05\)\n/);
  });

  it('examples/list_skeletons.lua prints what its Python twin prints', async () => {
    const lua = await runCli(['run', join(EXAMPLES, 'list_skeletons.lua')], fixture.env);
    const python = await runCli(['run', join(EXAMPLES, 'list_skeletons.py')], fixture.env);
    assert.equal(lua.code, 0, lua.stderr);
    assert.equal(lua.stdout.replace(/scale (\d+)\.0\)/g, 'scale $1)'), python.stdout);
  });

  it('the examples’ tests pass, each against an application of its own: the walk’s gaps filled for real, the gap filler’s offline from its recorded snapshot', async () => {
    // A copy: the interpreter's pytest plugins may leave folders behind, and examples/ is what a newcomer opens.
    const copy = mkdtempSync(join(tmpdir(), 'motion-examples-'));
    cpSync(EXAMPLES, copy, { recursive: true });
    const run = await runCli(['test'], fixture.env, undefined, copy).finally(() =>
      rmSync(copy, { recursive: true, force: true }),
    );
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const passed = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('✓'))
      .map((line) => line.replace(/ \(\d+\.\d\d s\)$/, ''));
    assert.deepEqual(passed, [
      '✓ tests/test_fill_walk_gaps.py::test_fills_every_gap_of_every_labelled_trajectory',
      '✓ tests/test_fill_walk_gaps.py::test_a_short_gap_linearly_a_long_one_with_a_polynomial',
      '✓ tests/test_fill_walk_gaps.py::test_a_filled_gap_is_a_filled_part_joining_its_neighbours_smoothly',
      '✓ tests/test_gap_filler.py::test_fills_short_gaps_linearly_and_long_ones_with_a_polynomial',
      '✓ tests/test_gap_filler.py::test_a_longer_linear_limit_fills_every_gap_linearly',
      '✓ tests/test_gap_filler.py::test_says_what_it_did',
      '✓ tests/test_gap_filler.py::test_a_trajectory_without_gaps',
      '✓ tests/test_scale_tools.py::test_doubles_every_project_skeleton',
      '✓ tests/test_scale_tools.py::test_skips_a_scale_the_application_refuses',
      '✓ tests/gap_filler_spec.lua::fill_selected_gaps::fills short gaps linearly and long ones with a polynomial',
      '✓ tests/gap_filler_spec.lua::fill_selected_gaps::says what it did',
      '✓ tests/scale_tools_spec.lua::scale_all::doubles every project skeleton',
      '✓ tests/scale_tools_spec.lua::scale_all::skips a scale the application refuses',
    ]);
    assert.equal(run.stderr, 'motion test: 13 passed, 0 failed\n');
  });

  it('examples/fill_walk_gaps.py fills the demo walk’s gaps, saying which, and leaves none', async () => {
    const run = await runCli(['run', join(EXAMPLES, 'fill_walk_gaps.py')], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.ok(lines.length > 5, run.stdout);
    for (const line of lines)
      assert.match(line, /^[A-Z0-9]+: frames \d+-\d+ filled \(polynomial\)$/, 'the walk’s gaps are 40 frames long');
    assert.ok(lines.includes('LHEE: frames 973-1012 filled (polynomial)'), run.stdout);
    // Each gap a filled part between two measured ones: n measured parts, n − 1 filled between them.
    for (const t of fixture.server.model.trajectories().filter((t) => t.label !== null)) {
      const filled = t.parts.filter((p) => p.type === 'filled').length;
      assert.equal(t.parts.length, 2 * filled + 1, t.label!);
      t.parts.forEach((p, i) => assert.equal(p.type, i % 2 === 0 ? 'measured' : 'filled', t.label!));
    }
    assert.equal(fixture.server.model.measurement()!.dirty, true);
  });

  it('examples/copy_measurement_skeleton_to_project.py copies every field of every segment', async () => {
    const run = await runCli(['run', join(EXAMPLES, 'copy_measurement_skeleton_to_project.py'), 'Actor1'], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'copied Actor1 (22 segments) to the project settings\n');
    const measured = fixture.server.model.skeletons('measurement').find((s) => s.name === 'Actor1')!;
    const copied = fixture.server.model.skeletons('project').find((s) => s.name === 'Actor1')!;
    const strip = (s: typeof measured) =>
      Object.values(s.segments)
        .map(({ id: _id, parentId: _p, children: _c, ...rest }) => rest)
        .sort((a, b) => a.name.localeCompare(b.name));
    assert.deepEqual(strip(copied), strip(measured));
    assert.equal(copied.scale, measured.scale);
  });

  it('examples/select_segment_markers.py selects a segment’s marker trajectories', async () => {
    const run = await runCli(['run', join(EXAMPLES, 'select_segment_markers.py'), 'LeftForeArm'], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'selected 3 trajectories of LeftForeArm\n');
    const labels = fixture.server.model.selection().map((item) => fixture.server.model.trajectory(item.id, 'id').label);
    assert.deepEqual(labels, ['LFRM', 'LWRA', 'LWRB']);
    const missing = await runCli(['run', join(EXAMPLES, 'select_segment_markers.py'), 'Tail'], fixture.env);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, "no segment 'Tail' in skeleton 'Actor1' of the current data\n");
  });

  it('examples/help_topics.py reads the help topics as the application’s own scripts do', async () => {
    const run = await runCli(['run', join(EXAMPLES, 'help_topics.py')], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'overview\nmodules\ntypes\nsignatures\nchangelog\n');
    const types = await runCli(['run', join(EXAMPLES, 'help_topics.py'), 'types'], fixture.env);
    assert.match(types.stdout, /^Type strings:\n/);
  });

  it('examples/bones_between_markers.py joins a segment’s markers with coloured bones, once', async () => {
    const bonesOf = (labels: string[]) =>
      fixture.server.model
        .bones()
        .filter((b) => [b.from, b.to].every((id) => labels.includes(fixture.server.model.trajectory(id, 'id').label!)));
    const head = ['LFHD', 'RFHD', 'LBHD', 'RBHD'];
    assert.equal(bonesOf(head).length, 4, 'the demo joins the head markers in a ring');
    const run = await runCli(['run', join(EXAMPLES, 'bones_between_markers.py'), 'Head'], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'Head: 2 bones added, 4 already there, all coloured orange\n');
    assert.equal(bonesOf(head).length, 6, 'every pair of four markers');
    assert.ok(bonesOf(head).every((b) => b.color === 0x0080ff));
    const again = await runCli(['run', join(EXAMPLES, 'bones_between_markers.py'), 'Head'], fixture.env);
    assert.equal(again.stdout, 'Head: 0 bones added, 6 already there, all coloured orange\n');
  });

  it('exits 1 with a traceback at the script’s line when the application refuses a call', async () => {
    const script = join(fixture.dir, 'bad_scale.py');
    writeFileSync(
      script,
      'from motion.settings.processing import skeleton\n\n\nskeleton.set_skeleton_scale("project", 1, 0)\nprint("not reached")\n',
    );
    const run = await runCli(['run', script], fixture.env);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      new RegExp(
        `File "${script.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}", line 4, in <module>\\n {4}skeleton\\.set_skeleton_scale\\("project", 1, 0\\)\\nmotion\\.MotionError: invalid_argument: scale 0 is outside the allowed range 0\\.01 to 100\\n`,
      ),
    );
  });

  it('runs Lua scripts too, with arg', async () => {
    const script = join(fixture.dir, 'count.lua');
    writeFileSync(
      script,
      'local sk = motion.settings.processing.skeleton\nprint(arg[1], sk.get_skeleton_count("project"))\nsk.set_skeleton_scale("project", 1, 0)\n',
    );
    const run = await runCli(['run', script, 'hello'], fixture.env);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, 'hello\t2\n');
    assert.match(run.stderr, /count\.lua:3:/);
  });

  it('passes Lua any argument as it is: control characters, quotes, backslashes, non-ASCII', async () => {
    const script = join(fixture.dir, 'echo.lua');
    writeFileSync(
      script,
      'for i = 1, #arg do print((arg[i]:gsub(".", function(c) return string.format("%02x", c:byte()) end))) end\n',
    );
    const tricky = ['a\u0001b', 'say "hi"\\', 'Grüße', 'x\n]] os.exit(3) --'];
    const run = await runCli(['run', script, ...tricky], fixture.env);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(
      run.stdout.trim().split('\n'),
      tricky.map((t) => Buffer.from(t).toString('hex')),
      'every byte arrived as given',
    );
  });

  it('exits 0 for sys.exit(0), and refuses what is not a Python or Lua script', async () => {
    const script = join(fixture.dir, 'done.py');
    writeFileSync(script, 'import sys\nprint("bye")\nsys.exit(0)\n');
    const ok = await runCli(['run', script], fixture.env);
    assert.deepEqual([ok.code, ok.stdout], [0, 'bye\n']);
    const other = await runCli(['run', join(fixture.dir, 'script.rb')], fixture.env);
    assert.equal(other.code, 2);
    assert.match(other.stderr, /run takes a Python \(\.py\) or Lua \(\.lua\) script, got/);
    const none = await runCli(['run', join(fixture.dir, 'absent.py')], fixture.env);
    assert.deepEqual([none.code, /cannot read/.test(none.stderr)], [2, true]);
  });
});
