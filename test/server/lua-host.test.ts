import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const LUA_TOOLS = resolve(__dirname, '../fixtures/tools/lua');

/**
 * Lua start-up scripts in the reference server's own Lua (the reference Lua 5.4, wasmoon): the
 * vendor's kind of tool (a helper module, a submenu, two commands, a dialog, a draw function)
 * loads, its commands run when sent, its functions are real Lua functions, and its errors name
 * the file and line.
 */
describe('Lua start-up scripts in the reference server', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-test-lua-host-', { stopFirst: () => t?.server.close() });
  let t: TestServer;
  let startup: string;

  const control = async <T>(path: string, args: unknown[] = []): Promise<T> => {
    const reply = await t.raw({ path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body as T;
  };
  const gui = () =>
    control<{
      terminal: string;
      menu: { text: string; items?: { text: string; command: string }[] }[];
      messages: { message: string }[];
    }>('/reference/gui');

  beforeEach(() => {
    cpSync(LUA_TOOLS, scratch.path, { recursive: true });
    startup = join(scratch.path, 'startup_tools.lua');
  });
  afterEach(() => t?.server.close());

  it('loads the tool with its helper module: its submenu, its commands, what it printed', async () => {
    t = await startTestServer({ scripts: [startup] });
    assert.deepEqual(t.server.loaded, [{ file: startup, ok: true }]);
    assert.deepEqual(await t.ok('gui', 'get_commands', ['user']), ['lua_fill_gaps', 'lua_report_gaps']);
    const report = await gui();
    const menu = report.menu.find((m) => m.text === 'Lua gap tools')!;
    assert.deepEqual(
      menu.items!.map((i) => [i.text, i.command]),
      [
        ['Fill gaps…', 'lua_fill_gaps'],
        ['', ''],
        ['Report gaps', 'lua_report_gaps'],
      ],
    );
    assert.match(report.terminal, /^lua gap tools ready\n$/);
  });

  it('runs its commands when sent: the update function decides, the dialog is answered, the gaps are filled', async () => {
    t = await startTestServer({ scripts: [startup] });
    await t.ok('gui', 'send_command', ['lua_report_gaps']);
    assert.match((await gui()).terminal, /\n22 gaps \(lua\)\n$/);
    await t.ok('gui', 'send_command', ['lua_fill_gaps']);
    assert.match((await gui()).terminal, /lua fill gaps: cancelled\n$/, 'nobody there: Cancel');
    await control('/reference/dialogs', ['declare', 'show_string_input_dialog', '100', ['Fill gaps (Lua)']]);
    await t.ok('gui', 'send_command', ['lua_fill_gaps']);
    assert.match((await gui()).terminal, /lua fill gaps: 22 filled\n$/);
    await t.ok('gui', 'send_command', ['lua_report_gaps']);
    assert.match((await gui()).terminal, /\n0 gaps \(lua\)\n$/);
    await t.ok('file', 'close');
    const said = (await gui()).terminal;
    await t.ok('gui', 'send_command', ['lua_fill_gaps']);
    assert.equal((await gui()).terminal, said, 'disabled by its update function: no measurement');
  });

  it('draws what its draw function draws, with the time it is given', async () => {
    t = await startTestServer({ scripts: [startup] });
    const shapes = await control<{ shape: string; text?: string; position: number[] }[]>('/reference/draw', [1.5]);
    assert.deepEqual(
      shapes.map((s) => s.shape),
      ['sphere', 'text_2d'],
    );
    assert.equal(shapes[0].position.length, 3);
    assert.equal(shapes[1].text, '1.50 s (lua)');
  });

  it('says which file and line raised, as it loads and when a command runs; the other scripts still load, and the server answers', async () => {
    const broken = join(scratch.path, 'broken.lua');
    writeFileSync(broken, 'motion.gui.add_command("broken")\n\nlocal x = nil\nprint(x.field)\n');
    const raising = join(scratch.path, 'raising.lua');
    writeFileSync(
      raising,
      [
        'motion.gui.add_command("raises")',
        'motion.gui.set_command_execute_function("raises", function()',
        '  error("no trajectory selected")',
        'end)',
        'motion.gui.add_command("nested")',
        'motion.gui.set_command_execute_function("nested", function()',
        '  motion.gui.terminal.write("before\\n")',
        '  motion.gui.send_command("lua_report_gaps")',
        '  motion.gui.terminal.write("after\\n")',
        'end)',
        '',
      ].join('\n'),
    );
    t = await startTestServer({ scripts: [broken, startup, raising] });
    const [failed, ...others] = t.server.loaded;
    assert.equal(failed.ok, false);
    assert.deepEqual([failed.error?.file, failed.error?.line], [broken, 4]);
    assert.match(failed.error!.message, /attempt to index a nil value \(local 'x'\)/);
    assert.deepEqual(
      others.map((l) => l.ok),
      [true, true],
    );
    const refused = await t.fails('gui', 'send_command', ['raises'], 'script_error');
    assert.match(
      refused.message,
      new RegExp(`raised LuaError: .*no trajectory selected at ${raising.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3`),
    );
    await t.ok('gui', 'send_command', ['nested']);
    assert.match((await gui()).terminal, /before\n22 gaps \(lua\)\nafter\n$/);
  });
});
