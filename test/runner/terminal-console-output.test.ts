import assert from 'node:assert/strict';
import { TerminalConsole, type ConsoleSession } from '../../src/runner/repl/terminal-console';
import { VirtualTerminal } from '../support/virtual-terminal';

/** A session that nothing here runs: these tests print output as a session would. */
const idle: ConsoleSession = {
  isComplete: () => Promise.resolve('complete'),
  run: () => Promise.resolve({ ok: true }),
  interrupt: () => undefined,
};

describe('the Motion terminals: output printed above the prompt, and the end of runs', () => {
  let screen: VirtualTerminal;
  let written: string[];
  let terminal: TerminalConsole;
  beforeEach(() => {
    screen = new VirtualTerminal(40);
    written = [];
    terminal = new TerminalConsole({
      language: 'lua',
      session: idle,
      write: (data) => {
        written.push(data);
        screen.write(data);
      },
    });
    terminal.open(40);
  });
  afterEach(() => screen.dispose());

  it('styles each row of errors and messages on its own, and leaves standard output as it is', () => {
    written.length = 0;
    terminal.print('stderr', 'first\nsecond\n');
    terminal.print('system', 'note\n');
    terminal.print('stdout', 'plain\n');
    const all = written.join('');
    assert.ok(all.includes('\x1b[31mfirst\x1b[0m\r\n\x1b[31msecond\x1b[0m\r\n'), JSON.stringify(all));
    assert.ok(all.includes('\x1b[33mnote\x1b[0m\r\n'), JSON.stringify(all));
    assert.ok(all.includes('plain\r\n') && !all.includes('m\x1b[0mplain'), JSON.stringify(all));
  });

  it('goes on with a row too long to redraw while code runs, ends it at a line break, and starts the prompt after what follows', async () => {
    terminal.beginRun();
    terminal.print('stdout', 'x'.repeat(1001));
    terminal.print('stdout', 'more');
    assert.deepEqual((await screen.rows()).slice(-1), ['xmore']);
    terminal.print('stdout', '\nabc');
    terminal.endRun();
    assert.deepEqual((await screen.rows()).slice(-2), ['xmore', 'abc> ']);
    terminal.beginRun();
    terminal.print('stdout', 'y'.repeat(1001));
    terminal.clear();
    terminal.print('stdout', 'after');
    terminal.endRun();
    assert.deepEqual(await screen.rows(), ['after> ']);
  });

  it('starts the prompt on a row of its own after a row too long to redraw, once', async () => {
    terminal.print('stdout', 'x'.repeat(1001));
    terminal.input('a');
    terminal.input('b');
    assert.deepEqual((await screen.rows()).slice(-2), ['x', '> ab']);
  });

  it('redraws a row of exactly 1,000 columns under the prompt: only longer ones are left', async () => {
    const narrow = new VirtualTerminal(30);
    try {
      const at30 = new TerminalConsole({ language: 'lua', session: idle, write: narrow.write });
      at30.open(30);
      at30.print('stdout', 'y'.repeat(1000)); // 33 rows of 30, and 10 on the last
      assert.deepEqual((await narrow.rows()).slice(-1), ['yyyyyyyyyy> ']);
    } finally {
      narrow.dispose();
    }
  });

  it('answers a question left with Ctrl+C (with nothing) once its run has ended, and not before', async () => {
    terminal.beginRun();
    let answer: string | null | undefined;
    void terminal.ask('Name? ').then((text) => (answer = text));
    terminal.input('A');
    terminal.input('\x03');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answer, undefined, 'the interrupted code would take an answer now for end of input');
    terminal.endRun();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answer, null);
    assert.deepEqual((await screen.rows()).slice(-2), ['Name? A^C', '> ']);
  });

  it('drops a question whose run ended unanswered, even with another run waiting, and keeps what is typed for the prompt', async () => {
    terminal.beginRun();
    terminal.beginRun();
    let answer: string | null | undefined;
    terminal.print('stdout', 'Skeleton ');
    void terminal.ask('Name? ').then((text) => (answer = text));
    terminal.input('A');
    terminal.endRun(); // interrupted from elsewhere, or it failed: the next run starts
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answer, null);
    terminal.input('b');
    const left = 'Skeleton Name? A';
    assert.deepEqual((await screen.rows()).slice(-2), [left, ''], 'no question, and no prompt while a run goes');
    terminal.endRun();
    assert.deepEqual((await screen.rows()).slice(-2), [left, '> b']);
    terminal.beginRun();
    void terminal.ask('Next? ');
    terminal.input('c');
    assert.deepEqual(
      (await screen.rows()).slice(-2),
      [left, 'Next? c'],
      'a new question starts empty (the line typed waits)',
    );
  });
});
