import assert from 'node:assert/strict';
import { codeAtSelection, dedent, selectedCode, statementAt } from '../../src/runner/code-to-run';

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

describe('what Run Selection sends, at the edges', () => {
  const python = (lines: string[], cursor: number) => statementAt(lines, cursor, 'python').code;
  const lua = (lines: string[], cursor: number) => statementAt(lines, cursor, 'lua').code;

  it('sends a block left open at the end of the script whole, without reading past its last line', () => {
    assert.equal(lua(['for i = 1, 3 do', '  print(i)'], 0), 'for i = 1, 3 do\n  print(i)');
    assert.equal(python(['print(1,', '  2'], 0), 'print(1,\n  2');
    assert.equal(python(['for i in r:', '    print(i)'], 0), 'for i in r:\n    print(i)');
  });

  it('counts Lua block words in Lua only, and outside its strings and comments', () => {
    assert.equal(python(['then = 1', 'y = 2'], 0), 'then = 1');
    assert.equal(python(['x = f(', '    then,', ')', 'y = 2'], 0), 'x = f(\n    then,\n)');
    assert.equal(lua(['print("do") -- then', 'x = 1'], 0), 'print("do") -- then');
    assert.equal(lua(['print(\'do\', "then")', 'x = 1'], 0), 'print(\'do\', "then")');
    assert.equal(lua(['print("a\\"do")', 'x = 1'], 0), 'print("a\\"do")');
    assert.equal(
      lua(['if a then', '  b()', 'elseif c then', '  d()', 'end', 'e()'], 0),
      'if a then\n  b()\nelseif c then\n  d()\nend',
    );
    assert.equal(lua(['repeat', '  n = n + 1', 'until n > 3', 'x = 1'], 0), 'repeat\n  n = n + 1\nuntil n > 3');
  });

  it('takes a line ending in a colon (before a comment) as a Python block, and no other', () => {
    assert.equal(python(['if x:  # when set', '    print(x)', 'y = 1'], 0), 'if x:  # when set\n    print(x)');
    assert.equal(python(['label = "x: y"', '    print(label)'], 0), 'label = "x: y"');
    assert.equal(lua(['-- totals:', '  print(1)'], 0), '-- totals:');
  });

  it('keeps a Python block to its body and its own else parts', () => {
    // A blank line of spaces inside the body is skipped; one after it is not sent.
    assert.equal(python(['if x:', '    a()', '    ', 'b()'], 0), 'if x:\n    a()');
    assert.equal(python(['if x:', '    a()', '    ', '    c()', 'b()'], 0), 'if x:\n    a()\n    \n    c()');
    // An inner block's else at an outer indentation belongs to the outer statement.
    assert.equal(python(['    if a:', '        b()', 'else:', '    c()'], 0), 'if a:\n    b()');
    assert.equal(python(['    if a:', '        b()', '    else:', '        c()'], 0), 'if a:\n    b()\nelse:\n    c()');
    assert.equal(python(['if a:', '    b()', 'x = 1 if a else 2'], 0), 'if a:\n    b()');
    assert.equal(
      python(['try:', '    a()', 'except E:', '    b()', 'finally:', '    c()', 'd()'], 0),
      'try:\n    a()\nexcept E:\n    b()\nfinally:\n    c()',
    );
  });

  it('dedents by the least indentation of the lines that have text', () => {
    assert.deepEqual(dedent(['    a', '  ', '      b']), ['a', '', '  b']);
    assert.deepEqual(dedent(['', '']), ['', '']);
    assert.deepEqual(dedent(['  a']), ['a']);
  });

  it('runs the selected lines, leaving out a last line the selection ends at the start of', () => {
    const lines = ['a = 1', 'b = (2,', '     3)', 'c = 4'];
    const at = (startLine: number, endLine: number, endCharacter: number, empty = false) =>
      codeAtSelection(lines, { empty, activeLine: endLine, startLine, endLine, endCharacter }, 'python');
    assert.deepEqual(at(0, 2, 0), { code: 'a = 1\nb = (2,', line: 1, endLine: 1 }, 'ends at the start of line 3');
    assert.deepEqual(at(0, 2, 3), { code: 'a = 1\nb = (2,\n     3)', line: 1, endLine: 2 });
    assert.deepEqual(at(3, 3, 0), { code: 'c = 4', line: 4, endLine: 3 }, 'within one line: that line');
    assert.deepEqual(
      at(2, 2, 2, true),
      { code: 'b = (2,\n     3)', line: 2, endLine: 2 },
      'nothing selected: the statement',
    );
  });
});
