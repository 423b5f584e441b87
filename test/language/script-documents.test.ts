import assert from 'node:assert/strict';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { diagnose } from '../../server/language/service/diagnostics';
import { ScriptDocuments } from '../../server/language/service/script-documents';
import { loadScriptParsers } from '../../server/language/service/script-parsers';

const SMALL = { chunkedAboveLines: 10, chunkLines: 3 };

describe('open scripts: their text, trees and aliases', () => {
  it('tracks Python and Lua only', () => {
    assert.deepEqual(
      ['python', 'lua', 'javascript', 'json', 'plaintext'].map((id) => ScriptDocuments.isScriptLanguage(id)),
      [true, true, false, false, false],
    );
  });

  it('takes a whole new text: its trees, and one tree or chunks as its length now asks', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers(), SMALL);
    const uri = 'file:///whole.py';
    const document = documents.open(uri, 'python', 1, 'import motion\nmotion.gui.selektion\n');
    assert.equal(diagnose(document, bundledDocumentation()).length, 1);
    documents.change(uri, 2, [{ text: 'import motion\nmotion.gui.selection\n' }]);
    assert.deepEqual(diagnose(document, bundledDocumentation()), [], 'the new text, not the old tree');
    const long = `import motion\n${'x = 1\n'.repeat(20)}motion.gui.selektion\n`;
    documents.change(uri, 3, [{ text: long }]);
    assert.equal(document.chunked, true, 'past the limit: chunks');
    assert.deepEqual(
      diagnose(document, bundledDocumentation()).map((d) => d.range.start.line),
      [21],
    );
    documents.change(uri, 4, [{ text: 'import motion\nmotion.gui.selektion\n' }]);
    assert.equal(document.chunked, false, 'back under it: one tree');
    assert.equal(diagnose(document, bundledDocumentation()).length, 1);
    documents.close(uri);
  });

  it('crosses the chunk limit by typing, up and back down, at exactly the limit, its findings at the same lines', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers(), SMALL);
    const uri = 'file:///typed.py';
    // Ten lines (nine line ends): at the limit, one tree.
    const text = `import motion\n${'x = 1\n'.repeat(7)}motion.gui.selektion\n`;
    const document = documents.open(uri, 'python', 1, text);
    assert.equal(document.text.lineCount, 10);
    assert.equal(document.chunked, false, 'at the limit: one tree');
    const found = () => diagnose(document, bundledDocumentation()).map((d) => d.range.start.line);
    assert.deepEqual(found(), [8]);
    const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 0 } });
    documents.change(uri, 2, [{ range: at(1), text: 'y = 2\n' }]); // an eleventh line typed
    assert.equal(document.chunked, true, 'one line past it: chunks');
    assert.deepEqual(found(), [9]);
    documents.change(uri, 3, [
      { range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, text: '' },
    ]); // and deleted again
    assert.equal(document.chunked, false, 'back at the limit: one tree');
    assert.deepEqual(found(), [8]);
    // Two edits in one change: up by two lines, then one back, ending past the limit.
    documents.change(uri, 4, [
      { range: at(1), text: 'a = 1\nb = 2\n' },
      { range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, text: '' },
    ]);
    assert.equal(document.text.lineCount, 11);
    assert.equal(document.chunked, true);
    assert.deepEqual(found(), [9]);
    documents.close(uri);
  });

  it('gives the aliases of the last parse while edits are pending, the exact ones when asked, and those adopted from the worker', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers());
    const uri = 'file:///aliases.py';
    const document = documents.open(uri, 'python', 1, 'import motion.gui.selection as sel\n');
    assert.deepEqual([...document.aliases('motion')], [['sel', 'motion.gui.selection']]);
    documents.change(uri, 2, [
      { range: { start: { line: 0, character: 31 }, end: { line: 0, character: 34 } }, text: 's' },
    ]);
    assert.deepEqual([...document.aliases('motion')], [['sel', 'motion.gui.selection']], 'no parse for it');
    assert.deepEqual([...document.aliases('motion', true)], [['s', 'motion.gui.selection']]);
    documents.change(uri, 3, [
      { range: { start: { line: 0, character: 31 }, end: { line: 0, character: 32 } }, text: 'g' },
    ]);
    const adopted = new Map([['g', 'motion.gui.selection']]);
    document.adoptAliases('motion', adopted);
    assert.equal(document.aliases('motion'), adopted, 'worked out by the analysis worker for this text');
    documents.close(uri);
  });

  it('brings its tree up to date in slices when asked: then the aliases are the text’s', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers());
    const uri = 'file:///refresh.py';
    const document = documents.open(
      uri,
      'python',
      1,
      `${'x = [1] * 3\n'.repeat(2000)}import motion.gui.selection as sel\n`,
    );
    assert.deepEqual([...document.aliases('motion')], [['sel', 'motion.gui.selection']]);
    const at = { line: 2000, character: 31 };
    documents.change(uri, 2, [{ range: { start: at, end: { ...at, character: 34 } }, text: 's' }]);
    assert.deepEqual([...document.aliases('motion')], [['sel', 'motion.gui.selection']], 'no parse yet');
    await document.refresh(0); // a slice per yield: the parse is halted and resumed
    assert.deepEqual([...document.aliases('motion')], [['s', 'motion.gui.selection']], 'parsed in slices');
    documents.close(uri);
  });
});

describe('what is worked out per statement: computed once per text, kept one generation', () => {
  it('reuses a statement’s value while its text is unchanged, and drops values no statement used since the last sweep', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers());
    const uri = 'file:///cache.py';
    const document = documents.open(uri, 'python', 1, 'a = 1\nb = 2\n');
    const computed: string[] = [];
    /** One pass over the statements, as an analysis does: each unit's value, then a sweep. */
    const pass = (purpose = 'test:') => {
      const values = [...document.units()].map((unit) =>
        document.perUnit(unit, purpose, (statements) => {
          const text = statements.map((s) => s.text).join();
          computed.push(text);
          return text;
        }),
      );
      document.sweep(purpose);
      return values;
    };
    const edit = (version: number, line: number, text: string) =>
      documents.change(uri, version, [{ range: { start: { line, character: 4 }, end: { line, character: 5 } }, text }]);
    assert.deepEqual(pass(), ['a = 1', 'b = 2']);
    assert.deepEqual(pass(), ['a = 1', 'b = 2']);
    assert.deepEqual(computed, ['a = 1', 'b = 2'], 'the second pass reused both');
    edit(2, 1, '3');
    assert.deepEqual(pass(), ['a = 1', 'b = 3']);
    assert.deepEqual(computed.slice(2), ['b = 3'], 'only the changed statement again');
    edit(3, 1, '2');
    pass();
    assert.deepEqual(computed.slice(3), ['b = 2'], '"b = 2" was dropped when a pass no longer used it');
    pass('other:');
    pass();
    assert.equal(computed.length, 6, 'another purpose computes its own values, and sweeps only them');
    documents.close(uri);
  });
});
