import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { pythonWithPytest } from '../support/pytest-python';
import { scratchFolder } from '../support/scratch-folder';
import { referenceServer } from '../support/reference-server';
import { runCli } from '../support/run-cli';

const TOOL = `import motion
sk = motion.settings.processing.skeleton

def scale_all(factor):
    for source in ("project", "measurement"):
        for id in sk.get_skeleton_ids(source):
            sk.set_skeleton_scale(source, id, sk.get_skeleton_scale(source, id) * factor)
`;

const TESTS = `import motion, motion.testing
from tool import scale_all

def test_scales_every_skeleton():
    scale_all(2.0)
    print("scaled")
    assert motion.testing.skeleton("project", "FullBody")["scale"] == 2.0

def test_starts_from_a_fresh_application():
    # The test before scaled FullBody: this one has an application of its own.
    assert motion.testing.skeleton("project", "FullBody")["scale"] == 1.0

def test_wrong_expectation():
    scale_all(3.0)
    assert motion.testing.skeleton("project", "Wand")["scale"] == 2.0

def test_refused_call():
    scale_all(1000.0)

class TestSegments:
    def test_segments_by_name(self):
        hips = motion.testing.skeleton("project", "FullBody")["segments"]["Hips"]
        assert hips["solver"] == "global_optimization"
`;

describe('motion test: the tests users wrote for their scripts', function () {
  this.timeout(60_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-test-cli-');
  let python: string;
  before(() => (python = pythonWithPytest()));
  beforeEach(() => {
    mkdirSync(join(scratch.path, 'tests'));
    writeFileSync(join(scratch.path, 'tool.py'), TOOL);
    writeFileSync(join(scratch.path, 'tests', 'test_tool.py'), TESTS);
    writeFileSync(join(scratch.path, 'conftest.py'), 'import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n');
  });

  it('runs each test against an application of its own, says how each ended and where it failed, and writes JUnit XML', async () => {
    const before = JSON.stringify(app.server.model.snapshot());
    const run = await runCli(
      ['test', 'tests', '--junit', 'report.xml', '--python', python],
      app.env,
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stdout.split('\n').map((line) => line.replace(/ \(\d+\.\d\d s\)/, ''));
    assert.deepEqual(lines, [
      '✓ tests/test_tool.py::test_scales_every_skeleton',
      '✓ tests/test_tool.py::test_starts_from_a_fresh_application',
      '✗ tests/test_tool.py::test_wrong_expectation',
      '    assert 3 == 2.0 (tests/test_tool.py:15)',
      '✗ tests/test_tool.py::test_refused_call',
      '    motion.MotionError: invalid_argument: scale 1000 is outside the allowed range 0.01 to 100 (tests/test_tool.py:18)',
      '✓ tests/test_tool.py::TestSegments::test_segments_by_name',
      '',
    ]);
    assert.equal(run.stderr, 'motion test: 3 passed, 2 failed\n');
    assert.equal(JSON.stringify(app.server.model.snapshot()), before, 'the application at --url is not touched');

    const report = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(join(scratch.path, 'report.xml'), 'utf8'),
    );
    const suite = report.testsuites.testsuite;
    assert.deepEqual([suite.name, suite.tests, suite.failures, suite.errors], ['tests/test_tool.py', '5', '2', '0']);
    assert.equal(suite.testcase[0]['system-out'], 'scaled');
    assert.equal(suite.testcase[2].failure.message, 'assert 3 == 2.0');
    assert.equal(suite.testcase[2].line, '13');
    assert.match(suite.testcase[3].failure['#text'], /tests\/test_tool\.py:18: \n[\s\S]*\ntool\.py:7: MotionError$/);
    assert.doesNotMatch(suite.testcase[3].failure['#text'], /motion\/__init__\.py/, 'the package hides its own frames');
  });

  it('starts every test from a snapshot file when given one', async () => {
    await app.client.settings.processing.skeleton.set_skeleton_scale('project', 1, 4);
    assert.equal((await runCli(['snapshot', '-o', join(scratch.path, 'stage.motion.json')], app.env)).code, 0);
    await app.client.settings.processing.skeleton.set_skeleton_scale('project', 1, 1);
    writeFileSync(
      join(scratch.path, 'tests', 'test_stage.py'),
      'import motion.testing\n\ndef test_stage_scale():\n    assert motion.testing.skeleton("project", "FullBody")["scale"] == 4\n',
    );
    const run = await runCli(
      ['test', 'tests/test_stage.py', '--snapshot', 'stage.motion.json', '--python', python],
      app.env,
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^✓ tests\/test_stage\.py::test_stage_scale/);
  });

  it('starts the tests of a file that names its snapshot from that one; a file naming one that cannot be read errs alone', async () => {
    await app.client.settings.processing.skeleton.set_skeleton_scale('project', 1, 4);
    mkdirSync(join(scratch.path, 'tests', 'fixtures'));
    assert.equal(
      (await runCli(['snapshot', '-o', join(scratch.path, 'tests', 'fixtures', 'stage.motion.json')], app.env)).code,
      0,
    );
    await app.client.settings.processing.skeleton.set_skeleton_scale('project', 1, 1);
    writeFileSync(
      join(scratch.path, 'tests', 'test_staged.py'),
      '# motion-snapshot: fixtures/stage.motion.json\nimport motion.testing\n\ndef test_staged():\n    assert motion.testing.skeleton("project", "FullBody")["scale"] == 4\n',
    );
    writeFileSync(
      join(scratch.path, 'tests', 'staged_spec.lua'),
      '-- motion-snapshot: fixtures/stage.motion.json\nit("is staged", function()\n  assert.equal(4, motion.testing.skeleton("project", "FullBody").scale)\nend)\n',
    );
    writeFileSync(
      join(scratch.path, 'tests', 'test_unstaged.py'),
      '# motion-snapshot: fixtures/missing.motion.json\ndef test_never_runs():\n    assert False\n',
    );
    const run = await runCli(
      [
        'test',
        'tests/test_staged.py',
        'tests/staged_spec.lua',
        'tests/test_unstaged.py',
        'tests/test_tool.py',
        '--python',
        python,
      ],
      app.env,
      undefined,
      scratch.path,
    );
    const lines = run.stdout.split('\n').map((line) => line.replace(/ \(\d+\.\d\d s\)/, ''));
    assert.ok(lines.includes('✓ tests/test_staged.py::test_staged'), run.stdout);
    const ran = lines.filter((line) => /^[✓✗!]/.test(line));
    assert.equal(new Set(ran).size, ran.length, `each test once: ${run.stdout}`);
    assert.ok(lines.includes('✓ tests/staged_spec.lua::is staged'), run.stdout);
    assert.ok(
      lines.includes('✓ tests/test_tool.py::test_starts_from_a_fresh_application'),
      'a file naming none: the demo data',
    );
    const unstaged = lines.indexOf('! tests/test_unstaged.py::test_never_runs');
    assert.ok(unstaged >= 0, run.stdout);
    assert.match(
      lines[unstaged + 1],
      /^ {4}tests\/test_unstaged\.py names the snapshot tests\/fixtures\/missing\.motion\.json, which cannot be read \(ENOENT\)$/,
    );
  });

  it('a file naming a snapshot the server refuses errs alone, in both languages, with the server’s words, and the JUnit report says so', async () => {
    assert.equal((await runCli(['snapshot', '-o', join(scratch.path, 'good.motion.json')], app.env)).code, 0);
    const edited = JSON.parse(readFileSync(join(scratch.path, 'good.motion.json'), 'utf8'));
    edited.state.skeletons.project[0].scale = 'big';
    writeFileSync(join(scratch.path, 'tests', 'edited.motion.json'), JSON.stringify(edited));
    writeFileSync(
      join(scratch.path, 'tests', 'test_edited.py'),
      '# motion-snapshot: edited.motion.json\ndef test_never_runs():\n    assert False\n',
    );
    writeFileSync(
      join(scratch.path, 'tests', 'edited_spec.lua'),
      '-- motion-snapshot: edited.motion.json\nit("never runs", function() assert.equal(1, 2) end)\n',
    );
    const run = await runCli(
      [
        'test',
        'tests/test_edited.py',
        'tests/edited_spec.lua',
        'tests/test_tool.py',
        '--junit',
        'report.xml',
        '--python',
        python,
      ],
      app.env,
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 1);
    const lines = run.stdout.split('\n').map((line) => line.replace(/ \(\d+\.\d\d s\)/, ''));
    for (const id of ['tests/test_edited.py::test_never_runs', 'tests/edited_spec.lua::never runs']) {
      const at = lines.indexOf(`! ${id}`);
      assert.ok(at >= 0, run.stdout + run.stderr);
      assert.match(lines[at + 1], /^ {4}tests\/edited\.motion\.json: the snapshot cannot be served: .*scale.*/);
    }
    assert.ok(lines.includes('✓ tests/test_tool.py::test_scales_every_skeleton'), 'the others run');
    const ran = lines.filter((line) => /^[✓✗!]/.test(line));
    assert.equal(new Set(ran).size, ran.length, `each test once: ${run.stdout}`);
    assert.match(run.stderr, /^motion test: 3 passed, 2 failed, 2 errored\n$/, run.stdout);
    const report = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(join(scratch.path, 'report.xml'), 'utf8'),
    );
    const suites = [report.testsuites.testsuite].flat();
    const edited_ = suites.find((suite: { name: string }) => suite.name === 'tests/test_edited.py');
    assert.deepEqual([edited_.tests, edited_.errors], ['1', '1']);
    assert.match(edited_.testcase.error.message, /the snapshot cannot be served/);
  });

  it('a test file that cannot be collected errs alone, with pytest’s words at its line; the other files’ tests still run', async () => {
    writeFileSync(
      join(scratch.path, 'tests', 'test_broken.py'),
      'import motion\nimport no_such_helper\n\ndef test_never():\n    pass\n',
    );
    const run = await runCli(['test', 'tests', '--python', python], app.env, undefined, scratch.path);
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stdout,
      /! tests\/test_broken\.py \(0\.00 s\)\n\s+ModuleNotFoundError: No module named 'no_such_helper'/,
    );
    assert.match(run.stdout, /✓ tests\/test_tool\.py::/, 'the other file’s tests ran');
    assert.match(run.stdout + run.stderr, /1 errored/);
  });

  it('says how to install pytest when the interpreter lacks it', async () => {
    // A real interpreter without site-packages: pytest cannot be imported there.
    const bare = join(scratch.path, 'python-without-pytest');
    writeFileSync(bare, `#!/bin/sh\nexec ${python} -S "$@"\n`);
    chmodSync(bare, 0o755);
    const run = await runCli(['test', 'tests', '--python', bare], app.env, undefined, scratch.path);
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /^motion test: pytest is not installed for .*python-without-pytest: install it with ".*python-without-pytest -m pip install pytest"/,
    );
  });

  it('stops a test that never ends at its deadline, says so, and runs the others', async () => {
    writeFileSync(
      join(scratch.path, 'tests', 'test_forever.py'),
      'def test_forever():\n    while True:\n        pass\n\ndef test_after():\n    assert True\n',
    );
    const run = await runCli(
      ['test', 'tests/test_forever.py', '--deadline', '4', '--python', python],
      app.env,
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stdout,
      /^! tests\/test_forever\.py::test_forever \(\d+\.\d\d s\)\n {4}the test run did not finish within 4 s, so it was stopped\n✓ tests\/test_forever\.py::test_after/,
    );
    assert.equal(run.stderr, 'motion test: 1 passed, 0 failed, 1 errored\n');
    const orphans = execFileSync('ps', ['-eo', 'ppid=,args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => /^\s*1\s/.test(line) && line.includes('motion-private-'));
    assert.deepEqual(orphans, [], 'no private server is left running');
  });

  it('runs Lua specs beside the Python tests, and a Lua-only folder needs no pytest', async () => {
    mkdirSync(join(scratch.path, 'spec'));
    writeFileSync(join(scratch.path, 'tool.lua'), 'return { double = function(x) return 2 * x end }\n');
    writeFileSync(
      join(scratch.path, 'spec', 'tool_spec.lua'),
      [
        'local tool = require("tool")',
        'describe("tool", function()',
        '  it("doubles", function() assert.equal(4, tool.double(2)) end)',
        '  it("sees the scale", function()',
        '    assert.equal(2, motion.testing.skeleton("project", "FullBody").scale)',
        '  end)',
        'end)',
        '',
      ].join('\n'),
    );
    const both = await runCli(['test', '--junit', 'report.xml', '--python', python], app.env, undefined, scratch.path);
    assert.equal(both.stderr, 'motion test: 4 passed, 3 failed\n');
    const lines = both.stdout.split('\n').map((line) => line.replace(/ \(\d+\.\d\d s\)/, ''));
    assert.deepEqual(lines.slice(lines.indexOf('✓ spec/tool_spec.lua::tool::doubles')), [
      '✓ spec/tool_spec.lua::tool::doubles',
      '✗ spec/tool_spec.lua::tool::sees the scale',
      '    expected 2, got 1 (spec/tool_spec.lua:5)',
      '',
    ]);
    const suites = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(join(scratch.path, 'report.xml'), 'utf8'),
    ).testsuites.testsuite;
    assert.deepEqual(
      suites.map((suite: { name: string }) => suite.name),
      ['tests/test_tool.py', 'spec/tool_spec.lua'],
    );

    const onlyLua = await runCli(
      ['test', 'spec', '--python', join(scratch.path, 'no-such-python')],
      app.env,
      undefined,
      scratch.path,
    );
    assert.equal(onlyLua.stderr, 'motion test: 1 passed, 1 failed\n');
  });

  it('says when there are no tests', async () => {
    rmSync(join(scratch.path, 'tests', 'test_tool.py'));
    const run = await runCli(['test', 'tests', '--python', python], app.env, undefined, scratch.path);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, 'motion test: no tests found in tests\n');
  });
});
