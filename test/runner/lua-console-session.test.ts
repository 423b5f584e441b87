import assert from 'node:assert/strict';
import { LuaSession } from '../../src/runner/lua-session';
import { TypedAnswers } from '../support/typed-answers';
import { waitFor } from '../support/wait-for';
import { referenceServer } from '../support/reference-server';

describe('Lua sessions as a console: locals, printed tables, io.read, complete statements', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  let session: LuaSession;
  let output: string[];
  let typed: TypedAnswers;
  const printed = () => output.join('');

  beforeEach(() => {
    output = [];
    typed = new TypedAnswers();
    session = new LuaSession({
      serverUrl: app.server.url,
      onOutput: (stream, text) => output.push(stream === 'stdout' ? text : `[${stream}] ${text}`),
      readLine: typed.readLine,
    });
  });
  afterEach(() => session.dispose());

  it('keeps the top-level locals of one run for the next, as a console does', async () => {
    await session.run('local a = 5');
    await session.run('print(a)');
    await session.run('local b, c = a * 2, "x"\nlocal function twice(n) return 2 * n end');
    await session.run('print(b, c, twice(b))');
    await session.run('a = a + 1; print(a, rawget(_G, "a"))');
    assert.equal(printed(), '5\n10\tx\t20\n6\tnil\n');
  });

  it('keeps the locals a failing run had set before its error, and a local hides a global of its name', async () => {
    await session.run('name = "global"');
    const failed = await session.run('local name = "local"\nlocal before = 1\nerror("stop")\nlocal after = 2');
    assert.equal(failed.ok, false);
    await session.run('print(name, before, after)');
    assert.match(printed(), /local\t1\tnil\n$/);
  });

  it('keeps a local declared with a nil value, and locals of a run from a file keep their line numbers', async () => {
    await session.run('local nothing = nil');
    await session.run('nothing = 3');
    await session.run('print(nothing, rawget(_G, "nothing"))');
    const result = await session.run('local x = 1\n\nerror("here")', { filename: 'lines.lua', line: 7 });
    assert.equal(result.error?.line, 9);
    assert.match(printed(), /^3\tnil\n/);
  });

  it('prints tables with their contents: lists, records, nested, cycles; __tostring wins', async () => {
    await session.run('print({17, 173, 329})');
    await session.run('print({name = "Actor1", id = 3, ["two words"] = true})');
    await session.run('print({1, {2, {x = "a\\"b"}}, n = {}})');
    await session.run('local t = {1}; t.self = t; print(t)');
    await session.run('print(setmetatable({}, {__tostring = function() return "custom" end}), "plain", 4)');
    await session.run('{17, 173}');
    assert.equal(
      printed(),
      [
        '{17, 173, 329}',
        '{id = 3, name = "Actor1", ["two words"] = true}',
        '{1, {2, {x = "a\\"b"}}, n = {}}',
        '{1, self = {...}}',
        'custom\tplain\t4',
        '{17, 173}',
        '',
      ].join('\n'),
    );
  });

  it('prints what the application returns as tables', async () => {
    await session.run('print(motion.settings.processing.skeleton.get_skeleton_ids("project"))');
    assert.match(printed(), /^\{\d+, \d+\}\n$/);
  });

  it('reads lines typed in the terminal with io.read, io.lines and io.stdin:read', async () => {
    typed.answers.push('Ada', '42', 'last');
    await session.run(
      'io.write("Name: ") local name = io.read() local n = io.read("n") print(name, n + 1) for line in io.lines() do print("got", line) break end',
    );
    assert.deepEqual(typed.asked, ['', '', '']);
    assert.equal(printed(), 'Name: Ada\t43\ngot\tlast\n');
    typed.answers[3] = null;
    await session.run('print(io.stdin:read("l"))');
    assert.match(printed(), /nil\n$/);
  });

  it('stops waiting for a line when interrupted, and drops the late answer', async () => {
    const running = session.run('local line = io.read() print("never", line)');
    await waitFor(() => typed.asked.length === 1, 'the question');
    session.interrupt();
    const result = await running;
    assert.equal(result.error?.type, 'Interrupted');
    const next = session.run('print(io.read())');
    await waitFor(() => typed.asked.length === 2, 'the next question');
    typed.answers[0] = 'late'; // the interrupted question's answer reaches the session first
    await waitFor(() => typed.answered === 1, 'the late answer');
    typed.answers[1] = 'fresh';
    await next;
    assert.match(printed(), /fresh\n$/);
    assert.doesNotMatch(printed(), /never/);
  });

  it('says whether typed code is a whole chunk, as lua.c does (even while code runs)', async () => {
    const running = session.run('print("looping") while true do end');
    await waitFor(() => printed().includes('looping'), 'the loop to start');
    const cases: [string, 'complete' | 'incomplete'][] = [
      ['x = 1', 'complete'],
      ['1 + 1', 'complete'],
      ['for i = 1, 3 do', 'incomplete'],
      ['for i = 1, 3 do\n  print(i)\nend', 'complete'],
      ['function f(a,', 'incomplete'],
      ['print("open', 'incomplete'], // Lua 5.4 says "unfinished string near <eof>": lua.c reads on
      ['print("x" +', 'incomplete'],
      ['s = [[long', 'incomplete'],
      ['x = = 1', 'complete'],
      ['t = {', 'incomplete'],
    ];
    for (const [code, expected] of cases) assert.equal(await session.isComplete(code), expected, code);
    session.interrupt();
    await running;
  });
});
