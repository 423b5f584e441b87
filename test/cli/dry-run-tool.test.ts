import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../support/free-port';
import { runCli } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';

const LUA_TOOLS = resolve(__dirname, '../fixtures/tools/lua');

/**
 * A dry run of a tool: it is loaded in a private server as the application loads a start-up
 * script, and the commands, menus and draw function it adds are shown; with --command, that
 * command then runs as a click runs it, and its changes are shown too. Nothing is written.
 */
describe('motion run --dry-run of a tool: the commands and menus it adds, and what a command of it would change', function () {
  this.timeout(120_000);
  const scratch = scratchFolder('motion-test-dry-tool-', { per: 'suite' });
  let env: Record<string, string>;
  before(async () => {
    cpSync(LUA_TOOLS, scratch.path, { recursive: true });
    env = { MOTION_URL: `http://127.0.0.1:${await freePort()}` }; // no application: the demo data
  });

  it('lists the commands, menu buttons and draw function the tool adds, and changes nothing else', async () => {
    const run = await runCli(['run', '--dry-run', 'startup_tools.lua'], env, undefined, scratch.path);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n'), [
      'lua gap tools ready',
      '',
      'Dry run: 5 changes the script would make (the application was not touched):',
      'Application menus and commands',
      '  Commands',
      '    + added command lua_fill_gaps',
      '    + added command lua_report_gaps',
      '  Menus',
      '    + added menu button Lua gap tools › Fill gaps… (lua_fill_gaps)',
      '    + added menu button Lua gap tools › Report gaps (lua_report_gaps)',
      '  Drawing',
      '    ~ draw function: none → function (startup_tools.lua:40)',
      '',
    ]);
  });

  it('with --command, runs that command as a click does: its dialog is cancelled with nobody there, and what it wrote is shown', async () => {
    const run = await runCli(
      ['run', '--dry-run', 'startup_tools.lua', '--command', 'lua_fill_gaps', '--json'],
      env,
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { ok: boolean; changes: { text: string }[] };
    assert.equal(report.ok, true);
    assert.deepEqual(
      report.changes.map((c) => c.text),
      [],
      'a cancelled fill changes nothing; what the tool adds as it loads is not the command’s doing',
    );
    assert.match(run.stderr, /lua fill gaps: cancelled/);
    assert.match(run.stderr, /The input dialog "Fill gaps \(Lua\)" was answered as Cancel/);
  });

  it('a tool that raises as it loads fails the dry run at its line; a command it lacks is said', async () => {
    writeFileSync(
      join(scratch.path, 'broken.lua'),
      'motion.gui.add_command("b")\nmotion.gui.set_command_execute_function("b", function() end)\nerror("not ready")\n',
    );
    const broken = await runCli(['run', '--dry-run', 'broken.lua'], env, undefined, scratch.path);
    assert.equal(broken.code, 1);
    assert.match(broken.stdout, /\+ added command b/);
    const missing = await runCli(
      ['run', '--dry-run', 'startup_tools.lua', '--command', 'no_such'],
      env,
      undefined,
      scratch.path,
    );
    assert.equal(missing.code, 1);
    const usage = await runCli(['run', 'startup_tools.lua', '--command', 'x'], env, undefined, scratch.path);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--command go with --dry-run/);
  });
});
