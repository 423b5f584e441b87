import assert from 'node:assert/strict';
import { TerminalConsole, type ConsoleSession } from '../../src/runner/repl/terminal-console';
import { consoleOnRealSessions, KEY } from '../support/console-harness';
import { waitFor } from '../support/wait-for';

describe('the Motion terminals as consoles: lines the code asks for, its output, and failures underneath', function () {
  this.timeout(30_000);
  const t = consoleOnRealSessions();

  it('Python: input() asks on the terminal with its prompt; Ctrl+D ends input', async () => {
    t.open('python');
    t.press('name = input("Skeleton? ")', KEY.enter);
    await t.screenEndsWith('Skeleton? ');
    t.press('Actor1', KEY.enter, 'name', KEY.enter);
    await t.screenEndsWith('Skeleton? Actor1', '>>> name', "'Actor1'", '>>> ');
    t.press('input()', KEY.enter);
    await waitFor(() => t.transcript.join('').endsWith('>>> input()\n'), 'the question');
    await new Promise((resolve) => setTimeout(resolve, 100));
    t.press(KEY.ctrlD);
    await t.screenEndsWith('EOFError: EOF when reading a line', '>>> ');
  });

  it('Lua: io.read reads the line typed after the text the script wrote', async () => {
    t.open('lua');
    t.press('io.write("Name: ") local n = io.read() print("hello " .. n)', KEY.enter);
    await t.screenEndsWith('Name: ');
    t.press('Ada', KEY.enter);
    await t.screenEndsWith('Name: Ada', 'hello Ada', '> ');
    // Ctrl+D in an answer that has text deletes under the cursor; it ends input only on an empty one.
    t.press('print("[" .. io.read() .. "]")', KEY.enter);
    await waitFor(() => t.transcript.join('').endsWith('> print("[" .. io.read() .. "]")\n'), 'the question');
    t.press('xBob', KEY.home, KEY.ctrlD, KEY.enter);
    await t.screenEndsWith('Bob', '[Bob]', '> ');
  });

  it('writes an answer to input() into the transcript, and an empty one at end of input', async () => {
    t.open('python');
    t.press('a = input("Name? ")', KEY.enter);
    await t.screenEndsWith('Name? ');
    t.press('Ann', KEY.enter);
    await t.screenEndsWith('Name? Ann', '>>> ');
    assert.ok(t.transcript.join('').includes('Name? Ann\n'), t.transcript.join(''));
    t.press('b = input("Again? ")', KEY.enter);
    await t.screenEndsWith('Again? ');
    t.press(KEY.ctrlD);
    await t.screenEndsWith('EOFError: EOF when reading a line', '>>> ');
    assert.ok(t.transcript.join('').includes('Again? \n'), t.transcript.join(''));
  });

  it('ends input on a narrow terminal with the next prompt right below the question', async () => {
    t.open('python', 20);
    t.press('b = input("Again? ")', KEY.enter);
    await t.screenEndsWith('Again? ');
    t.press(KEY.ctrlD);
    await t.screenEndsWith('>>> ');
    const rows = await t.screen.rows();
    assert.equal(rows[rows.indexOf('Again? ') + 1], 'Traceback (most rece', rows.join('\n'));
  });

  it('starts the prompt on a row of its own after output too long to redraw under it, and goes on with that row', async () => {
    t.open('lua');
    t.press('local _ = io.write(string.rep("x", 1210))', KEY.enter);
    await t.screenEndsWith('x'.repeat(80), 'x'.repeat(10), '> ');
    t.press('local _ = io.write(string.rep("y", 1010)) io.write("z\\n")', KEY.enter);
    await t.screenEndsWith('y'.repeat(80), `${'y'.repeat(50)}z`, '> ');
    const rows = await t.screen.rows();
    assert.equal(rows.filter((row) => row === 'x'.repeat(80)).length, 15, 'every row of the output kept');
  });

  it('Ctrl+C while the code asks for a line interrupts the code, and leaves its question as typed', async () => {
    t.open('lua');
    t.press('io.write("Name: ") local n = io.read() print("never")', KEY.enter);
    await t.screenEndsWith('Name: ');
    t.press('Ad', KEY.ctrlC);
    await t.screenEndsWith('> ');
    const shown = await t.screen.rows();
    const left = shown.indexOf('Name: Ad^C');
    assert.ok(left > 0, shown.join('\n'));
    assert.match(shown.slice(left + 1).join('\n'), /^interrupted\nstack traceback:\n.*\n> $/s);
    assert.ok(!shown.includes('never'));
    t.press('print("again")', KEY.enter);
    await t.screenEndsWith('> print("again")', 'again', '> ');
  });

  it('Python: Ctrl+C in input() raises KeyboardInterrupt below the line as typed', async () => {
    t.open('python');
    t.press('input("Name? ")', KEY.enter);
    await t.screenEndsWith('Name? ');
    t.press('Ad', KEY.ctrlC);
    await t.screenEndsWith('Name? Ad^C', 'KeyboardInterrupt: interrupted', '>>> ');
    const shown = await t.screen.rows();
    assert.equal(shown.filter((row) => row.startsWith('Name? ')).join('|'), 'Name? Ad^C');
  });

  it('takes Tab in an answer as a tab, and rings the bell for Tab after a name nothing completes', async () => {
    t.open('lua');
    let bells = 0;
    t.screen.terminal.onBell(() => bells++);
    t.press('print("[" .. io.read() .. "]")', KEY.enter);
    await waitFor(() => t.transcript.join('').endsWith('> print("[" .. io.read() .. "]")\n'), 'the question');
    t.press('a', KEY.tab, 'b', KEY.enter);
    await waitFor(() => t.transcript.join('').includes('[a\tb]\n'), 'the answer printed');
    await t.screenEndsWith('> ');
    assert.equal(bells, 0);
    t.press('motion.nothing_like_it', KEY.tab);
    await t.screenEndsWith('> motion.nothing_like_it');
    assert.equal(bells, 1);
  });

  it('says why a line could not be looked at or run, and gives the prompt back', async () => {
    t.open('lua');
    // The session's interpreter gone wrong underneath: its check fails once, then its run.
    const failing: ConsoleSession = {
      isComplete: () => Promise.reject(new Error('the Lua session could not check the line')),
      run: () => Promise.reject(new Error('the Lua session stopped')),
      interrupt: () => undefined,
    };
    t.console = new TerminalConsole({ language: 'lua', session: failing, write: t.screen.write });
    t.console.open();
    t.press('print(1)', KEY.enter);
    await t.screenEndsWith('> print(1)', 'the Lua session could not check the line', '> ');
    failing.isComplete = () => Promise.resolve('complete');
    t.press('print(2)', KEY.enter);
    await t.screenEndsWith('> print(2)', 'the Lua session stopped', '> ');
  });
});
