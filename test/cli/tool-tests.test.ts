import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pythonWithPytest } from '../support/pytest-python';
import { referenceServer } from '../support/reference-server';
import { scratchFolder } from '../support/scratch-folder';
import { runCli } from '../support/run-cli';

const TOOLS = resolve(__dirname, '../fixtures/tools');

/**
 * Script tests of a tool that lives inside the application, run by `motion test`: each test loads
 * the tool's start-up script into its own application, sends a command as a click does, answers
 * its dialog, and reads back the messages and terminal. In pytest and in a Lua spec alike.
 */
describe('motion test of a tool inside the application: commands run, dialogs answered, what it said read', function () {
  this.timeout(120_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-test-tools-', { per: 'suite' });
  let python: string;
  before(() => {
    python = pythonWithPytest();
    cpSync(TOOLS, scratch.path, { recursive: true });
  });

  it('pytest: the test loads the tool, answers its dialog (or cancels it) and checks what it wrote; the application at --url is not touched', async () => {
    const before = JSON.stringify(app.server.model.snapshot());
    const run = await runCli(['test', 'tests', '--python', python], app.env, undefined, scratch.path);
    const lines = run.stdout.split('\n').map((line) => line.replace(/ \(\d+\.\d\d s\)/, ''));
    assert.deepEqual(
      lines,
      [
        '✓ tests/test_gap_tools.py::test_fill_gaps_fills_the_gaps_up_to_the_length_answered',
        '✓ tests/test_gap_tools.py::test_fill_gaps_does_nothing_when_cancelled',
        '',
      ],
      run.stderr,
    );
    assert.equal(run.code, 0);
    assert.equal(JSON.stringify(app.server.model.snapshot()), before);
    assert.deepEqual(
      await app.client.call('motion.gui', 'get_commands', ['user']),
      [],
      'no tool was loaded into the application at --url',
    );
  });

  it('Lua: a spec loads the tool, answers its dialog and reads the terminal and messages', async () => {
    const run = await runCli(['test', 'spec', '--python', python], app.env, undefined, scratch.path);
    assert.equal(
      run.stdout.replace(/ \(\d+\.\d\d s\)/, ''),
      '✓ spec/gap_tools_spec.lua::gap tools::fills the gaps up to the length answered\n',
      run.stderr,
    );
    assert.equal(run.code, 0);
  });

  it('a test that answers a dialog with what it cannot give fails, saying what the dialog answers', async () => {
    writeFileSync(
      resolve(scratch.path, 'tests', 'test_wrong_answer.py'),
      [
        'import os, motion, motion.testing',
        'def test_wrong():',
        '    motion.testing.load_script(os.path.join(os.path.dirname(__file__), "..", "startup_tools.py"))',
        '    motion.testing.answer("motion.gui.dialog.show_string_input_dialog", ["a.c3d"])',
        '    motion.gui.send_command("fill_gaps")',
        '',
      ].join('\n'),
    );
    const run = await runCli(
      ['test', 'tests/test_wrong_answer.py', '--python', python],
      app.env,
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 1);
    assert.match(run.stdout, /✗ tests\/test_wrong_answer\.py::test_wrong/);
    assert.match(run.stdout, /The input dialog answers a text, or null \(Cancel\), got \["a\.c3d"\]/);
  });
});
