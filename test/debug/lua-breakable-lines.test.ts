import assert from 'node:assert/strict';
import { breakableLine, codeLines } from '../../src/runner/debug/lua-breakable-lines';

const lines = (...source: string[]) => [...codeLines(source.join('\n'))].sort((a, b) => a - b);

describe('the lines of a Lua script where a breakpoint can stop', () => {
  it('skips blank lines and line comments', () => {
    assert.deepEqual(lines('local a = 1', '', '  -- a comment', '\t', 'print(a) -- after code'), [1, 5]);
  });

  it('skips block comments of any level, counting their lines, up to their own closing bracket', () => {
    assert.deepEqual(lines('--[[ one', 'two ]] x = 1', 'y = 2'), [2, 3]);
    assert.deepEqual(lines('--[[ one', 'two ]]', 'y = 2'), [3]);
    assert.deepEqual(lines('--[==[', ']] still comment', ']==]', 'z = 3'), [4]);
    assert.deepEqual(lines('a = 1 --[[', '', ']]', 'b = 2'), [1, 4]);
    // Left open: a comment to the end of the script.
    assert.deepEqual(lines('a = 1', '--[[ open', 'b = 2'), [1]);
    // "--[" without a second bracket is a line comment only.
    assert.deepEqual(lines('--[ not a block', 'c = 1'), [2]);
  });

  it('counts a long string as code on the line it starts, and its lines as none', () => {
    assert.deepEqual(lines('s = [[first', '-- inside', ']] t = 1', 'u = 2'), [1, 3, 4]);
    assert.deepEqual(lines('s = [=[', ']]', ']=]', 'v = 1'), [1, 4]);
    assert.deepEqual(lines('x = t[1]', 'y = t[ [[k]] ]'), [1, 2]);
    assert.deepEqual(lines('s = [[ open', 'w = 1'), [1]);
  });

  it('counts a quoted string as code, a comment marker inside it too, and stops at an unclosed one at the line end', () => {
    assert.deepEqual(lines('print("-- not a comment")', "print('--[[ nor this')", 'x = 1'), [1, 2, 3]);
    assert.deepEqual(lines('s = "a\\"--b"', 'y = 1'), [1, 2]);
    assert.deepEqual(lines('"unclosed', 'y = 1'), [1, 2]);
    // A backslash before a line break continues the string on the next line (valid Lua): code on
    // the line it starts, as a long string, and the lines after it keep their numbers.
    assert.deepEqual(lines('s = "first\\', 'second"', '', 'z = 1'), [1, 4]);
  });

  it('moves a breakpoint to the next line with code, and drops one past the last', () => {
    const code = codeLines(['-- header', '', 'a = 1', '', 'b = 2'].join('\n'));
    assert.equal(breakableLine(code, 1), 3);
    assert.equal(breakableLine(code, 3), 3);
    assert.equal(breakableLine(code, 4), 5);
    assert.equal(breakableLine(code, 6), undefined);
    assert.equal(breakableLine(new Set(), 1), undefined);
  });

  it('reads a long bracket only where it starts: a line comment holding [[ ]] later, and ]] earlier on the line', () => {
    assert.deepEqual(lines('-- see [[notes]] here', 'x = 1'), [2]);
    assert.deepEqual(lines('x = t[a[1]]--[[ a note', 'more ]]', 'y = 2'), [1, 3]);
    assert.deepEqual(lines('x = t[a[1]][[text', 'more]]', 'y = 2'), [1, 3], 'a call with a long string');
  });

  it('takes a blank line with a Windows line end for blank', () => {
    assert.deepEqual([...codeLines('x = 1\r\n\r\ny = 2\r\n')].sort(), [1, 3]);
  });
});
