import assert from 'node:assert/strict';
import { PromptLine, visibleWidth } from '../../src/runner/repl/prompt-line';
import { VirtualTerminal } from '../support/virtual-terminal';

describe('the prompt line on a terminal 10 columns wide', () => {
  let screen: VirtualTerminal;
  let line: PromptLine;
  beforeEach(() => {
    screen = new VirtualTerminal(10, 12);
    line = new PromptLine(10);
  });
  afterEach(() => screen.dispose());

  it('draws the prompt and text with the cursor where it is in the text, at the start included', async () => {
    screen.write(line.draw('> ', 'abc', 3));
    assert.deepEqual(await screen.cursor(), { row: 0, column: 5 });
    screen.write(line.draw('> ', 'abc', 1));
    assert.deepEqual(await screen.cursor(), { row: 0, column: 3 });
    screen.write(line.draw('', 'abc', 0));
    assert.deepEqual([await screen.rows(), await screen.cursor()], [['abc'], { row: 0, column: 0 }]);
  });

  it('wraps a long line, keeps the cursor on its own row, and draws a shorter one over it cleanly', async () => {
    screen.write(line.draw('> ', 'abcdefghijkl', 2));
    assert.deepEqual(await screen.rows(), ['> abcdefgh', 'ijkl']);
    assert.deepEqual(await screen.cursor(), { row: 0, column: 4 });
    screen.write(line.draw('> ', 'abcdefghijkl', 9));
    assert.deepEqual(await screen.cursor(), { row: 1, column: 1 });
    screen.write(line.draw('> ', 'ab', 2));
    assert.deepEqual(await screen.rows(), ['> ab']);
    assert.deepEqual(await screen.cursor(), { row: 0, column: 4 });
  });

  it('moves on to the next row after a row exactly full, as the terminal would only at the next character', async () => {
    screen.write(line.draw('> ', 'abcdefgh', 8));
    assert.deepEqual(await screen.cursor(), { row: 1, column: 0 });
    screen.write(line.leave('> ', 'abcdefgh'));
    screen.write('out');
    assert.deepEqual(await screen.rows(), ['> abcdefgh', 'out']);
  });

  it('leaves a submitted line below its last row, wherever the cursor was in it', async () => {
    screen.write(line.draw('> ', 'abcdefghijkl', 2));
    screen.write(line.leave('> ', 'abcdefghijkl'));
    screen.write('out\r\n');
    assert.deepEqual(await screen.rows(), ['> abcdefgh', 'ijkl', 'out', '']);

    screen.write(line.draw('> ', 'abcdefghijkl', 12));
    screen.write(line.leave('> ', 'abcdefghijkl'));
    screen.write('end\r\n');
    assert.deepEqual((await screen.rows()).slice(3), ['> abcdefgh', 'ijkl', 'end', '']);

    screen.write(line.draw('', '', 0));
    screen.write(line.leave('', ''));
    screen.write('next');
    assert.deepEqual((await screen.rows()).slice(6), ['', 'next']);
  });

  it('puts the cursor on a middle row of a line wrapped over three, below earlier output', async () => {
    screen.write('1\r\n2\r\n3\r\n4\r\n');
    screen.write(line.draw('> ', 'abcdefghijklmnopqrstuvwxy', 25));
    assert.deepEqual(await screen.cursor(), { row: 6, column: 7 });
    screen.write(line.draw('> ', 'abcdefghijklmnopqrstuvwxy', 12));
    assert.deepEqual(await screen.cursor(), { row: 5, column: 4 });
    assert.deepEqual((await screen.rows()).slice(4), ['> abcdefgh', 'ijklmnopqr', 'stuvwxy']);
  });

  it('leaves a line that fills its last row exactly from a cursor rows above it, at the start of the next row', async () => {
    screen.write(line.draw('> ', 'abcdefghijklmnopqr', 3));
    assert.deepEqual(await screen.cursor(), { row: 0, column: 5 });
    screen.write(line.leave('> ', 'abcdefghijklmnopqr'));
    screen.write('out');
    assert.deepEqual(await screen.rows(), ['> abcdefgh', 'ijklmnopqr', 'out']);
  });

  it('erases or leaves nothing when nothing is drawn (output written meanwhile stays)', async () => {
    screen.write('output');
    assert.equal(line.erase(), '');
    assert.equal(line.leave('> ', 'abc'), '');
    screen.write(line.draw('> ', 'x', 1));
    line.forget(); // the screen was cleared
    assert.equal(line.erase(), '');
    assert.deepEqual(await screen.rows(), ['output> x']);
  });
});

describe('the width of a prompt', () => {
  it('counts code points after the last carriage return, without colour sequences', () => {
    assert.equal(visibleWidth('\x1b[1;32m>>>\x1b[0m '), 4);
    assert.equal(visibleWidth('ab\rcd'), 2);
    assert.equal(visibleWidth('é😀'), 2);
  });
});
