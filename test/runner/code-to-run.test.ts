import assert from 'node:assert/strict';
import { dedent, selectedCode, statementAt } from '../../src/runner/code-to-run';

describe('what Run Selection sends', () => {
  it('dedents a selection and keeps its first line number', () => {
    const lines = ['def f():', '    x = 1', '    if x:', '        print(x)'];
    assert.deepEqual(selectedCode(lines, 1, 3), { code: 'x = 1\nif x:\n    print(x)', line: 2, endLine: 3 });
    assert.deepEqual(dedent(['  a', '', '    b']), ['a', '', '  b']);
  });

  it('sends the current line when it is a whole statement', () => {
    assert.deepEqual(statementAt(['x = 1', 'y = 2'], 1, 'python'), { code: 'y = 2', line: 2, endLine: 1 });
  });

  it('sends a whole multi-line call from any of its lines', () => {
    const lines = [
      'import motion',
      'motion.gui.selection.select([',
      '    {"type": "bone", "id": 1},',
      '])',
      'print(1)',
    ];
    const expected = { code: lines.slice(1, 4).join('\n'), line: 2, endLine: 3 };
    assert.deepEqual(statementAt(lines, 1, 'python'), expected);
    assert.deepEqual(statementAt(lines, 2, 'python'), expected);
  });

  it('sends a Python block with its body and else parts', () => {
    const lines = ['for i in range(3):', '    print(i)', '', '    print(-i)', 'else:', '    print("done")', 'x = 1'];
    assert.deepEqual(statementAt(lines, 0, 'python'), { code: lines.slice(0, 6).join('\n'), line: 1, endLine: 5 });
  });

  it('sends a Lua block to its end', () => {
    const lines = [
      'local sk = motion.settings.processing.skeleton',
      'for _, id in ipairs(sk.get_skeleton_ids("project")) do',
      '  if id > 1 then',
      '    print(id)',
      '  end',
      'end',
      'print("x")',
    ];
    assert.deepEqual(statementAt(lines, 1, 'lua'), { code: lines.slice(1, 6).join('\n'), line: 2, endLine: 5 });
    assert.deepEqual(statementAt(lines, 0, 'lua').code, lines[0]);
  });

  it('ignores brackets in strings and comments', () => {
    assert.deepEqual(statementAt(['print("(")  # (', 'x = 1'], 0, 'python').code, 'print("(")  # (');
  });
});
