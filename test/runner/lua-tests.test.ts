import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { collectLuaTests, runLuaTest, type LuaTestOptions } from '../../src/runner/testing/lua-tests';
import { collectScriptTests } from '../../src/runner/testing/script-tests-of';
import type { ScriptTest, ScriptTestResult } from '../../src/runner/testing/script-test';
import { findTestFiles } from '../../src/runner/testing/test-files';
import { scratchFolder } from '../support/scratch-folder';

const TOOL = `local sk = motion.settings.processing.skeleton
local tool = {}
function tool.scale_all(factor)
  for _, id in ipairs(sk.get_skeleton_ids("project")) do
    sk.set_skeleton_scale("project", id, sk.get_skeleton_scale("project", id) * factor)
  end
end
return tool
`;

const SPEC = `local tool = require("tools.scale")
local sk = motion.settings.processing.skeleton

describe("scale_all", function()
  before_each(function() print("before") end)
  after_each(function() print("after") end)

  it("scales every skeleton", function()
    tool.scale_all(2)
    assert.are.equal(2, motion.testing.skeleton("project", "FullBody").scale)
  end)

  it("starts from a fresh application", function()
    assert.equal(1, motion.testing.skeleton("project", "FullBody").scale)
    assert.is_not_nil(motion.testing.skeleton("project", "FullBody").segments.Hips)
    assert.is_nil(motion.testing.skeleton("project", "Nobody"))
  end)

  it("fails a comparison", function()
    tool.scale_all(3)
    assert.equal(2, sk.get_skeleton_scale("project", sk.find_skeleton("project", "FullBody")))
  end)

  describe("deeper", function()
    it("compares tables", function()
      assert.same({ 1, { a = 1 } }, { 1, { a = 2 } })
    end)
    it("checks errors", function()
      assert.has_error(function() sk.get_segment_name("project", 424242) end, "no segment")
      assert(true)
    end)
  end)

  it("raises a MotionError", function()
    sk.get_segment_name("project", 424242)
  end)

  pending("one day")
end)
`;

describe('Lua tests of scripts: describe/it specs, each against an application of its own', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-lua-tests-');
  let dir: string;
  let options: LuaTestOptions;
  const tests = async () => collectLuaTests(['spec/scale_spec.lua'], options);
  const byName = async (name: string): Promise<ScriptTest> => (await tests()).find((t) => t.name === name)!;
  const run = async (name: string): Promise<ScriptTestResult> => runLuaTest(await byName(name), options);

  beforeEach(() => {
    dir = scratch.path;
    mkdirSync(join(dir, 'tools'));
    mkdirSync(join(dir, 'spec'));
    writeFileSync(join(dir, 'tools', 'scale.lua'), TOOL);
    writeFileSync(join(dir, 'spec', 'scale_spec.lua'), SPEC);
    options = { cwd: dir, serverScript: resolve(__dirname, '../../dist/motion-server.js'), deadlineMs: 20_000 };
  });

  it('finds every it with its describe blocks and lines, the it bodies not run', async () => {
    const found = await tests();
    assert.deepEqual(
      found.map((t) => [t.name, t.line, t.endLine]),
      [
        ['scale_all › scales every skeleton', 8, 11],
        ['scale_all › starts from a fresh application', 13, 17],
        ['scale_all › fails a comparison', 19, 22],
        ['scale_all › deeper › compares tables', 25, 27],
        ['scale_all › deeper › checks errors', 28, 31],
        ['scale_all › raises a MotionError', 34, 36],
        ['scale_all › one day', 38, 38],
      ],
    );
    assert.equal(found[3].id, 'spec/scale_spec.lua::scale_all::deeper::compares tables');
    assert.deepEqual(found[3].names, ['scale_all', 'deeper', 'compares tables']);
    writeFileSync(join(dir, 'spec', 'explodes_spec.lua'), 'it("explodes", function() error("ran") end)\n');
    assert.deepEqual(
      (await collectLuaTests(['spec/explodes_spec.lua'], options)).map((t) => t.name),
      ['explodes'],
    );
  });

  it('passes a test that changed its own application; the next test starts fresh; hooks run around it, its output kept', async () => {
    const scaled = await run('scale_all › scales every skeleton');
    assert.equal(scaled.outcome, 'passed', scaled.details);
    assert.equal(scaled.output, 'before\nafter\n');
    assert.equal((await run('scale_all › starts from a fresh application')).outcome, 'passed');
    assert.equal((await run('scale_all › deeper › checks errors')).outcome, 'passed');
  });

  it('fails a comparison at its line, with both sides as Lua writes them', async () => {
    const failed = await run('scale_all › fails a comparison');
    assert.equal(failed.outcome, 'failed');
    assert.equal(failed.message, 'expected 2, got 3');
    assert.equal(failed.failureLine, 21);
    assert.deepEqual([failed.expected, failed.actual], ['2', '3']);
    assert.match(failed.details!, /spec\/scale_spec\.lua:21:/);
    assert.doesNotMatch(failed.details!, /\[string "/, 'the runner’s own frames are left out');
    const tables = await run('scale_all › deeper › compares tables');
    assert.deepEqual([tables.expected, tables.actual, tables.failureLine], ['{1, {a = 1}}', '{1, {a = 2}}', 26]);
  });

  it('says a refused call errored, with the application’s words, at the line of the call; pending is skipped', async () => {
    const raised = await run('scale_all › raises a MotionError');
    assert.equal(raised.outcome, 'errored');
    assert.equal(
      raised.message,
      'MotionError: motion.settings.processing.skeleton.get_segment_name: no segment with id 424242 in the project settings',
    );
    assert.equal(raised.failureLine, 35);
    const later = await run('scale_all › one day');
    assert.deepEqual([later.outcome, later.message], ['skipped', 'pending']);
  });

  it('stops a test that never ends at its deadline, as that test’s error', async () => {
    writeFileSync(join(dir, 'spec', 'loop_spec.lua'), 'it("spins", function() while true do end end)\n');
    const [spins] = await collectLuaTests(['spec/loop_spec.lua'], options);
    const started = Date.now();
    const result = await runLuaTest(spins, { ...options, deadlineMs: 1_000 });
    assert.equal(result.outcome, 'errored');
    assert.equal(result.message, 'the test did not finish within 1 s, so it was stopped');
    assert.ok(Date.now() - started < 10_000);
  });

  it('names a spec file that cannot be read, and a test renamed since it was found', async () => {
    writeFileSync(join(dir, 'spec', 'broken_spec.lua'), 'describe("x", function()\n  it("y", function() end\n');
    await assert.rejects(
      collectLuaTests(['spec/broken_spec.lua'], options),
      /the tests of spec\/broken_spec\.lua could not be read: spec\/broken_spec\.lua:3:/,
    );
    const test = await byName('scale_all › scales every skeleton');
    writeFileSync(join(dir, 'spec', 'scale_spec.lua'), SPEC.replace('scales every skeleton', 'doubles'));
    const gone = await runLuaTest(test, options);
    assert.equal(gone.outcome, 'errored');
    assert.match(gone.message!, /the test was not found in spec\/scale_spec\.lua/);
  });

  it('finds Lua specs and Python test files, outside installed packages; a path that does not exist is named', async () => {
    mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'x', 'other_spec.lua'), '');
    writeFileSync(join(dir, 'spec', 'helper.lua'), '');
    writeFileSync(join(dir, 'test_tool.py'), '');
    assert.deepEqual(await findTestFiles([], dir, 'lua'), ['spec/scale_spec.lua']);
    assert.deepEqual(await findTestFiles([], dir, 'python'), ['test_tool.py']);
    assert.deepEqual(
      await findTestFiles(['spec/helper.lua'], dir, 'lua'),
      ['spec/helper.lua'],
      'a file named is taken',
    );
    await assert.rejects(findTestFiles(['nowhere'], dir, 'lua'), /nowhere does not exist/);
  });

  it('collects a Lua-only folder without asking for pytest', async () => {
    const found = await collectScriptTests([], { ...options, python: join(dir, 'no-python-here') });
    assert.equal(found.length, 7);
  });
});
