import assert from 'node:assert/strict';
import type { Key } from '../../src/runner/repl/keys';
import { LineEditor } from '../../src/runner/repl/line-editor';

const press = (editor: LineEditor, ...kinds: Exclude<Key, { text: string }>['kind'][]) =>
  kinds.forEach((kind) => editor.edit({ kind }));
const typed = (text: string, cursor = [...text].length) => {
  const editor = new LineEditor();
  editor.insert(text);
  editor.cursor = cursor;
  return editor;
};

describe('the line typed at a console prompt', () => {
  it('remembers lines with text, not a repeat of the last one, and recalls them with up and down', () => {
    const editor = new LineEditor();
    for (const line of ['a', '', '   ', 'a', 'b', 'a']) {
      editor.set(line);
      assert.equal(editor.take(), line);
    }
    const recalled: string[] = [];
    for (let i = 0; i < 4; i++) {
      press(editor, 'up');
      recalled.push(editor.text);
    }
    assert.deepEqual(recalled, ['a', 'b', 'a', 'a'], 'three entries; up at the oldest stays');
    press(editor, 'down', 'down');
    assert.equal(editor.text, 'a');
    assert.equal(editor.cursor, 1);
  });

  it('keeps at most its history size, dropping the oldest', () => {
    const editor = new LineEditor(2);
    for (const line of ['one', 'two', 'three']) {
      editor.set(line);
      editor.take();
    }
    press(editor, 'up', 'up', 'up');
    assert.equal(editor.text, 'two');
  });

  it('gives back the line being typed after going up the history and down past its newest entry', () => {
    const editor = new LineEditor();
    editor.set('print(1)');
    editor.take();
    editor.insert('dra');
    press(editor, 'up');
    assert.equal(editor.text, 'print(1)');
    press(editor, 'down');
    assert.equal(editor.text, 'dra');
    press(editor, 'down');
    assert.equal(editor.text, 'dra', 'down at the new line stays');
    editor.clear();
    press(editor, 'up', 'down');
    assert.equal(editor.text, '', 'Ctrl+C dropped the line');
  });

  it('moves and deletes by words as readline does (letters, digits, underscores; accents included)', () => {
    const words = typed('foo  bar.baz_2');
    const stops: number[] = [];
    for (let i = 0; i < 4; i++) {
      press(words, 'wordLeft');
      stops.push(words.cursor);
    }
    assert.deepEqual(stops, [9, 5, 0, 0]);
    stops.length = 0;
    for (let i = 0; i < 4; i++) {
      press(words, 'wordRight');
      stops.push(words.cursor);
    }
    assert.deepEqual(stops, [3, 8, 14, 14]);

    const middle = typed('foo bar baz', 7);
    press(middle, 'deleteWordBefore');
    assert.deepEqual([middle.text, middle.cursor], ['foo  baz', 4]);
    press(middle, 'deleteWordAfter');
    assert.deepEqual([middle.text, middle.cursor], ['foo ', 4]);
    const before = typed('foo bar baz', 3);
    press(before, 'deleteWordAfter');
    assert.deepEqual([before.text, before.cursor], ['foo baz', 3]);

    const accents = typed('héllo wörld');
    press(accents, 'wordLeft');
    assert.equal(accents.cursor, 6);
    press(accents, 'deleteWordBefore');
    assert.equal(accents.text, 'wörld');
  });

  it('edits at the cursor, in code points, and leaves keys that are not editing to the console', () => {
    const editor = typed('a😀c', 2);
    assert.equal(editor.beforeCursor, 'a😀');
    press(editor, 'backspace');
    assert.deepEqual([editor.text, editor.cursor], ['ac', 1]);
    press(editor, 'left', 'right', 'home');
    assert.equal(editor.cursor, 0);
    press(editor, 'end', 'left', 'delete');
    assert.deepEqual([editor.text, editor.cursor], ['a', 1]);
    press(editor, 'enter', 'tab', 'interrupt', 'endOfInput', 'clearScreen');
    assert.deepEqual([editor.text, editor.cursor], ['a', 1]);
    editor.set('ac');
    editor.cursor = 1;
    press(editor, 'deleteToEnd');
    assert.equal(editor.text, 'a');
    editor.set('xyz');
    assert.deepEqual([editor.text, editor.cursor, editor.length], ['xyz', 3, 3]);
    editor.cursor = 2;
    press(editor, 'deleteToStart');
    assert.deepEqual([editor.text, editor.cursor], ['z', 0]);
    press(editor, 'left', 'backspace');
    assert.deepEqual([editor.text, editor.cursor], ['z', 0]);
    press(editor, 'end', 'right');
    assert.equal(editor.cursor, 1);
  });
});
