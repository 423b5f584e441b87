import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonSession } from '../../src/runner/python-session';
import type { MotionServer } from '../../server/scripting/motion-server';
import { waitFor } from '../support/wait-for';
import { pythonSessionPerTest, type PythonSessionFixture } from '../support/python-session-fixture';

/** Folders the tests make for stand-in interpreters, removed when the file's tests end. */
const made: string[] = [];
function madeFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'motion-python-'));
  made.push(folder);
  return folder;
}
after(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('Python sessions (the machine’s python3) against the reference server', function () {
  this.timeout(30_000);
  const fixture = pythonSessionPerTest();
  let server: MotionServer;
  let session: PythonSession;
  let output: PythonSessionFixture['output'];
  const printed = (stream?: Parameters<PythonSessionFixture['printed']>[0]) => fixture.printed(stream);
  beforeEach(() => ({ server, session, output } = fixture));

  it('calls the application through the motion package, every import form', async () => {
    const result = await session.run(
      [
        'import motion',
        'import motion.gui.selection as sel',
        'from motion.settings.processing import skeleton',
        'from motion.data.object import trajectory as t',
        'sid = skeleton.add_skeleton("project", "FromPython")',
        'print(motion.settings.processing.skeleton.get_skeleton_name("project", sid))',
        'sel.select([{"type": "trajectory", "id": t.find_trajectory("LASI")}])',
        'print(sel.get_selection_count(None), motion.get_version())',
      ].join('\n'),
    );
    assert.deepEqual(result, { ok: true, error: undefined });
    assert.match(printed(), /^FromPython\n1 \{'major': \d+, 'minor': \d+, 'build': \d+\}\n$/);
    assert.equal(server.model.skeletons('project').at(-1)!.name, 'FromPython', 'the change reached the application');
  });

  it('keeps variables between runs and echoes a lone expression like a REPL', async () => {
    await session.run('count = 20');
    await session.run('count + 1');
    await session.run('None');
    assert.equal(printed(), '21\n');
  });

  it('raises MotionError with the code and message, at the script’s own line', async () => {
    const code = 'from motion.settings.processing import skeleton\n\nskeleton.set_skeleton_scale("project", 1, 500)';
    const result = await session.run(code, { filename: '/scripts/scale.py', line: 40 });
    assert.deepEqual(result.error, {
      type: 'MotionError',
      code: 'invalid_argument',
      message: 'invalid_argument: scale 500 is outside the allowed range 0.01 to 100',
      line: 42,
    });
    const traceback = printed('stderr');
    assert.match(
      traceback,
      /File "\/scripts\/scale\.py", line 42, in <module>\n {4}skeleton\.set_skeleton_scale\("project", 1, 500\)\nmotion\.MotionError: invalid_argument/,
    );
    assert.doesNotMatch(traceback, /motion_session\.py|__init__\.py/, 'only the user’s frames');
    // `motion` is there from the start, as in the application's own console.
    const caught = await session.run(
      'try:\n    skeleton.get_skeleton_name("project", 999999)\nexcept motion.MotionError as e:\n    print(e.code, e.parameter)\n',
    );
    assert.equal(caught.ok, true);
    assert.match(printed(), /not_found skeleton_id\n$/);
  });

  it('a script that catches refused calls with `except RuntimeError`, as written for the application, goes on', async () => {
    const code = [
      'from motion.settings.processing import skeleton',
      'done = 0',
      'for scale in (500, 2, 0):',
      '    try:',
      '        skeleton.set_skeleton_scale("project", 1, scale)',
      '        done += 1',
      '    except RuntimeError as error:',
      '        print("skipped", scale, "-", error, "-", error.code, isinstance(error, motion.MotionError))',
      'print("done", done)',
    ].join('\n');
    const result = await session.run(code, { filename: '/scripts/rescale.py' });
    assert.equal(result.ok, true, JSON.stringify(result.error));
    assert.equal(
      printed(),
      [
        'skipped 500 - invalid_argument: scale 500 is outside the allowed range 0.01 to 100 - invalid_argument True',
        'skipped 0 - invalid_argument: scale 0 is outside the allowed range 0.01 to 100 - invalid_argument True',
        'done 1',
        '',
      ].join('\n'),
    );
  });

  it('reports an error raised inside functions at the line that raised it, with every frame of the script', async () => {
    const code = [
      'from motion.settings.processing import skeleton',
      'def scale(x):',
      '    return skeleton.set_skeleton_scale("project", 1, x)',
      '',
      'def outer():',
      '    scale(500)',
      '',
      'outer()',
    ].join('\n');
    const result = await session.run(code, { filename: '/scripts/nested.py', line: 10 });
    assert.equal(result.error?.type, 'MotionError');
    assert.equal(result.error?.line, 12, 'the raising line, not the caller’s');
    assert.match(
      printed('stderr'),
      /line 17, in <module>\n {4}outer\(\)\n.*line 15, in outer\n {4}scale\(500\)\n.*line 12, in scale\n {4}return skeleton\.set_skeleton_scale/s,
    );
    const plain = await session.run('def f():\n    return 1 / 0\n\nf()', { filename: 'div.py', line: 1 });
    assert.deepEqual([plain.error?.type, plain.error?.line], ['ZeroDivisionError', 2]);
  });

  it('reports syntax errors and Python errors with line numbers', async () => {
    const syntax = await session.run('x = (1,\n', { filename: 'broken.py', line: 7 });
    assert.equal(syntax.error?.type, 'SyntaxError');
    assert.ok(syntax.error?.line && syntax.error.line >= 7);
    const name = await session.run('\n\nundefined_name', { filename: 'names.py', line: 3 });
    assert.deepEqual([name.error?.type, name.error?.line], ['NameError', 5]);
  });

  it('provides the application’s help()', async () => {
    await session.run('help()\nhelp("types")\nimport motion.gui.selection as sel\nhelp(sel.select)\nhelp(sel)');
    const text = printed();
    assert.match(text, /help\(topic\) prints one of these topics/);
    assert.match(text, /Type strings:/);
    assert.match(text, /motion\.gui\.selection\.select\(selections:/);
    assert.match(text, /Module motion\.gui\.selection/);
    await session.run('import motion.gui.selection as sel2\nprint([n for n in dir(sel2) if not n.startswith("_")])');
    assert.match(
      printed(),
      /\['clear_selections', 'deselect', 'get_selection_count', 'get_selections', 'help', 'is_selected', 'select', 'set_selections'\]/,
    );
  });

  it('prints non-ASCII text as it is', async () => {
    await session.run('print("Müller – 東京 – ✓")');
    assert.equal(printed(), 'Müller – 東京 – ✓\n');
  });

  it('interrupts a long loop and keeps the session', async () => {
    await session.run('kept = "still here"');
    const running = session.run('import time\nprint("looping", flush=True)\nwhile True:\n    time.sleep(0.01)\n');
    // Interrupted once the loop is known to run (its first output), not after a guessed delay.
    await waitFor(() => printed().includes('looping'), 'the loop to start');
    session.interrupt();
    const result = await running;
    assert.deepEqual(result.error?.type, 'KeyboardInterrupt');
    await session.run('kept');
    assert.match(printed(), /'still here'\n$/);
  });

  it('restarts with fresh globals', async () => {
    await session.run('gone = 1');
    await session.restart();
    const result = await session.run('gone');
    assert.equal(result.error?.type, 'NameError');
  });

  it('still runs plain Python when the application is away, and says so', async () => {
    const away = new PythonSession({
      serverUrl: 'http://127.0.0.1:9',
      onOutput: (stream, text) => output.push({ stream, text }),
    });
    const result = await away.run('print(6 * 7)');
    await away.dispose();
    assert.equal(result.ok, true);
    assert.match(
      printed('system'),
      /motion is not available in this session: unreachable: nothing is listening on 127\.0\.0\.1:9/,
    );
    assert.match(printed(), /42\n/);
  });

  it('falls back from python3 to python when no interpreter is configured', async () => {
    const bin = madeFolder();
    symlinkSync(
      execFileSync('python3', ['-c', 'import sys; print(sys.executable)']).toString().trim(),
      join(bin, 'python'),
    );
    const path = process.env.PATH;
    process.env.PATH = bin; // only `python` can be found
    try {
      const fallback = new PythonSession({
        serverUrl: server.url,
        onOutput: (stream, text) => output.push({ stream, text }),
      });
      const result = await fallback.run('import sys\nprint(sys.version_info.major)');
      await fallback.dispose();
      assert.equal(result.ok, true);
      assert.match(printed(), /^3\n$/);
    } finally {
      process.env.PATH = path;
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('says it is running while runs are under way or waiting, and not after', async () => {
    assert.equal(session.running, false);
    const first = session.run('import time\ntime.sleep(0.2)');
    const second = session.run('print("second")');
    assert.equal(session.running, true);
    await first;
    assert.equal(session.running, true, 'the second still waits');
    await second;
    assert.equal(session.running, false);
  });

  it('names the code run without a file "<selection>" in its tracebacks', async () => {
    await session.run('1 / 0');
    assert.match(printed('stderr'), /File "<selection>", line 1/);
  });

  it('ignores an interrupt while nothing runs: the session and its variables stay', async () => {
    await session.run('x = 5');
    session.interrupt();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await session.run('print(x)');
    assert.equal(after.ok, true);
    assert.equal(printed(), '5\n');
    assert.equal(printed('system'), '');
  });

  it('keeps the user’s own PYTHONPATH beside its package, and adds only its package without one', async () => {
    const lib = mkdtempSync(join(tmpdir(), 'motion-pythonpath-'));
    writeFileSync(join(lib, 'studio_tools.py'), 'NAME = "studio"\n');
    const before = process.env.PYTHONPATH;
    process.env.PYTHONPATH = lib;
    try {
      const withPath = new PythonSession({
        serverUrl: server.url,
        onOutput: (stream, text) => output.push({ stream, text }),
      });
      const result = await withPath.run('import studio_tools, motion\nprint(studio_tools.NAME)');
      await withPath.dispose();
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.equal(printed(), 'studio\n');
      // Without one, only the package's folder: no empty entry, which Python reads as the working folder.
      delete process.env.PYTHONPATH;
      const withoutPath = new PythonSession({
        serverUrl: server.url,
        onOutput: (stream, text) => output.push({ stream, text }),
      });
      await withoutPath.run(
        'import os, motion\nprint(os.environ["PYTHONPATH"] == os.path.dirname(os.path.dirname(motion.__file__)))',
      );
      await withoutPath.dispose();
      assert.equal(printed(), 'studio\nTrue\n');
    } finally {
      if (before === undefined) delete process.env.PYTHONPATH;
      else process.env.PYTHONPATH = before;
      rmSync(lib, { recursive: true, force: true });
    }
  });

  it('names an interpreter that ends before the session is ready, and one that cannot be run', async () => {
    const ends = new PythonSession({
      serverUrl: server.url,
      interpreter: '/bin/false',
      onOutput: (stream, text) => output.push({ stream, text }),
    });
    await assert.rejects(ends.run('1'), /the Python session exited with code 1 before it was ready/);
    assert.equal(printed('all'), '', 'said once, by the run: no session was ready to lose variables');
    const notExecutable = join(madeFolder(), 'python3');
    writeFileSync(notExecutable, '');
    const refused = new PythonSession({ serverUrl: server.url, interpreter: notExecutable, onOutput: () => undefined });
    await assert.rejects(
      refused.run('1'),
      (error: Error) => /EACCES/.test(error.message) && !/was not found/.test(error.message),
    );
  });

  it('names a missing interpreter', async () => {
    const missing = new PythonSession({
      serverUrl: server.url,
      interpreter: 'python-that-does-not-exist',
      onOutput: () => undefined,
    });
    await assert.rejects(missing.run('1'), /the Python interpreter "python-that-does-not-exist" was not found/);
  });

  // No script output or input touches the session's own protocol.
  it('ends input at once where nobody can type (no line reader): EOFError, and the next run still works', async () => {
    const asked = await session.run('name = input("Skeleton? ")\n');
    assert.deepEqual([asked.ok, asked.error?.type], [false, 'EOFError']);
    assert.match(asked.error?.message ?? '', /EOF when reading a line/);
    const next = await session.run('print("still here")\n');
    assert.equal(next.ok, true);
    assert.match(printed('stdout'), /still here\n/);
  });

  it('completes a run that prints what looks like the end-of-run marker', async () => {
    const result = await session.run(
      'import sys\nfor i in range(5):\n    sys.stdout.write(f"\\x00motion-done:{i}\\x00\\n")\nprint("after")\n',
    );
    assert.equal(result.ok, true, JSON.stringify(result));
    // eslint-disable-next-line no-control-regex -- the lookalike of the NUL-framed end marker
    assert.match(printed('stdout'), /\x00motion-done:4\x00\nafter\n$/, 'the lookalike is passed through as output');
  });

  it('handles output with NUL bytes and no newline, of any size, whole', async () => {
    const result = await session.run('import sys\nsys.stdout.write("a\\x00b" * 4_000_000)\nsys.stdout.flush()\n');
    assert.equal(result.ok, true);
    const text = printed('stdout');
    assert.equal(text.length, 12_000_000);
    assert.equal(text.slice(0, 6), 'a\x00ba\x00b');
  });

  it('reports a request the application refused as too large as such, not as unreachable', async () => {
    const result = await session.run(
      'import motion\nmotion.settings.processing.skeleton.add_skeleton("project", "x" * 5_000_000)\n',
    );
    assert.equal(result.error?.code, 'connection_closed', JSON.stringify(result.error));
    assert.match(
      result.error?.message ?? '',
      /closed the connection while the request \(\d+ bytes\) was being sent: it is probably larger than the application accepts/,
    );
  });
});
