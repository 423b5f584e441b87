import assert from 'node:assert/strict';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { LuaSession } from '../../src/runner/lua-session';
import { PythonSession } from '../../src/runner/python-session';
import { typedInto } from '../../src/runner/repl/console-session';
import { motionNames } from '../../src/runner/repl/motion-names';
import { TerminalConsole, type ConsoleSession } from '../../src/runner/repl/terminal-console';
import type { ScriptSession } from '../../src/runner/script-session';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';
import { VirtualTerminal } from '../support/virtual-terminal';
import { waitFor } from '../support/wait-for';

const KEY = {
  enter: '\r',
  left: '\x1b[D',
  right: '\x1b[C',
  up: '\x1b[A',
  down: '\x1b[B',
  home: '\x1b[H',
  end: '\x1b[F',
  delete: '\x1b[3~',
  backspace: '\x7f',
  wordLeft: '\x1b[1;5D',
  wordRight: '\x1b[1;5C',
  ctrlC: '\x03',
  ctrlD: '\x04',
  ctrlL: '\x0c',
  ctrlU: '\x15',
  ctrlK: '\x0b',
  ctrlW: '\x17',
  tab: '\t',
};

describe('the Motion terminals as consoles: a line discipline over a real session', function () {
  this.timeout(30_000);
  let server: MotionServer;
  let screen: VirtualTerminal;
  let console_: TerminalConsole;
  let session: ScriptSession;
  const transcript: string[] = [];
  const index = bundledDocumentation();

  before(async () => {
    server = await startMotionServer({ port: 0, logLevel: 'silent' });
  });
  after(() => server.close());
  afterEach(async () => {
    await session.dispose();
    screen.dispose();
  });

  function open(language: 'python' | 'lua', columns = 80, banner?: string): void {
    screen = new VirtualTerminal(columns);
    transcript.length = 0;
    const options = {
      serverUrl: server.url,
      onOutput: (stream: 'stdout' | 'stderr' | 'system', text: string) => console_.print(stream, text),
      readLine: (prompt: string) => console_.ask(prompt),
    };
    session = language === 'python' ? new PythonSession(options) : new LuaSession(options);
    console_ = new TerminalConsole({
      language,
      session: typedInto(session, language),
      write: screen.write,
      transcript: (text) => transcript.push(text),
      complete: (before) => motionNames(index, before),
      banner,
    });
    console_.open(columns);
  }

  /** Keys as a terminal sends them: one character (or escape sequence) at a time. */
  function press(...keys: string[]): void {
    for (const key of keys)
      if (key.startsWith('\x1b') || key.length === 1) console_.input(key);
      else for (const c of key) console_.input(c);
  }

  /** Waits until the screen ends with these rows (the last one being the one with the cursor). */
  async function screenEndsWith(...rows: string[]): Promise<void> {
    await waitFor(
      async () => {
        const shown = await screen.rows();
        return rows.every((row, i) => shown[shown.length - rows.length + i] === row);
      },
      `the screen to end with ${JSON.stringify(rows)}`,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}; it shows:\n${await screen.text()}`);
    });
  }

  it('Lua: a prompt, the value of an expression, and the prompt again', async () => {
    open('lua');
    await screenEndsWith('> ');
    press('1 + 1', KEY.enter);
    await screenEndsWith('> 1 + 1', '2', '> ');
    press('print({17, 173, 329})', KEY.enter);
    await screenEndsWith('> print({17, 173, 329})', '{17, 173, 329}', '> ');
    assert.deepEqual(await screen.cursor(), { row: (await screen.rows()).length - 1, column: 2 });
  });

  it('Lua: a chunk that is not finished continues on a ">> " prompt; top-level locals stay', async () => {
    open('lua');
    press('local total = 0', KEY.enter);
    await screenEndsWith('> ');
    press('for i = 1, 3 do', KEY.enter);
    await screenEndsWith('> for i = 1, 3 do', '>> ');
    press('  total = total + i', KEY.enter, 'end', KEY.enter);
    await screenEndsWith('>>   total = total + i', '>> end', '> ');
    press('print(total)', KEY.enter);
    await screenEndsWith('> print(total)', '6', '> ');
  });

  it('Python: a block continues on "... " until an empty line, and each expression statement shows its value', async () => {
    open('python');
    await screenEndsWith('>>> ');
    press('for i in range(3):', KEY.enter);
    await screenEndsWith('>>> for i in range(3):', '... ');
    press('    i * 10', KEY.enter);
    await screenEndsWith('...     i * 10', '... ');
    press(KEY.enter);
    await screenEndsWith('... ', '0', '10', '20', '>>> ');
    press('x = [1,', KEY.enter, ' 2]', KEY.enter, 'x', KEY.enter);
    await screenEndsWith('>>> x = [1,', '...  2]', '>>> x', '[1, 2]', '>>> ');
  });

  it('edits the line: left/right, home/end, backspace, delete, word moves, Ctrl+U/K/W', async () => {
    open('lua');
    press('rint(1)', KEY.home, 'p', KEY.end, KEY.backspace, '2)');
    await screenEndsWith('> print(12)');
    press(KEY.left, KEY.left, KEY.delete, '3');
    await screenEndsWith('> print(13)');
    press(KEY.enter);
    await screenEndsWith('13', '> ');
    press('x = 1 + 2', KEY.wordLeft, KEY.delete, '3', KEY.wordLeft, KEY.wordLeft, KEY.wordRight, '0');
    await screenEndsWith('> x = 10 + 3');
    press(KEY.end, KEY.ctrlW);
    await screenEndsWith('> x = 10 + ');
    press(KEY.home, KEY.wordRight, KEY.ctrlK);
    await screenEndsWith('> x');
    press(' = 5', KEY.left, KEY.ctrlU);
    await screenEndsWith('> 5');
    assert.equal((await screen.cursor()).column, 2, 'the cursor is at the start of what is left');
    press(KEY.enter);
    await screenEndsWith('> 5', '5', '> ');
  });

  it('recalls earlier lines with up and down, and gives back the line being typed', async () => {
    open('lua');
    press('a = 1', KEY.enter, 'print(a)', KEY.enter);
    await screenEndsWith('1', '> ');
    press('draft', KEY.up);
    await screenEndsWith('> print(a)');
    press(KEY.up);
    await screenEndsWith('> a = 1');
    press(KEY.up);
    await screenEndsWith('> a = 1');
    press(KEY.down, KEY.down);
    await screenEndsWith('> draft');
    press(KEY.up, KEY.enter);
    await screenEndsWith('> print(a)', '1', '> ');
  });

  it('Ctrl+C drops the line and the statement under way; Ctrl+C while code runs interrupts it', async () => {
    open('lua');
    press('for i = 1, 3 do', KEY.enter);
    await screenEndsWith('>> ');
    press('abc', KEY.ctrlC);
    await screenEndsWith('>> abc^C', '> ');
    press('kept = 7', KEY.enter, 'while true do end', KEY.enter);
    await screenEndsWith('> while true do end', '');
    await waitFor(() => session.running, 'the loop to run');
    press(KEY.ctrlC);
    await screenEndsWith('> ');
    assert.match(
      await screen.text(),
      /> while true do end\nstdin:1: interrupted\nstack traceback:\n\s+stdin:1: in main chunk\n> $/,
    );
    press('kept', KEY.enter);
    await screenEndsWith('> kept', '7', '> ');
  });

  it('runs a pasted block line by line, its tabs as indentation (bracketed paste and a plain one)', async () => {
    open('python');
    press('\x1b[200~def twice(n):\r\treturn 2 * n\r\rtwice(21)\r\x1b[201~');
    await screenEndsWith('>>> twice(21)', '42', '>>> ');
    // The tab stays a tab (the terminal shows it as a move to its next tab stop).
    assert.match(transcript.join(''), />>> def twice\(n\):\n\.\.\. \treturn 2 \* n\n\.\.\. \n>>> twice\(21\)/);
    console_.input('y = 2\rprint(y * 3)\r'); // a terminal without bracketed paste sends the lines in one chunk
    await screenEndsWith('>>> print(y * 3)', '6', '>>> ');
  });

  it('keeps what is typed while code runs, and uses it once the prompt is back', async () => {
    open('lua');
    console_.input('local t = os.clock() while os.clock() - t < 0.3 do end\r');
    press('print("typed ahead")', KEY.enter);
    await screenEndsWith('> print("typed ahead")', 'typed ahead', '> ');
  });

  it('prints a run started from the editor above the line being typed, and gives the line back', async () => {
    open('lua');
    press('x = ');
    await screenEndsWith('> x = ');
    console_.beginRun();
    console_.echo('print("from the editor")\nprint("second")');
    await session.run('print("from the editor")\nprint("second")');
    console_.endRun();
    await screenEndsWith('> print("from the editor")', '>> print("second")', 'from the editor', 'second', '> x = ');
    assert.deepEqual(await screen.cursor(), { row: (await screen.rows()).length - 1, column: 6 });
    press('41 + 1', KEY.enter, 'x', KEY.enter);
    await screenEndsWith('> x', '42', '> ');
  });

  it('Python: input() asks on the terminal with its prompt; Ctrl+D ends input', async () => {
    open('python');
    press('name = input("Skeleton? ")', KEY.enter);
    await screenEndsWith('Skeleton? ');
    press('Actor1', KEY.enter, 'name', KEY.enter);
    await screenEndsWith('Skeleton? Actor1', '>>> name', "'Actor1'", '>>> ');
    press('input()', KEY.enter);
    await waitFor(() => transcript.join('').endsWith('>>> input()\n'), 'the question');
    await new Promise((resolve) => setTimeout(resolve, 100));
    press(KEY.ctrlD);
    await screenEndsWith('EOFError: EOF when reading a line', '>>> ');
  });

  it('Lua: io.read reads the line typed after the text the script wrote', async () => {
    open('lua');
    press('io.write("Name: ") local n = io.read() print("hello " .. n)', KEY.enter);
    await screenEndsWith('Name: ');
    press('Ada', KEY.enter);
    await screenEndsWith('Name: Ada', 'hello Ada', '> ');
  });

  it('completes motion names on Tab, and a second Tab lists them; Tab at the start of a line indents', async () => {
    open('lua');
    press('motion.gui.sel', KEY.tab);
    await screenEndsWith('> motion.gui.selection');
    press('.get_sel', KEY.tab);
    await screenEndsWith('> motion.gui.selection.get_selection');
    press(KEY.tab, KEY.tab);
    await screenEndsWith('get_selection_count  get_selections', '> motion.gui.selection.get_selection');
    press(KEY.ctrlU, KEY.tab, 'x');
    await screenEndsWith('>     x');
    press(KEY.ctrlU, 'mot', KEY.tab);
    await screenEndsWith('> motion');
  });

  it('lists completions in columns across the terminal, after a bell for the first Tab that adds nothing', async () => {
    open('python', 60, 'Motion Python console');
    let bells = 0;
    screen.terminal.onBell(() => bells++);
    await screenEndsWith('Motion Python console', '>>> ');
    const typed = 'motion.settings.processing.skeleton.get_segment_';
    press(typed, KEY.tab);
    await screenEndsWith(`>>> ${typed}`);
    assert.equal(bells, 1);
    press(KEY.tab);
    await screenEndsWith(`>>> ${typed}`);
    const rows = await screen.rows();
    const listing = rows.slice(rows.indexOf(`>>> ${typed}`) + 1, -1);
    const names = motionNames(index, typed)!.names;
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
    open('lua');
    press(' ', KEY.tab, 'x');
    await screenEndsWith('>     x');
    press(KEY.ctrlU, KEY.tab, KEY.tab, 'y');
    await screenEndsWith('>         y');
    press(KEY.ctrlU, 'abc', KEY.home, KEY.ctrlD);
    await screenEndsWith('> bc');
  });

  it('Ctrl+C on a line wrapped over rows leaves all of it and starts the next prompt below', async () => {
    open('lua', 20);
    press('print("abcdefghijklmnopqrstu")', KEY.home, KEY.ctrlC);
    await screenEndsWith('> print("abcdefghijk', 'lmnopqrstu")^C', '> ');
  });

  it('writes an answer to input() into the transcript, and an empty one at end of input', async () => {
    open('python');
    press('a = input("Name? ")', KEY.enter);
    await screenEndsWith('Name? ');
    press('Ann', KEY.enter);
    await screenEndsWith('Name? Ann', '>>> ');
    assert.ok(transcript.join('').includes('Name? Ann\n'), transcript.join(''));
    press('b = input("Again? ")', KEY.enter);
    await screenEndsWith('Again? ');
    press(KEY.ctrlD);
    await screenEndsWith('EOFError: EOF when reading a line', '>>> ');
    assert.ok(transcript.join('').includes('Again? \n'), transcript.join(''));
  });

  it('starts the prompt on a row of its own after output too long to redraw under it, and goes on with that row', async () => {
    open('lua');
    press('local _ = io.write(string.rep("x", 1210))', KEY.enter);
    await screenEndsWith('x'.repeat(80), 'x'.repeat(10), '> ');
    press('local _ = io.write(string.rep("y", 1010)) io.write("z\\n")', KEY.enter);
    await screenEndsWith('y'.repeat(80), `${'y'.repeat(50)}z`, '> ');
    const rows = await screen.rows();
    assert.equal(rows.filter((row) => row === 'x'.repeat(80)).length, 15, 'every row of the output kept');
  });

  it('Ctrl+C while the code asks for a line interrupts the code, and leaves its question as typed', async () => {
    open('lua');
    press('io.write("Name: ") local n = io.read() print("never")', KEY.enter);
    await screenEndsWith('Name: ');
    press('Ad', KEY.ctrlC);
    await screenEndsWith('> ');
    const shown = await screen.rows();
    const left = shown.indexOf('Name: Ad^C');
    assert.ok(left > 0, shown.join('\n'));
    assert.match(shown.slice(left + 1).join('\n'), /^interrupted\nstack traceback:\n.*\n> $/s);
    assert.ok(!shown.includes('never'));
    press('print("again")', KEY.enter);
    await screenEndsWith('> print("again")', 'again', '> ');
  });

  it('Python: Ctrl+C in input() raises KeyboardInterrupt below the line as typed', async () => {
    open('python');
    press('input("Name? ")', KEY.enter);
    await screenEndsWith('Name? ');
    press('Ad', KEY.ctrlC);
    await screenEndsWith('Name? Ad^C', 'KeyboardInterrupt: interrupted', '>>> ');
    const shown = await screen.rows();
    assert.equal(shown.filter((row) => row.startsWith('Name? ')).join('|'), 'Name? Ad^C');
  });

  it('takes Tab in an answer as a tab, and rings the bell for Tab after a name nothing completes', async () => {
    open('lua');
    let bells = 0;
    screen.terminal.onBell(() => bells++);
    press('print("[" .. io.read() .. "]")', KEY.enter);
    await waitFor(() => transcript.join('').endsWith('> print("[" .. io.read() .. "]")\n'), 'the question');
    press('a', KEY.tab, 'b', KEY.enter);
    await waitFor(() => transcript.join('').includes('[a\tb]\n'), 'the answer printed');
    await screenEndsWith('> ');
    assert.equal(bells, 0);
    press('motion.nothing_like_it', KEY.tab);
    await screenEndsWith('> motion.nothing_like_it');
    assert.equal(bells, 1);
  });

  it('says why a line could not be looked at or run, and gives the prompt back', async () => {
    open('lua');
    // The session's interpreter gone wrong underneath: its check fails once, then its run.
    const failing: ConsoleSession = {
      isComplete: () => Promise.reject(new Error('the Lua session could not check the line')),
      run: () => Promise.reject(new Error('the Lua session stopped')),
      interrupt: () => undefined,
    };
    console_ = new TerminalConsole({ language: 'lua', session: failing, write: screen.write });
    console_.open();
    press('print(1)', KEY.enter);
    await screenEndsWith('> print(1)', 'the Lua session could not check the line', '> ');
    failing.isComplete = () => Promise.resolve('complete');
    press('print(2)', KEY.enter);
    await screenEndsWith('> print(2)', 'the Lua session stopped', '> ');
  });

  it('Ctrl+L clears the screen and keeps the line', async () => {
    open('lua');
    press('print("old")', KEY.enter);
    await screenEndsWith('old', '> ');
    press('x = 1', KEY.ctrlL);
    await waitFor(async () => (await screen.text()).trim() === '> x = 1', 'a clear screen with the prompt');
  });

  it('wraps a line longer than the terminal and edits it in place', async () => {
    open('lua', 20);
    const long = `print("${'a'.repeat(30)}")`;
    press(long);
    await screenEndsWith(`> print("${'a'.repeat(11)}`, `${'a'.repeat(19)}"`, ')');
    press(KEY.home, KEY.right, KEY.right, KEY.right, KEY.right, KEY.right, KEY.right, KEY.right, 'b');
    await screenEndsWith(`> print("b${'a'.repeat(10)}`, 'a'.repeat(20), '")');
    press(KEY.enter);
    await screenEndsWith(`b${'a'.repeat(19)}`, 'a'.repeat(11), '> ');
  });

  it('draws the line again when the terminal gets wider or narrower, without losing rows or leaving pieces', async () => {
    open('lua', 30);
    press('print("above")', KEY.enter);
    await screenEndsWith('above', '> ');
    press(`x = "${'y'.repeat(40)}"`); // 47 columns: two rows at 30, one at 60
    await screen.resize(60);
    console_.resize(60);
    press('z');
    await screenEndsWith('above', `> x = "${'y'.repeat(40)}"z`);
    await screen.resize(20);
    console_.resize(20);
    press(KEY.backspace);
    await screenEndsWith('above', `> x = "${'y'.repeat(13)}`, 'y'.repeat(20), `${'y'.repeat(7)}"`);
  });
});
