import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const TOOLS = resolve(__dirname, '../fixtures/tools');

interface GuiReport {
  menu: { text: string; command: string; submenu: number; items?: GuiReport['menu'] }[];
  commands: { builtin: string[]; user: string[] };
  accelerators: Record<string, string>;
  messages: { type: string; message: string; details: string }[];
  terminal: string;
  drawFunction: string | null;
}

/**
 * The reference server as the application's scripting host: start-up scripts run in its own
 * Python, and what they build (commands, menus, a draw function) works as it does in the
 * application. The tool under test is written as the vendor's are: a start-up script that loads
 * every tool of a folder, a helper module, a submenu, two commands, a dialog and a draw function.
 */
describe('start-up scripts in the reference server: a tool’s commands, menus, dialogs and drawing', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-test-host-', { stopFirst: () => t?.server.close() });
  let t: TestServer;
  /** The tool, copied where the test may change it. */
  let startup: string;

  const report = async <T>(path: string, args: unknown[] = []): Promise<T> => {
    const reply = await t.raw({
      path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body as T;
  };
  const gui = () => report<GuiReport>('/reference/gui');

  async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<void> {
    t = await startTestServer({ scripts: [startup], ...options });
  }

  /**
   * A tool of its own in the tools folder: a command `name` whose function (line 3) has `body`,
   * added to the menus with `priority`.
   */
  const addTool = (name: string, priority: number, body: string[]) =>
    writeFileSync(
      join(scratch.path, 'tools', `${name}.py`),
      [
        'import motion',
        `menu_priority = ${priority}`,
        `def ${name}():`,
        ...body.map((line) => `    ${line}`),
        'def add_menu():',
        `    motion.gui.add_command("${name}")`,
        `    motion.gui.set_command_execute_function("${name}", ${name})`,
        '',
      ].join('\n'),
    );

  beforeEach(() => {
    cpSync(TOOLS, scratch.path, { recursive: true });
    startup = join(scratch.path, 'startup_tools.py');
  });

  it('loads the tool at start: its commands, its submenu with buttons and a separator, and what it printed', async () => {
    await start();
    assert.deepEqual(t.server.loaded, [{ file: startup, ok: true }]);
    assert.deepEqual(await t.ok('gui', 'get_commands', ['user']), ['fill_gaps', 'report_gaps']);
    assert.deepEqual(await t.ok('gui', 'get_commands', ['builtin']), ['save_file', 'close_file', 'reload_scripts']);
    const top = await t.ok<{ text: string; submenu: number }[]>('gui', 'get_menu_items', [null]);
    const tools = top.find((item) => item.text === 'Gap tools')!;
    assert.ok(tools.submenu > 0);
    assert.deepEqual(await t.ok('gui', 'get_menu_items', [tools.submenu]), [
      { text: 'Fill gaps…', command: 'fill_gaps', submenu: 0 },
      { text: '', command: '', submenu: 0 },
      { text: 'Report gaps', command: 'report_gaps', submenu: 0 },
    ]);
    assert.equal(await t.ok('gui', 'get_menu_item_count', [tools.submenu]), 3);
    const shown = await gui();
    assert.equal(shown.terminal, 'gap tools ready\nAdded gap_tools menu.\n');
    assert.equal(shown.drawFunction, 'draw (gap_tools.py:48)');
    assert.deepEqual(await report('/reference/scripts'), { scripts: [startup] });
  });

  it('runs a command’s function when it is sent over HTTP, answering when it has returned; its dialog, with nobody there, is cancelled and says so', async () => {
    await start();
    await t.ok('gui', 'send_command', ['report_gaps']);
    assert.match((await gui()).terminal, /\n22 gaps\n$/);
    const before = t.stateText();
    await t.ok('gui', 'send_command', ['fill_gaps']);
    const after = await gui();
    assert.match(after.terminal, /fill gaps: cancelled\n$/);
    assert.deepEqual(after.messages.at(-1), {
      type: 'warning',
      message: 'The input dialog "Fill gaps" was answered as Cancel: nobody is at the reference server to answer it',
      details:
        'In VS Code, Motion shows dialogs to you; a script test answers them with motion.testing.answer("motion.gui.dialog.show_string_input_dialog", value).',
    });
    assert.equal(t.stateText(), before, 'cancelled: nothing filled');
  });

  it('does not run a command its update function disables', async () => {
    await start();
    await t.ok('file', 'close');
    const said = (await gui()).terminal;
    await t.ok('gui', 'send_command', ['fill_gaps']);
    assert.equal((await gui()).terminal, said, 'fill_gaps did not run: no measurement is open');
  });

  it('runs a command a command’s function sends, before that call returns (nested, as in the application)', async () => {
    addTool('toggle', 2, [
      'motion.gui.terminal.write("toggling\\n")',
      'motion.gui.send_command("report_gaps")',
      'motion.gui.terminal.write("toggled\\n")',
    ]);
    await start();
    await t.ok('gui', 'send_command', ['toggle']);
    assert.match((await gui()).terminal, /toggling\n22 gaps\ntoggled\n$/);
  });

  it('draws what the draw function draws, and refuses drawing outside one', async () => {
    await start();
    const shapes = await report<{ shape: string }[]>('/reference/draw', [1.5]);
    assert.deepEqual(
      shapes.map((s) => s.shape),
      ['sphere', 'text_2d'],
    );
    assert.deepEqual(shapes[1], {
      shape: 'text_2d',
      position: [0, 0],
      size: 16,
      text: '1.50 s',
      origin: null,
      alignment: null,
      color: null,
    });
    const refused = await t.fails('gui/_3d', 'draw_sphere', [[0, 0, 0], 10, null], 'invalid_argument');
    assert.match(refused.message, /^draw_sphere works only inside a draw function/);
  });

  it('refuses a function sent over HTTP, saying to load the script at start-up instead', async () => {
    await start();
    const refused = await t.fails(
      'gui',
      'set_command_execute_function',
      ['report_gaps', '<function report>'],
      'invalid_argument',
    );
    assert.equal(refused.parameter, 'function');
    assert.match(refused.message, /a function cannot travel over HTTP\. Load the script at start-up instead/);
  });

  it('says which tool file and line raised when a command’s function raises, and keeps answering', async () => {
    addTool('explode', 3, ['return 1 / 0']);
    await start();
    const refused = await t.fails('gui', 'send_command', ['explode'], 'script_error');
    const explode = join(scratch.path, 'tools', 'explode.py');
    assert.match(
      refused.message,
      new RegExp(`^the command "explode" raised ZeroDivisionError: division by zero at ${escape(explode)}:4\\n`),
    );
    assert.match(refused.message, /Traceback \(most recent call last\):/);
    assert.equal((await gui()).messages.at(-1)?.type, 'error');
    assert.deepEqual(await t.ok('gui', 'get_commands', ['user']), ['fill_gaps', 'report_gaps', 'explode']);
  });

  it('stops a function that never returns at its deadline, and the tool works again after', async () => {
    addTool('forever', 3, ['while True:', '    pass']);
    await start({ functionDeadlineMs: 1_000 });
    const refused = await t.fails('gui', 'send_command', ['forever'], 'request_timeout');
    assert.match(
      refused.message,
      /^the command "forever" \(forever \(forever\.py:3\)\) did not return within 1 s, so it was stopped$/,
    );
    await t.ok('gui', 'send_command', ['report_gaps']);
    assert.match((await gui()).terminal, /22 gaps\n$/);
  });

  it('reports a start-up script that raises with its file and line, and loads the others', async () => {
    const bad = join(scratch.path, 'bad_start.py');
    writeFileSync(bad, 'import motion\n\nmotion.gui.add_command("half")\nraise ValueError("no config")\n');
    await start({ scripts: [bad, startup] });
    assert.deepEqual(
      t.server.loaded.map((l) => [l.file, l.ok, l.error?.type, l.error?.line]),
      [
        [bad, false, 'ValueError', 4],
        [startup, true, undefined, undefined],
      ],
    );
    assert.equal(t.server.loaded[0].error!.file, bad);
    const message = (await gui()).messages[0];
    assert.equal(message.type, 'error');
    assert.match(message.message, /raised ValueError: no config \(.*bad_start\.py:4\)$/);
    assert.match(message.details, /line 4/);
    // What it did before it raised stays, as in the application.
    assert.deepEqual(await t.ok('gui', 'get_commands', ['user']), ['half', 'fill_gaps', 'report_gaps']);
  });

  it('Reload Scripts runs them again: the tool reloads its changed helper, as the vendor’s do (the interpreter keeps its modules)', async () => {
    // A tool whose helper is imported and never reloaded: the interpreter keeps the first one.
    writeFileSync(join(scratch.path, 'helpers', 'plain.py'), 'VALUE = "first"\n');
    writeFileSync(
      join(scratch.path, 'tools', 'plain_tool.py'),
      'import motion\nimport helpers.plain\nmenu_priority = 2\ndef add_menu():\n    print("plain", helpers.plain.VALUE)\n',
    );
    await start();
    const helper = join(scratch.path, 'helpers', 'menu_tools.py');
    writeFileSync(helper, readFileSync(helper, 'utf8').replace('gap tools ready', 'gap tools ready again'));
    writeFileSync(join(scratch.path, 'helpers', 'plain.py'), 'VALUE = "second"\n');
    await t.ok('gui', 'send_command', ['reload_scripts']);
    const shown = await gui();
    assert.match(
      shown.terminal,
      /gap tools ready again\nAdded gap_tools menu\.\nplain first\nAdded plain_tool menu\.\n$/,
    );
    // Built again, not twice: one Gap tools menu, the same commands.
    assert.equal(shown.menu.filter((m) => m.text === 'Gap tools').length, 1);
    assert.deepEqual(shown.commands.user, ['fill_gaps', 'report_gaps']);
  });

  it('changes the list of start-up scripts, kept in the state file, and refuses what is not a script', async () => {
    const state = join(scratch.path, 'state.json');
    await start({ scripts: [], state });
    assert.deepEqual(await t.ok('gui', 'get_commands', ['user']), []);
    const added = await report<{ scripts: string[]; loaded: unknown[] }>('/reference/scripts', ['add', startup]);
    assert.deepEqual(added, { scripts: [startup], loaded: [{ file: startup, ok: true }] });
    assert.deepEqual(await t.ok('gui', 'get_commands', ['user']), ['fill_gaps', 'report_gaps']);
    assert.deepEqual((JSON.parse(readFileSync(state, 'utf8')) as { state: { scripts: string[] } }).state.scripts, [
      startup,
    ]);
    const missing = await t.raw({
      path: '/reference/scripts',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(['add', join(scratch.path, 'nope.py')]),
    });
    assert.equal(missing.status, 404);
    assert.match(
      (missing.body as { error: { message: string } }).error.message,
      /^there is no file ".*nope\.py" to load at start-up$/,
    );
    const notScript = await t.raw({
      path: '/reference/scripts',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(['add', join(scratch.path, 'helpers')]),
    });
    assert.equal(notScript.status, 400);
    const removed = await report<{ scripts: string[] }>('/reference/scripts', ['remove', startup]);
    assert.deepEqual(removed.scripts, []);
    assert.deepEqual(await t.ok('gui', 'get_commands', ['user']), [], 'removed: its commands are gone');
  });

  it('keeps menus consistent: an index out of range, an unknown menu or command, a duplicate command are refused, naming what', async () => {
    await start();
    const top = await t.ok<{ text: string; submenu: number }[]>('gui', 'get_menu_items', [null]);
    const tools = top.find((item) => item.text === 'Gap tools')!.submenu;
    const out = await t.fails('gui', 'insert_menu_separator', [tools, 4], 'out_of_range');
    assert.equal(out.message, 'index 4 is out of range 0..3 (the menu has 3 items; 3 adds at the end)');
    await t.fails('gui', 'delete_menu_item', [tools, 3], 'out_of_range');
    await t.fails('gui', 'get_menu_items', [999], 'not_found');
    const unknown = await t.fails('gui', 'insert_menu_button', [tools, 'X', 'no_such_command', null], 'not_found');
    assert.match(unknown.message, /there is no command "no_such_command"/);
    const twice = await t.fails('gui', 'add_command', ['report_gaps'], 'invalid_argument');
    assert.match(twice.message, /already exists: check with get_commands\(\)/);
    await t.ok('gui', 'delete_menu_item', [null, top.findIndex((i) => i.text === 'Gap tools')]);
    await t.fails('gui', 'get_menu_items', [tools], 'not_found');
    await t.ok('gui', 'set_accelerator', [{ ctrl: true, alt: false, shift: true, key: 'g' }, 'report_gaps']);
    assert.deepEqual((await gui()).accelerators, { 'Ctrl+Shift+G': 'report_gaps' });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
