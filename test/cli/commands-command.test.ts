import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';
import { runCli } from '../support/run-cli';

const TOOLS = resolve(__dirname, '../fixtures/tools');
const STARTUP = resolve(TOOLS, 'startup_tools.py');
const TOOL = resolve(TOOLS, 'tools/gap_tools.py');

describe('motion commands, and motion run of a tool', function () {
  this.timeout(60_000);
  let server: MotionServer;
  let env: Record<string, string>;
  before(async () => {
    server = await startMotionServer({ port: 0, logLevel: 'silent', scripts: [STARTUP] });
    env = { MOTION_URL: server.url };
  });
  after(() => server.close());

  it('lists the menus with each button’s command, and the built-in and user commands', async () => {
    const run = await runCli(['commands'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      [
        'Menus:',
        '  File',
        '    Save  → save_file',
        '    Close  → close_file',
        '  Script',
        '    Reload Scripts  → reload_scripts',
        '  Gap tools',
        '    Fill gaps…  → fill_gaps',
        '    ──────',
        '    Report gaps  → report_gaps',
        'Built-in commands: save_file, close_file, reload_scripts',
        'User commands: fill_gaps, report_gaps',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await runCli(['commands', '--json'], env)).stdout) as { commands: { user: string[] } };
    assert.deepEqual(json.commands.user, ['fill_gaps', 'report_gaps']);
  });

  it('runs a command as a click does; an unknown one exits 1 naming it; bad usage exits 2', async () => {
    const before = server.host.gui.terminal;
    const ran = await runCli(['commands', 'run', 'report_gaps'], env);
    assert.deepEqual([ran.code, ran.stdout], [0, 'ran report_gaps\n']);
    assert.equal(server.host.gui.terminal, `${before}22 gaps\n`);
    const unknown = await runCli(['commands', 'run', 'nope'], env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /there is no command "nope"/);
    assert.equal((await runCli(['commands', 'click'], env)).code, 2);
    assert.equal((await runCli(['commands', 'run'], env)).code, 2);
  });

  it('exits 3 when nothing answers', async () => {
    const run = await runCli(['commands'], { MOTION_URL: 'http://127.0.0.1:1' });
    assert.equal(run.code, 3, run.stderr);
  });

  it('motion run of a tool says how to load it in the application, and sends nothing', async () => {
    const before = JSON.stringify(server.host.gui.getCommands(null));
    const run = await runCli(['run', TOOL], env);
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /is a tool that lives inside the application: it gives motion\.gui a function \(set_draw_function, line \d+\), and a function cannot travel over HTTP, so nothing was sent\. Add .*gap_tools\.py to the application's start-up scripts .* then press F5 there \(Reload Scripts\)/,
    );
    assert.equal(run.stdout, '');
    assert.equal(JSON.stringify(server.host.gui.getCommands(null)), before);
  });

  it('motion run of the vendor’s start-up script, which imports its tools by computed names, sends nothing either', async () => {
    const before = JSON.stringify(server.host.gui.getCommands(null));
    const startup = resolve(TOOLS, 'startup_tools.py');
    const run = await runCli(['run', startup], env);
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /startup_tools\.py is a tool that lives inside the application: .*line \d+ of (tools|helpers)[/\\]/,
    );
    assert.equal(JSON.stringify(server.host.gui.getCommands(null)), before, 'no command was added halfway');
  });
});
