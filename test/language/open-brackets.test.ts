import assert from 'node:assert/strict';
import { cursorAt } from '../support/cursor-marker';
import { closedStatement, typingState } from '../../server/language/service/open-brackets';

/** The state at the `|` of a marked text. */
function at(marked: string, languageId: 'python' | 'lua' = 'python') {
  const { text, offset } = cursorAt(marked);
  return { state: typingState(text, offset, languageId), closed: closedStatement(text, offset, languageId) };
}

describe('code being typed: what is open before the cursor', () => {
  it('lists open brackets outermost first, with the commas at each level', () => {
    const { state } = at('f(1, [2, {"a": 3, "b": |');
    assert.deepEqual(
      state.brackets.map((b) => [b.char, b.commas]),
      [
        ['(', 1],
        ['[', 1],
        ['{', 1],
      ],
    );
    assert.equal(state.quote, undefined);
    assert.deepEqual(
      at('f(g(1, 2), h[3], |').state.brackets.map((b) => [b.char, b.commas]),
      [['(', 2]],
    );
  });

  it('skips strings, escaped quotes, comments, triple-quoted and long strings', () => {
    assert.deepEqual(
      at("f(\"(,[\", 'a\\'(', |").state.brackets.map((b) => b.commas),
      [2],
    );
    assert.deepEqual(
      at('f(  # a comment (, [\n  1, |').state.brackets.map((b) => b.commas),
      [1],
    );
    assert.deepEqual(
      at('x = """ ( [\n , """\nf(|').state.brackets.map((b) => b.commas),
      [0],
    );
    assert.deepEqual(
      at('f([[ (, \n ]], --[ comment (\n 2, |', 'lua').state.brackets.map((b) => b.commas),
      [2],
    );
    assert.deepEqual(
      at('f("a\n  2, |').state.brackets.map((b) => b.commas),
      [1],
      'a short string ends with its line',
    );
  });

  it('knows the open quote and closes the statement from its first line', () => {
    const { state, closed } = at('x = 1\n    f(1,\n      [{"type": "tr|');
    assert.equal(state.quote?.text, '"');
    assert.deepEqual(closed, { text: 'f(1,\n      [{"type": "tr"}])', start: 'x = 1\n    '.length, inString: true });
    assert.equal(at('sk.add("pr|', 'lua').closed?.text, 'sk.add("pr")');
    assert.equal(at('sel.set([{"ty|').closed?.text, 'sel.set([{"ty": None}])', 'a Python key is closed with a value');
    assert.equal(at("x = '''doc|").closed?.text, "x = '''doc'''");
    assert.deepEqual(at('f(1, |').closed, { text: 'f(1, )', start: 0, inString: false }, 'open, but not in a string');
  });

  // Seed -933490903 of "lua: any script": completion in 20,000 open tables took over a minute,
  // in tree-sitter's error recovery on the statement closed by hand.
  it('does not close a statement opened deeper than any argument is read', () => {
    const typed = (depth: number) => `motion.gui.selection.select(${'{"a": '.repeat(depth)}"`;
    assert.ok(closedStatement(typed(39), typed(39).length, 'lua'), 'as deep as an argument is read, and a few calls');
    assert.equal(closedStatement(typed(40), typed(40).length, 'lua'), undefined);
    assert.equal(closedStatement(typed(20_000), typed(20_000).length, 'python'), undefined);
  });

  it('has nothing to close after a closed statement, or in a comment', () => {
    assert.equal(at('f(1, "a")\n|').closed, undefined);
    assert.equal(at('f(1, # "open (|').closed, undefined);
    assert.equal(at('f(1) -- "open (|', 'lua').closed, undefined);
  });

  it('reads the statement from at most 50 lines above the cursor line', () => {
    const lines = (n: number) => 'x = 1\n'.repeat(n);
    // A bracket opened at the end of a line 50 lines above is still open; one 51 above is not read.
    assert.equal(at(`f(\n${lines(49)}  y|\nz`).state.brackets.length, 1);
    assert.equal(at(`f(\n${lines(50)}  y|\nz`).state.brackets.length, 0);
    assert.equal(at(`f(\n${lines(49)}|`).state.brackets.length, 1, 'the cursor at the start of a line');
  });

  it('pops only the matching bracket, and ignores closers with nothing open', () => {
    assert.deepEqual(
      at('f([1), |').state.brackets.map((b) => [b.char, b.commas]),
      [
        ['(', 0],
        ['[', 1],
      ],
    );
    assert.deepEqual(
      at('x) ] }, y, f({"a": 1}, |').state.brackets.map((b) => [b.char, b.commas]),
      [['(', 1]],
    );
    assert.deepEqual(
      at('a, b = 1, f(|').state.brackets.map((b) => [b.char, b.commas]),
      [['(', 0]],
    );
  });

  it('reads strings as each language does', () => {
    assert.deepEqual(
      at('f([[a\\]], |', 'lua').state,
      { brackets: [{ char: '(', offset: 1, commas: 1, valued: false }] },
      'no escapes in a Lua long string',
    );
    assert.deepEqual(
      at('f("""a\n(b""", |').state.brackets.map((b) => [b.char, b.commas]),
      [['(', 1]],
      'a triple-quoted string spans lines',
    );
    assert.equal(at('f("""|', 'lua').state.quote?.text, '"', 'Lua has no triple quotes');
    assert.deepEqual(
      at('f([[1, 2], |').state.brackets.map((b) => [b.char, b.commas]),
      [
        ['(', 0],
        ['[', 1],
      ],
      'Python has no long strings',
    );
    assert.deepEqual(
      at('f(t[1], [[s, t]], |', 'lua').state.brackets.map((b) => [b.char, b.commas]),
      [['(', 2]],
    );
    assert.deepEqual(
      at('local names = f([==[ (, ]] ]==], |', 'lua').state.brackets.map((b) => [b.char, b.commas]),
      [['(', 1]],
      'a long string further along a line, of level 2',
    );
  });

  it('knows the cursor is in a comment that goes on after it', () => {
    assert.deepEqual(at('f(1, # (|\n)').state.brackets, []);
    assert.deepEqual(at('f(1, # (|x\n)').state.brackets, []);
    assert.deepEqual(at('f(1, --|', 'lua').state.brackets, []);
  });

  it('closes a statement indented with tabs, and only a Python key being typed as a key', () => {
    assert.deepEqual(at('x = 1\n\t\tf(1, |').closed, { text: 'f(1, )', start: 'x = 1\n\t\t'.length, inString: false });
    assert.equal(at('sel.set({"ty|', 'lua').closed?.text, 'sel.set({"ty"})');
    assert.equal(at('sel.set({|').closed?.text, 'sel.set({})');
    assert.equal(at('sel.set({"a": "ty|').closed?.text, 'sel.set({"a": "ty"})', 'a value is not a key');
  });
});
