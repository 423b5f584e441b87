import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
});
