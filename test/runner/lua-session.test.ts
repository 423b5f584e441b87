import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LuaSession } from '../../src/runner/lua-session';
import type { Worker } from 'node:worker_threads';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait-for';
import { startMotionServer } from '../../server/scripting/motion-server';
import { referenceServer } from '../support/reference-server';

describe('Lua sessions (Lua 5.4 in wasmoon) against the reference server', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  let session: LuaSession;
  let output: { stream: string; text: string }[];
  const printed = (stream = 'stdout') =>
    output
      .filter((o) => o.stream === stream)
      .map((o) => o.text)
      .join('');

  beforeEach(() => {
    output = [];
    session = new LuaSession({ serverUrl: app.server.url, onOutput: (stream, text) => output.push({ stream, text }) });
  });
  afterEach(() => session.dispose());

  it('calls the application through the motion table and local aliases', async () => {
    const result = await session.run(
      [
        'local sk = motion.settings.processing.skeleton',
        'local id = sk.add_skeleton("project", "FromLua")',
        'print(sk.get_skeleton_name("project", id), #sk.get_skeleton_ids("project"))',
        'local sel = motion.gui.selection',
        'sel.select({{type = "trajectory", id = motion.data.object.trajectory.find_trajectory("LASI")}})',
        'print(sel.get_selection_count(), sel.get_selections()[1].part_index == nil)',
        'sel.set_selections({})',
        'print(sel.get_selection_count())',
      ].join('\n'),
    );
    assert.deepEqual(result, { ok: true, error: undefined });
    assert.equal(printed(), 'FromLua\t3\n1\ttrue\n0\n');
    assert.equal(app.server.model.skeletons('project').at(-1)!.name, 'FromLua');
  });

  it('keeps globals between runs and shows a lone expression', async () => {
    await session.run('total = 40');
    await session.run('total + 2');
    await session.run('local unused = 1');
    assert.equal(printed(), '42\n');
  });

  it('raises MotionError with code and message, at the script’s own line', async () => {
    const result = await session.run(
      'local sk = motion.settings.processing.skeleton\n\nsk.set_skeleton_scale("project", 1, 500)',
      { filename: 'scale.lua', line: 10 },
    );
    assert.deepEqual(result.error, {
      type: 'MotionError',
      code: 'invalid_argument',
      message:
        'motion.settings.processing.skeleton.set_skeleton_scale: scale 500 is outside the allowed range 0.01 to 100',
      line: 12,
    });
    assert.match(printed('stderr'), /scale\.lua:12:/);
    assert.doesNotMatch(printed('stderr'), /\[string "/, 'no session-internal frames');
    await session.run(
      'local ok, e = pcall(motion.settings.processing.skeleton.get_skeleton_name, "project", 99999)\nprint(ok, e.code, e.parameter)',
    );
    assert.match(printed(), /false\tnot_found\tskeleton_id\n$/);
  });

  it('a script that catches a refused call with pcall goes on, using the error as the application’s Lua text', async () => {
    const result = await session.run(
      [
        'local sk = motion.settings.processing.skeleton',
        'local done = 0',
        'for _, scale in ipairs({ 500, 2, 0 }) do',
        '  local ok, err = pcall(sk.set_skeleton_scale, "project", 1, scale)',
        '  if ok then done = done + 1',
        '  else',
        '    print("skipped " .. scale .. ": " .. err)',
        '    print(tostring(err):match("^([%w_.]+):"), err:find("outside", 1, true) ~= nil, #err > 0, err.code)',
        '  end',
        'end',
        'print("done", done)',
      ].join('\n'),
      { filename: 'rescale.lua' },
    );
    assert.equal(result.ok, true, JSON.stringify(result.error));
    assert.equal(
      printed(),
      [
        'skipped 500: motion.settings.processing.skeleton.set_skeleton_scale: scale 500 is outside the allowed range 0.01 to 100',
        'motion.settings.processing.skeleton.set_skeleton_scale\ttrue\ttrue\tinvalid_argument',
        'skipped 0: motion.settings.processing.skeleton.set_skeleton_scale: scale 0 is outside the allowed range 0.01 to 100',
        'motion.settings.processing.skeleton.set_skeleton_scale\ttrue\ttrue\tinvalid_argument',
        'done\t1',
        '',
      ].join('\n'),
    );
  });

  it('reports Lua errors with the file and line', async () => {
    const result = await session.run('\nlocal t = nil\nprint(t.x)', { filename: 'nil.lua', line: 5 });
    assert.equal(result.error?.type, 'LuaError');
    assert.equal(result.error?.line, 7);
    assert.match(result.error.message, /nil\.lua:7: attempt to index a nil value/);
    const syntax = await session.run('x = = 1', { filename: 'bad.lua', line: 3 });
    assert.equal(syntax.error?.line, 3);
  });

  it('types an error by how it ended, not by the words in its message', async () => {
    const result = await session.run('error("the capture was interrupted twice, giving up")', {
      filename: 'words.lua',
    });
    assert.equal(result.error?.type, 'LuaError');
  });

  it('raises a MotionError naming the operation when the application goes away during a session', async () => {
    const leaving = await startMotionServer({ port: 0, logLevel: 'silent' });
    const alone = new LuaSession({
      serverUrl: leaving.url,
      onOutput: (stream, text) => output.push({ stream, text }),
    });
    try {
      assert.deepEqual(await alone.run('print(motion.get_version().major >= 0)'), { ok: true, error: undefined });
      await leaving.close();
      const caught = await alone.run(
        'local ok, e = pcall(motion.settings.processing.skeleton.get_skeleton_count, "project")\n' +
          'print(getmetatable(e) == motion.MotionError, e.code, e.operation, e.parameter)\nprint(e.message)',
      );
      assert.deepEqual(caught, { ok: true, error: undefined });
      const [first, message] = printed().split('\n').slice(1);
      assert.equal(first, 'true\tunreachable\tmotion.settings.processing.skeleton.get_skeleton_count\tnil');
      assert.match(message, /^nothing is listening on 127\.0\.0\.1:\d+ — start the application/);
    } finally {
      await alone.dispose();
    }
  });

  it('provides the application’s help()', async () => {
    await session.run('help()\nhelp("modules")\nhelp(motion.gui.selection)\nhelp(motion.gui.selection.deselect)');
    const text = printed();
    assert.match(text, /help\(topic\) prints one of these topics/);
    assert.match(text, /motion\.data\.object\.bone/);
    assert.match(text, /Module motion\.gui\.selection/);
    assert.match(text, /motion\.gui\.selection\.deselect\(selections:/);
  });

  it('prints non-ASCII text as it is', async () => {
    await session.run('print("Müller – 東京 – ✓")');
    assert.equal(printed(), 'Müller – 東京 – ✓\n');
  });

  it('shows io.write and file writes in order, a last piece without a newline included', async () => {
    await session.run('io.write("a", 1, " ") print("b") io.stdout:write("c") io.write("d") local done = true');
    await session.run('io.stderr:write("oops") local done = true');
    assert.equal(printed(), 'a1 b\ncd');
    assert.equal(printed('stderr'), 'oops');
    const refused = await session.run('io.write({})');
    assert.match(refused.error?.message ?? '', /bad argument #1 to 'write' \(string expected, got table\)/);
  });

  it('interrupts an endless loop and keeps the session', async () => {
    await session.run('kept = "still here"');
    const running = session.run('print("looping") while true do end');
    // Interrupted once the loop is known to run (its first output), not after a guessed delay.
    await waitFor(() => printed().includes('looping'), 'the loop to start');
    session.interrupt();
    assert.equal((await running).error?.type, 'Interrupted');
    await session.run('kept');
    assert.match(printed(), /looping\nstill here\n$/);
  });

  it('restarts with fresh globals, saying nothing of the session it ended', async () => {
    await session.run('gone = 1');
    await session.restart();
    await session.run('print(gone == nil)');
    assert.equal(printed(), 'true\n');
    assert.equal(printed('system'), '');
  });

  it('reports a session whose thread ended under a run, and starts a new one on the next run', async () => {
    await session.run('kept = 1');
    const running = session.run('print("looping") while true do end');
    await waitFor(() => printed().includes('looping'), 'the loop to start');
    // The thread ending under the run, as a crash of the VM would end it.
    await (session as unknown as { worker: Worker }).worker.terminate();
    const crash = await running;
    assert.deepEqual(crash, {
      ok: false,
      error: { type: 'SessionCrashed', message: 'the Lua session stopped (exit 1); the next run starts a new session' },
    });
    assert.equal(
      printed('system'),
      'The Lua session stopped (exit 1): its variables were cleared, and the next run starts a new session.\n',
    );
    assert.equal(session.running, false);
    assert.deepEqual(await session.run('print(kept == nil)'), { ok: true, error: undefined });
    assert.match(printed(), /true\n$/);
  });

  it('runs plain Lua when no application answers, and says why motion is missing', async () => {
    const away = new LuaSession({
      serverUrl: `http://127.0.0.1:${await freePort()}`,
      onOutput: (stream, text) => output.push({ stream, text }),
    });
    try {
      assert.deepEqual(await away.run('print(1 + 1)'), { ok: true, error: undefined });
      assert.equal(printed(), '2\n');
      assert.match(
        printed('system'),
        /^motion is not available in this session: nothing is listening on 127\.0\.0\.1:\d+/,
      );
    } finally {
      await away.dispose();
    }
  });

  it('names code run without a file "selection" in its errors', async () => {
    const failed = await session.run('error("boom")');
    assert.equal(failed.error?.message, 'selection:1: boom');
    assert.equal(failed.error?.line, 1);
  });

  it('ignores an interrupt while nothing runs: the next run is not interrupted', async () => {
    await session.run('x = 5');
    session.interrupt();
    // Long enough for the interrupt check in the loop to run many times.
    assert.deepEqual(await session.run('for i = 1, 1e6 do end print(x)'), { ok: true, error: undefined });
    assert.equal(printed(), '5\n');
  });

  it('keeps the thread a run started while it restarts (the old thread ends after the new one began)', async () => {
    await session.run('gone = 1');
    const thread = () => (session as unknown as { worker: Worker }).worker.threadId;
    const old = thread();
    const restarting = session.restart();
    const ran = session.run('kept = 7');
    await restarting;
    assert.deepEqual(await ran, { ok: true, error: undefined });
    await session.run('print(kept, gone)');
    assert.equal(printed(), '7\tnil\n');
    assert.equal(thread(), old + 1, 'one new thread, not a second one leaving the first running');
  });

  it('a run sent while its session starts, then ended, says so rather than waiting for ever', async () => {
    const ran = session.run('print(1)');
    await session.dispose();
    const settled = await Promise.race([
      ran.then(
        () => 'ran',
        (error: Error) => error.message,
      ),
      new Promise((waiting) => setTimeout(() => waiting('still waiting after 5 s'), 5_000).unref()),
    ]);
    assert.equal(settled, 'the session was ended before this code ran');
    assert.equal(printed(), '');
  });

  it('says why a session could not start: a server address that is no URL', async () => {
    const broken = new LuaSession({
      serverUrl: 'not a url',
      onOutput: (stream, text) => output.push({ stream, text }),
    });
    try {
      const why = 'the server URL must be http://, got "not a url", which is no URL';
      await assert.rejects(broken.run('print(1)'), { message: why });
      assert.equal(printed('system'), `Lua session failed: ${why}\n`);
    } finally {
      await broken.dispose();
    }
  });

  it('require and dofile find the user’s files: beside the script, then in the folder it runs in; a helper edited since is read again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'motion-lua-files-'));
    try {
      mkdirSync(join(dir, 'tools'));
      mkdirSync(join(dir, 'shared'));
      writeFileSync(join(dir, 'tools', 'helpers.lua'), 'return { twice = function(x) return 2 * x end }\n');
      writeFileSync(join(dir, 'shared', 'init.lua'), 'return { name = "shared" }\n');
      writeFileSync(join(dir, 'settings.lua'), 'return 42\n');
      const script = join(dir, 'tools', 'tool.lua');
      const code = 'local h = require("helpers")\nprint(h.twice(21), require("shared").name, dofile("settings.lua"))';
      assert.deepEqual(await session.run(code, { filename: script, cwd: dir }), { ok: true, error: undefined });
      writeFileSync(join(dir, 'tools', 'helpers.lua'), 'return { twice = function(x) return 2 * x + 1 end }\n');
      await session.run(code, { filename: script, cwd: dir });
      assert.equal(printed(), '42\tshared\t42\n43\tshared\t42\n', 'the edited helper, read again');
      const missing = await session.run('require("nowhere")', { filename: script, cwd: dir });
      assert.equal(missing.ok, false);
      assert.match(
        missing.error!.message,
        /module 'nowhere' not found:[\s\S]*no file 'nowhere\.lua' beside the script or in its folder/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
