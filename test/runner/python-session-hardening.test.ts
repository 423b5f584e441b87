import assert from 'node:assert/strict';
import type { PythonSession } from '../../src/runner/python-session';
import type { MotionServer } from '../../server/scripting/motion-server';
import { pythonSessionPerTest, type PythonSessionFixture } from '../support/python-session-fixture';

describe('Python sessions: no script output or input touches the session’s own protocol', function () {
  this.timeout(60_000);
  const fixture = pythonSessionPerTest();
  let server: MotionServer;
  let session: PythonSession;
  let output: PythonSessionFixture['output'];
  const printed = (stream?: Parameters<PythonSessionFixture['printed']>[0]) => fixture.printed(stream);
  beforeEach(() => ({ server, session, output } = fixture));

  it('gives input() an immediate clear error, and the next run still works', async () => {
    const asked = await session.run('name = input("Skeleton? ")\n');
    assert.deepEqual([asked.ok, asked.error?.type], [false, 'RuntimeError']);
    assert.match(asked.error?.message ?? '', /input\(\) cannot read from the Motion terminal yet/);
    const next = await session.run('print("still here")\n');
    assert.equal(next.ok, true);
    assert.match(printed('stdout'), /still here\n/);
  });

  it('completes a run that prints what looks like the end-of-run marker', async () => {
    const result = await session.run('import sys\nfor i in range(5):\n    sys.stdout.write(f"\\x00motion-done:{i}\\x00\\n")\nprint("after")\n');
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.match(printed('stdout'), /\x00motion-done:4\x00\nafter\n$/, 'the lookalike is passed through as output');
  });

  it('handles output with NUL bytes and no newline, of any size, whole', async () => {
    const result = await session.run('import sys\nsys.stdout.write("a\\x00b" * 4_000_000)\nsys.stdout.flush()\n');
    assert.equal(result.ok, true);
    const text = printed('stdout');
    assert.equal(text.length, 12_000_000);
    assert.equal(text.slice(0, 6), 'a\x00ba\x00b');
  });

  it('starts a new session for a run sent right after sys.exit(0), without reporting a crash', async () => {
    const [exited, next] = await Promise.all([session.run('import sys\nsys.exit(0)\n'), session.run('print("fresh")\n')]);
    assert.equal(exited.ok, true);
    assert.equal(next.ok, true, JSON.stringify(next));
    assert.match(printed('stdout'), /fresh\n/);
    assert.doesNotMatch(printed('all'), /exited with code|crash/i);
  });

  it('reports a request the application refused as too large as such, not as unreachable', async () => {
    const result = await session.run('import motion\nmotion.settings.processing.skeleton.add_skeleton("project", "x" * 5_000_000)\n');
    assert.equal(result.error?.code, 'connection_closed', JSON.stringify(result.error));
    assert.match(result.error?.message ?? '', /closed the connection while the request \(\d+ bytes\) was being sent: it is probably larger than the application accepts/);
  });
});
