import assert from 'node:assert/strict';
import { Statements } from '../../src/runner/repl/statements';

describe('statements gathered from typed lines', () => {
  /** A statement is complete when it ends with "end" (Lua-like), counting what was asked. */
  const asked: string[] = [];
  const statements = () =>
    new Statements(async (code) => {
      asked.push(code);
      return /end$/.test(code) ? 'complete' : 'incomplete';
    });
  beforeEach(() => (asked.length = 0));

  it('runs nothing for an empty or blank first line, and asks the session nothing about it', async () => {
    const s = statements();
    assert.equal(await s.add(''), undefined);
    assert.equal(await s.add('  \t'), undefined);
    assert.deepEqual(asked, []);
    assert.equal(s.continuing, false);
  });

  it('joins lines until the session says the statement is complete; a blank line inside one is kept', async () => {
    const s = statements();
    assert.equal(await s.add('for i = 1, 3 do'), undefined);
    assert.equal(s.continuing, true);
    assert.equal(await s.add('  '), undefined);
    assert.equal(await s.add('end'), 'for i = 1, 3 do\n  \nend');
    assert.equal(s.continuing, false);
    assert.deepEqual(asked, ['for i = 1, 3 do', 'for i = 1, 3 do\n  ', 'for i = 1, 3 do\n  \nend']);
  });

  it('drops the statement under way on cancel', async () => {
    const s = statements();
    await s.add('if x then');
    s.cancel();
    assert.equal(s.continuing, false);
    assert.equal(await s.add('end'), 'end');
  });
});
