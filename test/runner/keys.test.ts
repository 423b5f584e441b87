import assert from 'node:assert/strict';
import { keysOf, type Key } from '../../src/runner/repl/keys';

const kinds = (data: string) => keysOf(data).map((k: Key) => ('text' in k ? `${k.kind}:${k.text}` : k.kind));

describe('keys from a terminal', () => {
  it('reads a bracketed paste to its end marker, and the keys after it', () => {
    assert.deepEqual(kinds('\x1b[200~a\nb\tc\x1b[201~x\x1b[A'), ['paste:a\nb\tc', 'text:x', 'up']);
    assert.deepEqual(kinds('x\x1b[200~\x1b[201~y'), ['text:x', 'paste:', 'text:y']);
  });

  it('takes a paste whose end marker has not come as pasted to the end of the chunk', () => {
    assert.deepEqual(kinds('\x1b[200~abc'), ['paste:abc']);
    // An end marker before the start (dropped as an unknown sequence) does not end it.
    assert.deepEqual(kinds('\x1b[201~\x1b[200~abc'), ['paste:abc']);
  });

  it('reads a chunk of several characters with a line break and no escape as a paste', () => {
    assert.deepEqual(kinds('a\r\nb'), ['paste:a\r\nb']);
    assert.deepEqual(kinds('\r'), ['enter']);
    assert.deepEqual(kinds('\n'), ['enter']);
    assert.deepEqual(kinds('ab'), ['text:ab']);
  });

  it('reads CR LF as one Enter among escape sequences, and CR or LF alone as one each', () => {
    assert.deepEqual(kinds('\x1b[A\r\n'), ['up', 'enter']);
    assert.deepEqual(kinds('\x1b[A\r\r'), ['up', 'enter', 'enter']);
    assert.deepEqual(kinds('\x1b[A\n\n'), ['up', 'enter', 'enter']);
    assert.deepEqual(kinds('\x1b[Ax\ny'), ['up', 'text:x', 'enter', 'text:y']);
  });

  it('drops control characters it has no use for, and unknown sequences, keeping what follows', () => {
    assert.deepEqual(kinds('\x1b[Aa\x07b'), ['up', 'text:ab']);
    assert.deepEqual(kinds('\x1b[99~z'), ['text:z']);
    assert.deepEqual(kinds('\x1b[1;5Dz'), ['wordLeft', 'text:z']);
    assert.deepEqual(kinds('\x1bOAz'), ['up', 'text:z']);
    assert.deepEqual(kinds('\x1bbz'), ['wordLeft', 'text:z']);
  });

  it('stops at the end of a chunk cut inside an escape sequence', () => {
    assert.deepEqual(kinds('a\x1b'), ['text:a']);
    assert.deepEqual(kinds('a\x1b[1;5'), ['text:a']);
    assert.deepEqual(kinds('a\x1bO'), ['text:a']);
  });

  it('reads control keys', () => {
    assert.deepEqual(kinds('\x1b[A\x01\x05\x03\x04\x7f\t'), [
      'up',
      'home',
      'end',
      'interrupt',
      'endOfInput',
      'backspace',
      'tab',
    ]);
  });
});
