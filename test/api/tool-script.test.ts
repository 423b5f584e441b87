import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FUNCTION_OPERATIONS, functionCalls, functionsGiven, toolAdvice } from '../../src/api/text/tool-script';
import { scratchFolder } from '../support/scratch-folder';

describe('tools that live inside the application, found before anything is sent', () => {
  const folder = scratchFolder('motion-test-tool-script-');

  it('knows the operations that take a function from the interface', () => {
    assert.deepEqual([...FUNCTION_OPERATIONS].sort(), [
      'set_command_execute_function',
      'set_command_update_function',
      'set_draw_function',
    ]);
  });

  it('finds their calls by line, never in a comment or a string', () => {
    const code = [
      'import motion',
      '# motion.gui.set_draw_function(draw)',
      'print("set_draw_function(")',
      'motion.gui.set_command_execute_function("x", go)  # go',
      '',
    ].join('\n');
    assert.deepEqual(functionCalls(code, 'python'), [{ line: 4, operation: 'set_command_execute_function' }]);
    assert.deepEqual(functionCalls('-- set_draw_function(f)\nmotion.gui._3d.set_draw_function(f)\n', 'lua'), [
      { line: 2, operation: 'set_draw_function' },
    ]);
  });

  it('follows the modules a script imports, beside it and beside its folder, to any depth', async () => {
    mkdirSync(join(folder.path, 'tools'));
    mkdirSync(join(folder.path, 'helpers'));
    writeFileSync(join(folder.path, 'helpers', '__init__.py'), '');
    writeFileSync(
      join(folder.path, 'helpers', 'menu.py'),
      'import motion\nfrom helpers import deeper\n\ndef add(name, f):\n    motion.gui.set_command_execute_function(name, f)\n',
    );
    writeFileSync(
      join(folder.path, 'helpers', 'deeper.py'),
      'import motion\nmotion.gui.set_command_update_function("a", None)\n',
    );
    const tool = join(folder.path, 'tools', 'tool.py');
    const code = 'import os, helpers.menu\nfrom helpers.menu import add\nadd("go", print)\n';
    writeFileSync(tool, code);
    assert.deepEqual(await functionsGiven(tool, code), [
      { file: join('..', 'helpers', 'menu.py'), line: 5, operation: 'set_command_execute_function' },
      { file: join('..', 'helpers', 'deeper.py'), line: 2, operation: 'set_command_update_function' },
    ]);
    assert.deepEqual(await functionsGiven(join(folder.path, 'plain.py'), 'import motion\nprint(1)\n'), []);
    assert.match(
      toolAdvice(tool, await functionsGiven(tool, code)),
      /\(set_command_execute_function, line 5 of \.\.[/\\]helpers[/\\]menu\.py\)/,
    );
  });

  it('follows modules loaded by a computed name into the folders the script names, as the vendor’s start-up script loads its tools', async () => {
    const startup = resolve(__dirname, '../fixtures/tools/startup_tools.py');
    const given = await functionsGiven(startup, readFileSync(startup, 'utf8'));
    assert.ok(
      given.some((g) => g.file === join('helpers', 'menu_tools.py') && g.operation === 'set_command_execute_function'),
      JSON.stringify(given),
    );
    const lua = resolve(__dirname, '../fixtures/tools/lua/startup_tools.lua');
    assert.ok((await functionsGiven(lua, readFileSync(lua, 'utf8'))).length > 0);
    // A computed import with no tool in reach: not a tool.
    mkdirSync(join(folder.path, 'plugins'));
    writeFileSync(join(folder.path, 'plugins', 'report.py'), 'import motion\nprint(motion.get_version())\n');
    const loader = 'import importlib, os\nfor f in os.listdir("plugins"):\n    importlib.import_module(f[:-3])\n';
    assert.deepEqual(await functionsGiven(join(folder.path, 'loader.py'), loader), []);
    // The same loader beside a tool in the folder it names: a tool.
    writeFileSync(join(folder.path, 'plugins', 'menu.py'), 'import motion\nmotion.gui._3d.set_draw_function(print)\n');
    assert.deepEqual(await functionsGiven(join(folder.path, 'loader.py'), loader), [
      { file: join('plugins', 'menu.py'), line: 2, operation: 'set_draw_function' },
    ]);
  });
});
