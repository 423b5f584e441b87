import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Diagnostic } from 'vscode-languageserver-types';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { diagnose } from '../../server/language/service/diagnostics';
import { ScriptDocuments, type DocumentLimits } from '../../server/language/service/script-documents';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { scanChunkStarts } from '../../server/language/service/trees/chunk-boundaries';
import { propertyRuns } from '../support/property-runs';

/** Chunks of two lines from four lines up: every way of cutting a script is exercised on small texts. */
const TINY_CHUNKS: DocumentLimits = { chunkedAboveLines: 4, chunkLines: 2 };
const ONE_TREE: DocumentLimits = { chunkedAboveLines: 1e9, chunkLines: 1 };

/** The lines where a scan with no minimum chunk size cuts the text. */
function cuts(text: string, language: 'python' | 'lua'): string[] {
  return scanChunkStarts(text, language, 0).starts.map((start) => lineAt(text, start));
}

function lineAt(text: string, start: number): string {
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('long scripts are analysed one chunk at a time', function () {
  this.timeout(60_000);

  describe('where a script is cut', () => {
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
  });

  const STATEMENTS = {
    python: [
      'import motion.gui.selection as sel',
      'from motion.settings.processing import skeleton',
      'skeleton.add_skeleton("project", "A")',
      'skeleton.add_skeleton("scene", "A")',
      'sel.select([{"type": "bone", "id": 1}])',
      'motion.gui.selection.get_selectons("trajectory")',
      'def f(name):\n    skeleton.set_skeleton_scale("project", 1, 200.0)\n    return sel.get_selections()',
      '@decorated\ndef g():\n    pass',
      'if x:\n    motion.settings.processing.skeleton.get_skeleton_count("project")\nelse:\n    skel = motion.settings.processing.skeleton',
      'text = """\nmotion.nothing.here()\n"""',
      'call = skeleton.add_segment(\n    "project",\n    1,\n)',
      'total = 1 + \\\n    2',
      '# motion.in.a.comment()',
    ],
    lua: [
      'local sel = motion.gui.selection',
      'local sk = motion.settings.processing.skeleton',
      'sk.add_skeleton("project", "A")',
      'sk.add_skeleton("scene", "A")',
      'sel.select({{type = "bone", id = 1}})',
      'motion.gui.selection.get_selectons("trajectory")',
      'function f(name)\nsk.set_skeleton_scale("project", 1, 200.0)\nreturn sel.get_selections()\nend',
      'if x then\nmotion.settings.processing.skeleton.get_skeleton_count("project")\nelse\nlocal s = 1\nend',
      's = [[\nmotion.nothing.here()\n]]',
      '--[[\nmotion.in.a.comment()\n]]',
      'repeat\nx = sk.get_skeleton_count("project")\nuntil x',
      't = {\n"a",\n}',
    ],
  };

  // Statements (and comments) that parse without error and start in every way the scanners know:
  // at a name, a decorator, a keyword of a block; and in ways they never cut at (a bracket, a
  // string, a number, an indented line).
  const VALID = {
    python: [
      ...STATEMENTS.python.filter((s) => !s.startsWith('if x:')),
      'if x:\n    pass\nelif y:\n    pass\nelse:\n    pass',
      'try:\n    pass\nexcept E:\n    pass\nfinally:\n    pass',
      'class C:\n    @staticmethod\n    def m():\n        return [\n1]',
      '(a, b) = 1, 2',
      '[x for x in y]',
      '"""doc"""',
      "x = {'a': (1,\n2)}",
      '1 + 2',
      'a = 1; b = 2',
      'while x:\n    break',
      'with open(f) as g:\n    pass',
      "s = f'{x}' 'y' r'\\\\'",
      "u = '\\'#'",
      'x = [\n# ]\n]',
      'v = f"{d[\'}\']}"',
      'async def h():\n    await x',
      'k = lambda: (\n1)',
      "w = 'a\\\nb = 1'",
      // Every kind of first character and word edge, and what opens or closes a line's statement.
      'A = 1',
      'Z = 1',
      '_ = 1',
      'é = 1',
      '{"a": 1}',
      '~x',
      'else0 = 1',
      'finally9 = 2',
      "y = 1  # an open ( and a quote '",
      "u = '('",
      'k = [\na] + {\nb: 1}',
      'e = \'\' + ""\nf = 1',
      'd = """a"b""c"""',
      '@d\n\n    # c\n\t# t\n# c\ndef h():\n    pass',
      '@a.\\\nb\ndef h():\n    pass',
      '@d(\n1)\ndef h():\n    pass',
      '',
    ],
    lua: [
      ...STATEMENTS.lua,
      'while x do\nlocal y = {\n}\nend',
      'for i = 1, 3 do\nprint(i)\nend',
      'do\nlocal z = 1\nend',
      'local function g()\nreturn [==[\n]]\n]==]\nend',
      'x = "a" .. \'b\' -- c',
      '--[=[\n]]\n]=]',
      'goto done\n::done::',
      'print(#t)',
      'a, b = 1,\n2',
      't = {[1] = 2}',
      'x = a[ [=[s]=] ]',
      'obj:method(\n1)',
      'w = "a\\\nb = 1"',
      'A = 1',
      'Z = 1',
      '_ = 1',
      'end0 = 1',
      'do9 = 2',
      't = {\nk = 1,\n}',
      'x = a -\nb',
      'y = -z',
      's = [[\n(\nk = 1\n]]',
      'v = obj:\nm()',
      'print(\nk)',
      't = x[\nk]',
      'f(a,\nb)',
      'a = 1 \nb = 2',
      'a = 1\t\nb = 2',
      'a = 1;\nb = 2',
      '--a[b\nk = 1',
      'p = "("\nk = 1',
      'e = "a\\tb"',
      '',
    ],
  };

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

  const INSERTS = {
    python: [
      'x',
      '"',
      '"""',
      ')',
      '(',
      '\n',
      '    ',
      'sel.',
      '# ',
      'import motion.gui as g\n',
      '\\\n',
      'def h():\n',
      '@d\n',
      'else:\n',
      'skeleton.get_skeleton_count("scene")\n',
    ],
    lua: [
      'x',
      '"',
      '[[',
      ']]',
      '--[[',
      ')',
      '(',
      '{',
      '}',
      '\n',
      'sel.',
      '-- ',
      'function h()\n',
      'end\n',
      'local ',
      ' and\n',
      'sk.get_skeleton_count("scene")\n',
    ],
  };

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

  async function analysed(
    languageId: 'python' | 'lua',
    text: string,
    limits: DocumentLimits,
  ): Promise<{ diagnostics: Diagnostic[]; chunked: boolean }> {
    const documents = new ScriptDocuments(await loadScriptParsers(), limits);
    const document = documents.open(`file:///x.${languageId}`, languageId, 1, text);
    const diagnostics = diagnose(document, bundledDocumentation());
    const chunked = document.chunked;
    documents.close(document.uri);
    return { diagnostics, chunked };
  }

  for (const languageId of ['python', 'lua'] as const) {
    it(`${languageId}: a script in chunks gets the diagnostics it gets as one tree`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...STATEMENTS[languageId]), { minLength: 1, maxLength: 30 }),
          async (statements) => {
            const text = `${statements.join('\n')}\n`;
            const whole = await analysed(languageId, text, ONE_TREE);
            const chunks = await analysed(languageId, text, TINY_CHUNKS);
            assert.equal(chunks.chunked, text.split('\n').length > TINY_CHUNKS.chunkedAboveLines);
            assert.deepEqual(chunks.diagnostics, whole.diagnostics, text);
          },
        ),
        propertyRuns(`${languageId} chunks equal one tree`, 100),
      );
    });
  }

  for (const languageId of ['python', 'lua'] as const) {
    it(`${languageId}: after random edits, a chunked document is cut and analysed as a fresh one (re-scanning only from the edit)`, async () => {
      const parsers = await loadScriptParsers();
      const docs = bundledDocumentation();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...STATEMENTS[languageId]), { minLength: 4, maxLength: 20 }),
          fc.array(
            fc.record({
              at: fc.nat(),
              remove: fc.nat({ max: 12 }),
              insert: fc.constantFrom(...INSERTS[languageId]),
              complete: fc.boolean(),
            }),
            { minLength: 1, maxLength: 10 },
          ),
          async (statements, edits) => {
            const live = new ScriptDocuments(parsers, TINY_CHUNKS);
            const document = live.open(`file:///live.${languageId}`, languageId, 1, `${statements.join('\n')}\n`);
            diagnose(document, docs);
            let version = 1;
            for (const edit of edits) {
              const text = document.text.getText();
              const start = edit.at % (text.length + 1);
              const end = Math.min(text.length, start + edit.remove);
              live.change(document.uri, ++version, [
                {
                  range: { start: document.text.positionAt(start), end: document.text.positionAt(end) },
                  text: edit.insert,
                },
              ]);
              // Completion's tree near the cursor, between edits, as typing does.
              if (edit.complete) document.shiftedRootAt(start);
            }
            const fresh = new ScriptDocuments(parsers, TINY_CHUNKS).open(
              `file:///fresh.${languageId}`,
              languageId,
              1,
              document.text.getText(),
            );
            assert.deepEqual(document.chunks(), fresh.chunks(), `the same cuts in:\n${document.text.getText()}`);
            assert.deepEqual(diagnose(document, docs), diagnose(fresh, docs), `text:\n${document.text.getText()}`);
          },
        ),
        propertyRuns(`${languageId} chunked document after random edits`, 150),
      );
    });
  }
});
