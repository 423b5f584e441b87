import assert from 'node:assert/strict';
import { decodeUserText, UnreadableEncoding } from '../../src/api/files/user-text';

const BOM = [0xef, 0xbb, 0xbf];
const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));

describe('a user’s file read as text, however Windows saved it', () => {
  it('reads UTF-8 with or without a byte-order mark the same', () => {
    assert.equal(decodeUserText(bytes('print("Zoë")\n'), 'a.py'), 'print("Zoë")\n');
    assert.equal(decodeUserText(bytes(BOM, 'print("Zoë")\r\n'), 'a.py'), 'print("Zoë")\r\n');
    assert.equal(decodeUserText(bytes(BOM), 'empty.py'), '');
    assert.equal(decodeUserText(bytes(''), 'empty.py'), '');
  });

  it('takes off one byte-order mark only: a second one is the file’s own text', () => {
    assert.equal(decodeUserText(bytes(BOM, BOM, 'x'), 'a.lua'), '\ufeffx');
  });

  for (const [kind, encoded] of [
    ['UTF-16 LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"format": 1}', 'utf16le')])],
    ['UTF-16 BE', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('{"format": 1}', 'utf16le').swap16()])],
    ['UTF-16 LE', Buffer.from('{"format": 1}', 'utf16le')],
    ['UTF-16 BE', Buffer.from('{"format": 1}', 'utf16le').swap16()],
  ] as const)
    it(`refuses ${kind}${encoded[0] > 0x7f ? ' with its mark' : ' without a mark'}, naming the file and how to save it as UTF-8`, () => {
      assert.throws(
        () => decodeUserText(encoded, 'C:\\lab\\stage.motion.json'),
        (error: Error) =>
          error instanceof UnreadableEncoding &&
          error.message ===
            `C:\\lab\\stage.motion.json is saved as ${kind} (as Windows PowerShell 5.1's ">" and Out-File write files); save it as UTF-8: in VS Code, click the encoding in the status bar and choose "Save with Encoding" → UTF-8, or in PowerShell write it with "| Out-File -Encoding utf8"`,
      );
    });

  it('tells UTF-16 without a mark from its first two characters, the fewest it takes', () => {
    assert.throws(() => decodeUserText(Buffer.from('ab', 'utf16le'), 'two.py'), /two\.py is saved as UTF-16 LE/);
    assert.throws(
      () => decodeUserText(Buffer.from('ab', 'utf16le').swap16(), 'two.py'),
      /two\.py is saved as UTF-16 BE/,
    );
    assert.equal(decodeUserText(Buffer.from('a\0b\0', 'latin1').subarray(0, 3), 'three.py'), 'a\0b');
  });

  it('reads a file of one or three characters, too short to tell UTF-16 by its NULs, as UTF-8', () => {
    assert.equal(decodeUserText(bytes('x'), 'a.py'), 'x');
    assert.equal(decodeUserText(bytes('x\0y'), 'a.py'), 'x\0y');
  });
});
