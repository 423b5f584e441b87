import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { scanChunkStarts } from '../../server/language/service/trees/chunk-boundaries';
import { propertyRuns } from '../support/property-runs';
import { INSERTS, VALID } from '../support/script-pieces';

/** The lines where a scan with no minimum chunk size cuts the text. */
function cuts(text: string, language: 'python' | 'lua'): string[] {
  return scanChunkStarts(text, language, 0).starts.map((start) => lineAt(text, start));
}

function lineAt(text: string, start: number): string {
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('where a long script is cut into chunks', function () {
  this.timeout(60_000);

  it('Python: only at statement lines at the top level', () => {
    const text = [
      'import motion',
      'x = (1,',
      'y)',
      's = """',
      'inside = 1',
      '"""',
      '@decorator',
      'def f():',
      '    return 1',
      'if x:',
      '    pass',
      'else:',
      '    pass',
      'try:',
      '    pass',
      'except E:',
      '    pass',
      'finally:',
      '    pass',
      'z = 1 + \\',
      'w',
      "t = 'a\\",
      "b'",
      '# comment',
      'last = [',
      '  "]",  # ]',
      ']',
      'end = 1',
    ].join('\n');
    assert.deepEqual(cuts(text, 'python'), [
      'x = (1,',
      's = """',
      '@decorator',
      'if x:',
      'try:',
      'z = 1 + \\',
      "t = 'a\\",
      'last = [',
      'end = 1',
    ]);
  });

  it('Lua: only at statement lines outside blocks, brackets, long strings and comments', () => {
    const text = [
      'local sel = motion.gui.selection',
      'function f()',
      'inner = 1',
      'end',
      'if a then',
      'b = 1',
      'elseif c then',
      'd = 2',
      'end',
      's = [[',
      'not = code',
      ']]',
      '--[==[',
      'commented = 1',
      ']==]',
      'x = 1 +',
      'y',
      'local',
      'z = 3',
      't = { "}",',
      'u }',
      'repeat',
      'v = 1',
      'until v',
      'w = "a\\',
      'b"',
      'call = t[u[1]][[',
      'not = code',
      ']]',
      // A word at a line's end that leaves the statement open, or at a line's start that continues it.
      'a1 = x and',
      'y',
      'a2 = x or',
      'y',
      'a3 = not',
      'y',
      'for k in',
      'pairs(t) do',
      'end',
      'goto',
      'done',
      'a4 = x',
      'and y',
      'a5 = x',
      'or y',
      'return',
      'y',
      'last = 1',
    ].join('\n');
    assert.deepEqual(cuts(text, 'lua'), [
      'function f()',
      'if a then',
      's = [[',
      'x = 1 +',
      'local',
      't = { "}",',
      'repeat',
      'w = "a\\',
      'call = t[u[1]][[',
      'a1 = x and',
      'a2 = x or',
      'a3 = not',
      'for k in',
      'goto',
      'a4 = x',
      'a5 = x',
      'return',
      'last = 1',
    ]);
  });

  it('cuts large chunks by the text of a line: a line added or removed moves the cuts of a chunk or two, not of every chunk after it', () => {
    // A flat script, every line a statement: cut by distance alone, each line added would move every later cut.
    const lines = Array.from({ length: 3_000 }, (_, i) => `skeleton.add_segment("project", 1, "s${i}")`);
    const minLines = 100;
    const chunksOf = (text: string) => {
      const starts = [0, ...scanChunkStarts(text, 'python', minLines).starts];
      return starts.map((start, i) => text.slice(start, starts[i + 1] ?? text.length));
    };
    const before = chunksOf(lines.join('\n'));
    const sizes = before.map((chunk) => chunk.split('\n').length - 1);
    assert.ok(
      sizes.slice(0, -1).every((n) => n >= minLines && n <= 2 * minLines),
      sizes.join(),
    );
    for (const line of ['a = 1', 'b = 2', 'c = 3']) {
      // The same line over and over: a mark everywhere or nowhere; nowhere, chunks end at twice the minimum.
      const same = chunksOf(Array.from({ length: 1_000 }, () => line).join('\n'));
      assert.ok(
        same.every((chunk) => chunk.split('\n').length - 1 <= 2 * minLines),
        line,
      );
    }
    for (const edited of [
      ['x = 1', ...lines],
      lines.slice(1),
      [...lines.slice(0, 1_500), 'y = 2', ...lines.slice(1_500)],
      [...lines.slice(0, 1_500), ...lines.slice(1_501)],
    ]) {
      const after = chunksOf(edited.join('\n'));
      const kept = after.filter((chunk) => before.includes(chunk)).length;
      assert.ok(kept >= after.length - 2, `${kept} of ${after.length} chunks kept their text`);
    }
  });

  it('a backslash before a Windows line end continues the string or line as before a Unix one', () => {
    assert.deepEqual(cuts("s = 'a\\\r\nb = 1'\r\nt = 1 + \\\r\nu\r\nv = 1", 'python'), ['t = 1 + \\\r', 'v = 1']);
    assert.deepEqual(cuts('s = "a\\\r\nb = 1"\r\nv = 1', 'lua'), ['v = 1']);
  });

  it('keeps at least the minimum number of lines in a chunk', () => {
    const text = Array.from({ length: 10 }, (_, i) => `x${i} = ${i}`).join('\n');
    const starts = scanChunkStarts(text, 'python', 3).starts.map((s) => lineAt(text, s));
    assert.deepEqual(starts, ['x3 = 3', 'x6 = 6', 'x9 = 9']);
  });

  for (const languageId of ['python', 'lua'] as const) {
    it(`${languageId}: cuts exactly where tree-sitter starts a top-level statement at a line's first name`, async () => {
      const parsers = await loadScriptParsers();
      const parser = parsers.createParser(languageId);
      try {
        fc.assert(
          fc.property(
            fc.array(fc.constantFrom(...VALID[languageId]), { maxLength: 30 }),
            fc.boolean(),
            (statements, crlf) => {
              // Windows line ends too: a backslash before one continues a line or a string as before one of Unix.
              const text = statements.join('\n').replace(/\n/g, crlf ? '\r\n' : '\n');
              const tree = parser.parse(text)!;
              try {
                if (tree.rootNode.hasError) return; // what the statements make together may not parse
                const expected = tree.rootNode.namedChildren
                  .filter((n) => n !== null && n.type !== 'comment' && n.startIndex > 0)
                  .map((n) => n!.startIndex)
                  .filter((at) => text[at - 1] === '\n' && /[A-Za-z_@]/.test(text[at]));
                assert.deepEqual(scanChunkStarts(text, languageId, 0).starts, expected, text);
              } finally {
                tree.delete();
              }
            },
          ),
          propertyRuns(`${languageId} cuts`, 300),
        );
      } finally {
        parser.delete();
      }
    });
  }

  for (const languageId of ['python', 'lua'] as const) {
    it(`${languageId}: a chunk is the fewest lines at least the minimum, whatever the lines hold`, () => {
      const pieces = [...VALID[languageId], ...INSERTS[languageId]];
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...pieces), { maxLength: 40 }),
          fc.boolean(),
          fc.integer({ min: 1, max: 6 }),
          (parts, crlf, minLines) => {
            const text = parts.join('\n').replace(/\n/g, crlf ? '\r\n' : '\n');
            const lineOf = (at: number) => text.slice(0, at).split('\n').length - 1;
            // Every line a cut may go at, then the first of them each time the minimum is reached.
            let last = 0;
            const expected = scanChunkStarts(text, languageId, 0).starts.filter((at) => {
              if (lineOf(at) - last < minLines) return false;
              last = lineOf(at);
              return true;
            });
            assert.deepEqual(scanChunkStarts(text, languageId, minLines).starts, expected, JSON.stringify(text));
          },
        ),
        propertyRuns(`${languageId} chunk sizes`, 300),
      );
    });
  }
});
