import assert from 'node:assert/strict';
import { pythonSessionPerTest } from '../support/python-session-fixture';
import { waitFor } from '../support/wait-for';

describe('Python sessions as a console: input(), sys.stdin, statements typed line by line', function () {
  this.timeout(30_000);
  const fixture = pythonSessionPerTest({ readsLines: true });

  it('gives input() the line typed in the terminal, with its prompt; Ctrl+D ends input (EOFError)', async () => {
    const { session, typed } = fixture;
    typed.answers.push('Actor1', 'second line');
    const result = await session.run(
      'name = input("Skeleton? ")\nimport sys\nrest = sys.stdin.readline()\nprint(repr(name), repr(rest))',
    );
    assert.deepEqual(result, { ok: true, error: undefined });
    assert.deepEqual(typed.asked, ['Skeleton? ', '']);
    assert.equal(fixture.printed(), "'Actor1' 'second line\\n'\n");
    typed.answers[2] = null;
    const ended = await session.run('input()');
    assert.equal(ended.error?.type, 'EOFError');
  });

  it('stops waiting for a line when interrupted, and drops the late answer', async () => {
    const { session, typed } = fixture;
    const running = session.run('line = input("? ")\nprint("never")');
    await waitFor(() => typed.asked.length === 1, 'the question');
    session.interrupt();
    assert.equal((await running).error?.type, 'KeyboardInterrupt');
    const next = session.run('print(input())');
    await waitFor(() => typed.asked.length === 2, 'the next question');
    typed.answers[0] = 'late'; // the interrupted question's answer reaches the session first
    await waitFor(() => typed.answered === 1, 'the late answer');
    typed.answers[1] = 'fresh';
    await next;
    assert.equal(fixture.printed(), 'fresh\n');
  });

  it('says whether typed code is a whole statement, as code.InteractiveConsole does (even while code runs)', async () => {
    const { session } = fixture;
    const running = session.run('import time\nprint("sleeping", flush=True)\nwhile True: time.sleep(0.05)');
    await waitFor(() => fixture.printed().includes('sleeping'), 'the loop to start');
    const cases: [string, 'complete' | 'incomplete'][] = [
      ['x = 1', 'complete'],
      ['for i in range(3):', 'incomplete'],
      ['for i in range(3):\n    print(i)', 'incomplete'],
      ['for i in range(3):\n    print(i)\n', 'complete'],
      ['print(1,', 'incomplete'],
      ['s = """open', 'incomplete'],
      ['x = = 1', 'complete'], // a syntax error runs, and reports itself
      ['@decorator', 'incomplete'],
      ['x = [1,\n 2]', 'complete'],
    ];
    for (const [code, expected] of cases) assert.equal(await session.isComplete(code), expected, code);
    session.interrupt();
    await running;
  });

  it('runs typed statements as Python’s console does: each expression statement’s value is shown', async () => {
    const { session } = fixture;
    await session.run('for i in range(3):\n    i * 10\n', { filename: '<console>', interactive: true });
    await session.run('None', { filename: '<console>', interactive: true });
    await session.run('"text"', { filename: '<console>', interactive: true });
    await session.run('_', { filename: '<console>', interactive: true });
    const failed = await session.run('1/0', { filename: '<console>', interactive: true });
    assert.equal(fixture.printed(), "0\n10\n20\n'text'\n'text'\n");
    assert.equal(failed.error?.type, 'ZeroDivisionError');
    assert.match(fixture.printed('stderr'), /File "<console>", line 1/);
  });
});
