import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import {
  collectOutput,
  conditionalBreakpointAndLogPoint,
  launchToException,
  localsOfTopFrame,
  step,
  threadId,
  topFrame,
  motionLaunch,
  adapterTestbed,
} from '../support/debug-fixture';
import { SETTINGS } from '../support/test-server';

const SCRIPT = `local skeleton = motion.settings.processing.skeleton

local function add(name)
  local new_id = skeleton.add_skeleton("project", name)
  return new_id
end

local count = skeleton.get_skeleton_count("project")
print("before", count)
local made = add("DebuggedLua")
print("after", skeleton.get_skeleton_count("project"))
`;

const LOOP = `-- sums 0..4
local total = 0
for i = 0, 4 do
  total = total + i
end
print("total", total)
`;

const CAUGHT = `local ok, e = pcall(motion.settings.processing.skeleton.find_skeleton, "nowhere", "x")
print("caught", e.code)
`;

describe('debugging Lua scripts: the motion Lua adapter, against the reference server', function () {
  this.timeout(60_000);
  const bed = adapterTestbed('lua-debug-adapter.js');

  const launch = (program: string, more: Record<string, unknown> = {}) => motionLaunch(program, bed.server.url, more);
  /** Runs a script with no breakpoints to its end: its exit code, and what it wrote. */
  const runToExit = async (program: string) => {
    const output = collectOutput(bed.client);
    const [, , exited] = await Promise.all([
      bed.client.configurationSequence(),
      bed.client.launch(launch(program)),
      bed.client.waitForEvent('exited'),
    ]);
    return { exitCode: (exited.body as { exitCode: number }).exitCode, output };
  };

  it('offers Raised MotionError and uncaught errors as exception filters', async () => {
    const response = await bed.client.initializeRequest();
    assert.deepEqual(
      response.body?.exceptionBreakpointFilters?.map((f) => f.filter),
      ['motionError', 'uncaught'],
    );
  });

  it('stops at a breakpoint in a helper module the script requires from beside it', async () => {
    bed.scripts.write(
      'helpers.lua',
      'local M = {}\nfunction M.twice(x)\n  local doubled = 2 * x\n  return doubled\nend\nreturn M\n',
    );
    const program = bed.scripts.write(
      'uses_helpers.lua',
      'local helpers = require("helpers")\nprint("twice", helpers.twice(21))\n',
    );
    const helper = program.replace(/uses_helpers\.lua$/, 'helpers.lua');
    const output = collectOutput(bed.client);
    await bed.client.hitBreakpoint(launch(program), { path: helper, line: 4 });
    const frame = await topFrame(bed.client);
    assert.equal(frame.source?.path, helper, 'the helper, by its whole path');
    assert.equal((await localsOfTopFrame(bed.client)).get('doubled')?.value, '42');
    await Promise.all([
      bed.client.continueRequest({ threadId: await threadId(bed.client) }),
      bed.client.waitForEvent('exited'),
    ]);
    assert.match(output.text(), /twice\t42/);
  });

  it('on Windows, stops at a breakpoint whose file VS Code names another way than launch.json does', async function () {
    if (process.platform !== 'win32') return this.skip(); // one name per file elsewhere: the Windows leg runs it
    const program = bed.scripts.write('Loop.lua', LOOP);
    // launch.json's "${workspaceFolder}/Loop.lua" becomes C:\proj/Loop.lua; VS Code sets c:\proj\Loop.lua (its drive letter in lower case).
    const asLaunched = program.replace(/\\([^\\]*)$/, '/$1');
    const asVSCodeSays = program.charAt(0).toLowerCase() + program.slice(1);
    assert.notEqual(asLaunched, asVSCodeSays);
    const output = collectOutput(bed.client);
    // It stops there, in the file as the script was launched.
    await bed.client.hitBreakpoint(launch(asLaunched), { path: asVSCodeSays, line: 4 }, { path: asLaunched, line: 4 });
    assert.equal((await localsOfTopFrame(bed.client)).get('i')?.value, '0');
    await bed.client.setBreakpointsRequest({ source: { path: asVSCodeSays }, breakpoints: [] });
    await Promise.all([
      bed.client.continueRequest({ threadId: await threadId(bed.client) }),
      bed.client.waitForEvent('exited'),
    ]);
    assert.match(output.text(), /total\t10/);
  });

  it('stops at a breakpoint, shows locals and motion results, evaluates, steps over, in and out, and runs to the end', async () => {
    const program = bed.scripts.write('steps.lua', SCRIPT);
    const output = collectOutput(bed.client);
    await bed.client.hitBreakpoint(launch(program), { path: program, line: 9 });
    const frame = await topFrame(bed.client);
    assert.equal(frame.source?.path, program);
    const locals = await localsOfTopFrame(bed.client);
    assert.equal(locals.get('count')?.value, '2', 'the motion result is a plain value');
    assert.ok((locals.get('skeleton')?.variablesReference ?? 0) > 0, 'a table can be expanded');
    const evaluated = await bed.client.evaluateRequest({
      expression: 'count * 10',
      frameId: frame.id,
      context: 'repl',
    });
    assert.equal(evaluated.body.result, '20');
    const thread = await threadId(bed.client);

    await step(bed.client, 'next', 10);
    assert.match(output.text('stdout'), /before\t2/);
    await step(bed.client, 'stepIn', 4);
    assert.equal((await topFrame(bed.client)).name, 'add');
    await step(bed.client, 'next', 5);
    const inAdd = await localsOfTopFrame(bed.client);
    assert.equal(inAdd.get('name')?.value, '"DebuggedLua"');
    assert.match(inAdd.get('new_id')?.value ?? '', /^\d+$/);
    await step(bed.client, 'stepOut', 10);

    await Promise.all([bed.client.continueRequest({ threadId: thread }), bed.client.waitForEvent('terminated')]);
    assert.match(output.text('stdout'), /after\t3/);
    assert.notEqual(await bed.server.ok(SETTINGS, 'find_skeleton', ['project', 'DebuggedLua']), null);
  });

  it('verifies breakpoints against lines that hold code, moving one on a comment to the next code line', async () => {
    const program = bed.scripts.write('loop.lua', LOOP);
    await bed.client.initializeRequest();
    await bed.client.launch(launch(program));
    const set = await bed.client.setBreakpointsRequest({
      source: { path: program },
      breakpoints: [{ line: 1 }, { line: 4 }, { line: 40 }],
    });
    assert.deepEqual(
      set.body.breakpoints.map((b) => [b.verified, b.line]),
      [
        [true, 2],
        [true, 4],
        [false, 40],
      ],
    );
  });

  it('stops at a conditional breakpoint only when its condition holds, and writes log points', async () => {
    const program = bed.scripts.write('loop.lua', LOOP);
    const output = await conditionalBreakpointAndLogPoint(bed.client, launch(program), program, {
      condition: 4,
      log: 6,
    });
    assert.match(output.text('console'), /total is 10\n/);
    assert.match(output.text('stdout'), /total\t10/);
  });

  it('stops where a MotionError is raised, even when the script catches it, with the filter on', async () => {
    const program = bed.scripts.write('caught.lua', CAUGHT);
    await launchToException(bed.client, launch(program), ['motionError'], { path: program, line: 1 });
    const info = await bed.client.exceptionInfoRequest({ threadId: await threadId(bed.client) });
    assert.equal(info.body.exceptionId, 'MotionError');
    assert.match(info.body.description ?? '', /nowhere/);
  });

  it('stops on entry when asked, and pauses a running loop, even a silent tight one', async () => {
    // Silent and tight: the debugger's own hook runs most of the instructions, where counts run out unseen.
    const program = bed.scripts.write('forever.lua', 'local n = 0\nwhile true do\n  n = n + 1\nend\n');
    await Promise.all([
      bed.client.configurationSequence(),
      bed.client.launch(launch(program, { stopOnEntry: true })),
      bed.client.assertStoppedLocation('entry', { line: 1 }),
    ]);
    const thread = await threadId(bed.client);
    await bed.client.continueRequest({ threadId: thread });
    await Promise.all([bed.client.pauseRequest({ threadId: thread }), bed.client.waitForEvent('stopped')]);
    const locals = await localsOfTopFrame(bed.client);
    assert.ok(Number(locals.get('n')?.value) > 0, 'the loop ran before the pause');
  });

  it('ends a script that raises with its traceback on stderr and exit code 1', async () => {
    const program = bed.scripts.write(
      'raises.lua',
      'local function check(n)\n  error("too many markers: " .. n)\nend\ncheck(3)\n',
    );
    const { exitCode, output } = await runToExit(program);
    assert.equal(exitCode, 1);
    assert.match(output.text('stderr'), /raises\.lua:2: too many markers: 3/);
    assert.match(output.text('stderr'), /raises\.lua:4: in main chunk/);
  });

  it('says where a script that does not compile is wrong, and runs none of it', async () => {
    const program = bed.scripts.write('typo.lua', 'print("first")\nlocal x = = 1\n');
    const { exitCode, output } = await runToExit(program);
    assert.equal(exitCode, 1);
    assert.match(output.text('stderr'), /^[^\n]*typo\.lua:2: unexpected symbol near '='\n$/);
    assert.equal(output.text('stdout'), '');
  });

  it('debugs one describe/it test of a spec file: stops in it, runs only it, and writes how it ended', async () => {
    bed.scripts.write('helper.lua', 'return { twice = function(x) return 2 * x end }\n');
    const program = bed.scripts.write(
      'tool_spec.lua',
      [
        'local helper = require("helper")',
        'describe("helper", function()',
        '  it("is never run here", function() error("ran the wrong test") end)',
        '  it("doubles", function()',
        '    local doubled = helper.twice(21)',
        '    assert.equal(43, doubled)',
        '  end)',
        'end)',
        '',
      ].join('\n'),
    );
    const report = `${program}.result.json`;
    const luaTest = { names: ['helper', 'doubles'], stateFile: `${program}.state`, report };
    await bed.client.hitBreakpoint(launch(program, { luaTest }), { path: program, line: 6 });
    assert.equal((await localsOfTopFrame(bed.client)).get('doubled')?.value, '42');
    await Promise.all([
      bed.client.continueRequest({ threadId: await threadId(bed.client) }),
      bed.client.waitForEvent('terminated'),
    ]);
    const ended = JSON.parse(readFileSync(report, 'utf8'));
    assert.deepEqual(
      [ended.outcome, ended.message, ended.line, ended.expected, ended.actual],
      ['failed', 'expected 43, got 42', 6, '43', '42'],
    );
  });

  it('says why a script that cannot be read was not run, with exit code 1', async () => {
    const program = bed.scripts.write('gone.lua', 'print("never")\n');
    rmSync(program);
    const { exitCode, output } = await runToExit(program);
    assert.equal(exitCode, 1);
    assert.equal(
      output.text('stderr'),
      `The Lua script could not be read: ENOENT: no such file or directory, open '${program}'\n`,
    );
    assert.equal(output.text('stdout'), '');
  });
});
