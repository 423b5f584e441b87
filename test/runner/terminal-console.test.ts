import assert from 'node:assert/strict';
import { motionNames } from '../../src/runner/repl/motion-names';
import { consoleOnRealSessions, KEY } from '../support/console-harness';
import { waitFor } from '../support/wait-for';

describe('the Motion terminals as consoles: a line discipline over a real session', function () {
  this.timeout(30_000);
  const t = consoleOnRealSessions();

  it('Lua: a prompt, the value of an expression, and the prompt again', async () => {
    t.open('lua');
    await t.screenEndsWith('> ');
    assert.deepEqual(await t.screen.rows(), ['> '], 'no banner given, none shown');
    t.press('1 + 1', KEY.enter);
    await t.screenEndsWith('> 1 + 1', '2', '> ');
    t.press('print({17, 173, 329})', KEY.enter);
    await t.screenEndsWith('> print({17, 173, 329})', '{17, 173, 329}', '> ');
    assert.deepEqual(await t.screen.cursor(), { row: (await t.screen.rows()).length - 1, column: 2 });
  });

  it('Lua: a chunk that is not finished continues on a ">> " prompt; top-level locals stay', async () => {
    t.open('lua');
    t.press('local total = 0', KEY.enter);
    await t.screenEndsWith('> ');
    t.press('for i = 1, 3 do', KEY.enter);
    await t.screenEndsWith('> for i = 1, 3 do', '>> ');
    t.press('  total = total + i', KEY.enter, 'end', KEY.enter);
    await t.screenEndsWith('>>   total = total + i', '>> end', '> ');
    t.press('print(total)', KEY.enter);
    await t.screenEndsWith('> print(total)', '6', '> ');
  });

  it('Python: a block continues on "... " until an empty line, and each expression statement shows its value', async () => {
    t.open('python');
    await t.screenEndsWith('>>> ');
    t.press('for i in range(3):', KEY.enter);
    await t.screenEndsWith('>>> for i in range(3):', '... ');
    t.press('    i * 10', KEY.enter);
    await t.screenEndsWith('...     i * 10', '... ');
    t.press(KEY.enter);
    await t.screenEndsWith('... ', '0', '10', '20', '>>> ');
    t.press('x = [1,', KEY.enter, ' 2]', KEY.enter, 'x', KEY.enter);
    await t.screenEndsWith('>>> x = [1,', '...  2]', '>>> x', '[1, 2]', '>>> ');
  });

  it('edits the line: left/right, home/end, backspace, delete, word moves, Ctrl+U/K/W', async () => {
    t.open('lua');
    t.press('rint(1)', KEY.home, 'p', KEY.end, KEY.backspace, '2)');
    await t.screenEndsWith('> print(12)');
    t.press(KEY.left, KEY.left, KEY.delete, '3');
    await t.screenEndsWith('> print(13)');
    t.press(KEY.enter);
    await t.screenEndsWith('13', '> ');
    t.press('x = 1 + 2', KEY.wordLeft, KEY.delete, '3', KEY.wordLeft, KEY.wordLeft, KEY.wordRight, '0');
    await t.screenEndsWith('> x = 10 + 3');
    t.press(KEY.end, KEY.ctrlW);
    await t.screenEndsWith('> x = 10 + ');
    t.press(KEY.home, KEY.wordRight, KEY.ctrlK);
    await t.screenEndsWith('> x');
    t.press(' = 5', KEY.left, KEY.ctrlU);
    await t.screenEndsWith('> 5');
    assert.equal((await t.screen.cursor()).column, 2, 'the cursor is at the start of what is left');
    t.press(KEY.enter);
    await t.screenEndsWith('> 5', '5', '> ');
  });

  it('recalls earlier lines with up and down, and gives back the line being typed', async () => {
    t.open('lua');
    t.press('a = 1', KEY.enter, 'print(a)', KEY.enter);
    await t.screenEndsWith('1', '> ');
    t.press('draft', KEY.up);
    await t.screenEndsWith('> print(a)');
    t.press(KEY.up);
    await t.screenEndsWith('> a = 1');
    t.press(KEY.up);
    await t.screenEndsWith('> a = 1');
    t.press(KEY.down, KEY.down);
    await t.screenEndsWith('> draft');
    t.press(KEY.up, KEY.enter);
    await t.screenEndsWith('> print(a)', '1', '> ');
  });

  it('Ctrl+C drops the line and the statement under way; Ctrl+C while code runs interrupts it', async () => {
    t.open('lua');
    t.press('for i = 1, 3 do', KEY.enter);
    await t.screenEndsWith('>> ');
    t.press('abc', KEY.ctrlC);
    await t.screenEndsWith('>> abc^C', '> ');
    t.press('kept = 7', KEY.enter, 'while true do end', KEY.enter);
    await t.screenEndsWith('> while true do end', '');
    await waitFor(() => t.session.running, 'the loop to run');
    t.press(KEY.ctrlC);
    await t.screenEndsWith('> ');
    assert.match(
      await t.screen.text(),
      /> while true do end\nstdin:1: interrupted\nstack traceback:\n\s+stdin:1: in main chunk\n> $/,
    );
    t.press('kept', KEY.enter);
    await t.screenEndsWith('> kept', '7', '> ');
  });

  it('runs a pasted block line by line, its tabs as indentation (bracketed paste and a plain one)', async () => {
    t.open('python');
    t.press('\x1b[200~def twice(n):\r\treturn 2 * n\r\rtwice(21)\r\x1b[201~');
    await t.screenEndsWith('>>> twice(21)', '42', '>>> ');
    // The tab stays a tab (the terminal shows it as a move to its next tab stop).
    assert.match(t.transcript.join(''), />>> def twice\(n\):\n\.\.\. \treturn 2 \* n\n\.\.\. \n>>> twice\(21\)/);
    t.console.input('y = 2\rprint(y * 3)\r'); // a terminal without bracketed paste sends the lines in one chunk
    await t.screenEndsWith('>>> print(y * 3)', '6', '>>> ');
    // Copied from a file with Windows line ends: each CR LF is one line break (an empty line would end the block).
    t.press('\x1b[200~def thrice(n):\r\n    return 3 * n\r\n\r\nthrice(y)\r\n\x1b[201~');
    await t.screenEndsWith('>>> thrice(y)', '6', '>>> ');
  });

  it('keeps what is typed while code runs, and uses it once the prompt is back', async () => {
    t.open('lua');
    t.console.input('local t = os.clock() while os.clock() - t < 0.3 do end\r');
    t.press('print("typed ahead")', KEY.enter);
    await t.screenEndsWith('> print("typed ahead")', 'typed ahead', '> ');
  });

  it('prints a run started from the editor above the line being typed, and gives the line back', async () => {
    t.open('lua');
    t.press('x = ');
    await t.screenEndsWith('> x = ');
    t.console.beginRun();
    t.console.echo('print("from the editor")\nprint("second")');
    await t.session.run('print("from the editor")\nprint("second")');
    t.console.endRun();
    await t.screenEndsWith('> print("from the editor")', '>> print("second")', 'from the editor', 'second', '> x = ');
    assert.deepEqual(await t.screen.cursor(), { row: (await t.screen.rows()).length - 1, column: 6 });
    t.press('41 + 1', KEY.enter, 'x', KEY.enter);
    await t.screenEndsWith('> x', '42', '> ');
  });

  it('keeps the prompt away until every run started elsewhere has ended, and then uses what was typed', async () => {
    t.open('lua');
    t.press('x = ');
    await t.screenEndsWith('> x = ');
    t.console.beginRun();
    t.console.beginRun();
    t.press('7');
    const typedWhileRunning = async () => (await t.screen.text()).includes('x = 7');
    assert.equal(await typedWhileRunning(), false, 'the prompt waits while two runs go');
    t.console.endRun();
    assert.equal(await typedWhileRunning(), false, 'and while one of them still goes');
    t.console.endRun();
    await t.screenEndsWith('> x = 7');
    t.press(KEY.enter, 'print(x)', KEY.enter);
    await t.screenEndsWith('> print(x)', '7', '> ');
  });

  it('completes motion names on Tab, and a second Tab lists them; Tab at the start of a line indents', async () => {
    t.open('lua');
    t.press('motion.gui.sel', KEY.tab);
    await t.screenEndsWith('> motion.gui.selection');
    t.press('.get_sel', KEY.tab);
    await t.screenEndsWith('> motion.gui.selection.get_selection');
    t.press(KEY.tab, KEY.tab);
    await t.screenEndsWith('get_selection_count  get_selections', '> motion.gui.selection.get_selection');
    t.press(KEY.ctrlU, KEY.tab, 'x');
    await t.screenEndsWith('>     x');
    t.press(KEY.ctrlU, 'mot', KEY.tab);
    await t.screenEndsWith('> motion');
  });

  it('lists completions in columns across the terminal, after a bell for the first Tab that adds nothing', async () => {
    t.open('python', 60, 'Motion Python console');
    let bells = 0;
    t.screen.terminal.onBell(() => bells++);
    await t.screenEndsWith('Motion Python console', '>>> ');
    const typed = 'motion.settings.processing.skeleton.get_segment_';
    t.press(typed, KEY.tab);
    await t.screenEndsWith(`>>> ${typed}`);
    assert.equal(bells, 1);
    t.press(KEY.tab);
    await t.screenEndsWith(`>>> ${typed}`);
    const rows = await t.screen.rows();
    const listing = rows.slice(rows.indexOf(`>>> ${typed}`) + 1, -1);
    const names = motionNames(t.index, typed)!.names;
    assert.ok(names.length > 6, `many names (${names.length})`);
    const cell = Math.max(...names.map((n) => n.length)) + 2;
    assert.deepEqual(
      listing.flatMap((row) => row.split(/ +/)),
      names,
      'every name once, in order, row by row',
    );
    assert.ok(listing.length > 1 && listing.every((row) => row.length > 0 && row.length <= 60));
    const perRow = listing[0].split(/ +/).length;
    assert.equal(perRow, Math.floor(60 / cell), 'as many as fit');
    assert.ok(listing.every((row) => row.split(/ +/).length <= perRow));
    for (const row of listing)
      row.split(/ +/).forEach((name, i) => assert.equal(row.indexOf(name), i * cell, `${name} in its column`));
    assert.equal(bells, 1);
  });

  it('indents to the next multiple of four on Tab in leading blanks; Ctrl+D deletes at the prompt', async () => {
    t.open('lua');
    t.press(' ', KEY.tab, 'x');
    await t.screenEndsWith('>     x');
    t.press(KEY.ctrlU, KEY.tab, KEY.tab, 'y');
    await t.screenEndsWith('>         y');
    t.press(KEY.ctrlU, 'abc', KEY.home, KEY.ctrlD);
    await t.screenEndsWith('> bc');
    // On an empty line too it only deletes (nothing): the console is no question to end.
    t.press(KEY.end, KEY.ctrlU, KEY.ctrlD, 'print(5)', KEY.enter);
    await t.screenEndsWith('> print(5)', '5', '> ');
  });

  it('Ctrl+C on a line wrapped over rows leaves all of it and starts the next prompt below', async () => {
    t.open('lua', 20);
    t.press('print("abcdefghijklmnopqrstu")', KEY.home, KEY.ctrlC);
    await t.screenEndsWith('> print("abcdefghijk', 'lmnopqrstu")^C', '> ');
  });

  it('Ctrl+L clears the screen and keeps the line', async () => {
    t.open('lua');
    t.press('print("old")', KEY.enter);
    await t.screenEndsWith('old', '> ');
    t.press('x = 1', KEY.ctrlL);
    await waitFor(async () => (await t.screen.text()).trim() === '> x = 1', 'a clear screen with the prompt');
  });

  it('wraps a line longer than the terminal and edits it in place', async () => {
    t.open('lua', 20);
    const long = `print("${'a'.repeat(30)}")`;
    t.press(long);
    await t.screenEndsWith(`> print("${'a'.repeat(11)}`, `${'a'.repeat(19)}"`, ')');
    t.press(KEY.home, KEY.right, KEY.right, KEY.right, KEY.right, KEY.right, KEY.right, KEY.right, 'b');
    await t.screenEndsWith(`> print("b${'a'.repeat(10)}`, 'a'.repeat(20), '")');
    t.press(KEY.enter);
    await t.screenEndsWith(`b${'a'.repeat(19)}`, 'a'.repeat(11), '> ');
  });

  it('draws the line again when the terminal gets wider or narrower, without losing rows or leaving pieces', async () => {
    t.open('lua', 30);
    t.press('print("above")', KEY.enter);
    await t.screenEndsWith('above', '> ');
    t.press(`x = "${'y'.repeat(40)}"`); // 47 columns: two rows at 30, one at 60
    await t.screen.resize(60);
    t.console.resize(60);
    t.press('z');
    await t.screenEndsWith('above', `> x = "${'y'.repeat(40)}"z`);
    await t.screen.resize(20);
    t.console.resize(20);
    t.press(KEY.backspace);
    await t.screenEndsWith('above', `> x = "${'y'.repeat(13)}`, 'y'.repeat(20), `${'y'.repeat(7)}"`);
  });
});
