import assert from 'node:assert/strict';
import { pythonSessionPerTest } from '../support/python-session-fixture';
import { waitFor } from '../support/wait-for';
import { WINDOWS_PYTHON } from '../support/windows-python';

// Python on Windows, simulated (test/support/windows-python): what a Windows user's session does.
describe('Python sessions under Windows’ rules (simulated: \\r\\n streams, no signals)', function () {
  this.timeout(20_000);
  if (process.platform === 'win32') return; // the simulation is of Windows, on Linux
  const fixture = pythonSessionPerTest({ interpreter: WINDOWS_PYTHON });

  it('ends each run, though the streams write "\\n" as "\\r\\n", and passes the output on as written', async () => {
    const first = await fixture.session.run('import sys\nprint("one")\nprint("two", file=sys.stderr)');
    assert.equal(first.ok, true, JSON.stringify(first));
    const second = await fixture.session.run('print("three")');
    assert.equal(second.ok, true);
    assert.equal(fixture.printed(), 'one\r\nthree\r\n');
    assert.equal(fixture.printed('stderr'), 'two\r\n');
    assert.doesNotMatch(fixture.printed('all'), /motion-done/, 'no marker shows');
  });

  it('interrupts a long sleep with KeyboardInterrupt, and keeps the session’s variables', async () => {
    await fixture.session.run('kept = "still here"');
    const running = fixture.session.run('import time\nprint("sleeping", flush=True)\ntime.sleep(60)\n');
    await waitFor(() => fixture.printed().includes('sleeping'), 'the sleep to start');
    fixture.session.interrupt();
    const result = await running;
    assert.equal(result.error?.type, 'KeyboardInterrupt', JSON.stringify(result));
    const after = await fixture.session.run('print(kept)');
    assert.equal(after.ok, true);
    assert.match(fixture.printed(), /still here\r\n$/);
    assert.equal(fixture.printed('system'), '', 'the session was not restarted');
  });

  it('an interrupt sent after its run ended does not reach the next run', async () => {
    await fixture.session.run('x = 1');
    fixture.session.interrupt();
    const next = await fixture.session.run('import time\ntime.sleep(0.3)\nprint(x)');
    assert.equal(next.ok, true, JSON.stringify(next));
  });
});
