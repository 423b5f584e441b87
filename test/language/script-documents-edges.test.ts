import assert from 'node:assert/strict';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { diagnosisSteps } from '../../server/language/service/diagnostics';
import { LINES_BACK } from '../../server/language/service/open-brackets';
import { finishSteps, ScriptDocuments } from '../../server/language/service/script-documents';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { counting } from '../support/counting-parser';
import { labels } from '../support/script-fixture';

const messageText = (message: string | { value: string }) => (typeof message === 'string' ? message : message.value);

/** The lines a part's check (the statements meeting `within`) reports on. */
function linesFound(document: ReturnType<ScriptDocuments['open']>, within?: { start: number; end: number }): number[] {
  return finishSteps(diagnosisSteps(document, bundledDocumentation(), within)).map((d) => d.range.start.line);
}

describe('open scripts at their edges', () => {
  it('a call opened as far back as a statement being typed is looked for still offers its values; one line further, not', async () => {
    const opened = (blank: number) =>
      `import motion\nsk = motion.settings.processing.skeleton\nsk.set_skeleton_scale(\n${'\n'.repeat(blank)}"|`;
    assert.equal(LINES_BACK, 50);
    assert.deepEqual(await labels('python', opened(LINES_BACK - 1)), ['project', 'measurement']);
    assert.deepEqual(await labels('python', opened(LINES_BACK)), []);
  });

  it('a part’s check sees the aliases bound before it, not one bound by the statement right after it', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers());
    const text = 'import motion\nm = motion.gui\nm.selektion\nimport motion.settings as m\n';
    const document = documents.open('file:///part.py', 'python', 1, text);
    const third = text.indexOf('m.selektion');
    const fourth = text.indexOf('import motion.settings');
    // The part ends exactly where the rebinding starts: m is still motion.gui there.
    assert.deepEqual(linesFound(document, { start: third, end: fourth }), [2]);
    // The whole script is checked with the aliases its end leaves (m is the settings).
    assert.deepEqual(linesFound(document), [2]);
    const messages = finishSteps(diagnosisSteps(document, bundledDocumentation())).map((d) => messageText(d.message));
    assert.match(messages[0], /settings/, 'the whole check names the settings');
    const partMessages = finishSteps(
      diagnosisSteps(document, bundledDocumentation(), { start: third, end: fourth }),
    ).map((d) => messageText(d.message));
    assert.match(partMessages[0], /gui/, 'the part names motion.gui');
  });

  it('a part’s check leaves the document’s own aliases as they were', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers());
    const uri = 'file:///own.py';
    const text = 'x = 1\ny = 2\nimport motion.gui as g\n';
    const document = documents.open(uri, 'python', 1, text);
    assert.deepEqual([...document.aliases('motion')], [['g', 'motion.gui']]);
    linesFound(document, { start: 0, end: text.indexOf('y') });
    documents.change(uri, 2, [
      { range: { start: { line: 0, character: 4 }, end: { line: 0, character: 5 } }, text: '3' },
    ]);
    assert.deepEqual(
      [...document.aliases('motion')],
      [['g', 'motion.gui']],
      'while the edit is pending: the last whole parse’s',
    );
    documents.close(uri);
  });

  it('a part’s statements: those meeting it, not one that ends where it starts nor one that starts where it ends', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers());
    const text = 'import motion\nmotion.a1\nmotion.a2\nmotion.a3\nmotion.a4\n';
    const document = documents.open('file:///units.py', 'python', 1, text);
    const start = text.indexOf('motion.a2');
    assert.deepEqual(linesFound(document, { start, end: text.indexOf('motion.a4') }), [2, 3]);
    // A part starting right at the end of line 1's statement (its line end) leaves that statement out.
    assert.deepEqual(linesFound(document, { start: start - 1, end: start + 1 }), [2]);
    // A part ending right where line 3's statement starts leaves that statement out.
    assert.deepEqual(linesFound(document, { start, end: text.indexOf('motion.a3') }), [2]);
  });

  it('the aliases of two packages on one document are each their own', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers());
    const document = documents.open('file:///two.py', 'python', 1, 'import motion as m\nimport qtm as q\n');
    assert.deepEqual([...document.aliases('motion', true)], [['m', 'motion']]);
    assert.deepEqual([...document.aliases('qtm', true)], [['q', 'qtm']]);
    assert.deepEqual([...document.aliases('motion', true)], [['m', 'motion']]);
  });

  it('sweeping one purpose keeps what another used since its own sweep', async () => {
    const documents = new ScriptDocuments(await loadScriptParsers());
    const document = documents.open('file:///sweep.py', 'python', 1, 'a = 1\n');
    let computed = 0;
    const use = (purpose: string) =>
      [...document.units()].forEach((u) => document.perUnit(u, purpose, () => ++computed));
    use('one:');
    use('two:');
    document.sweep('two:');
    document.sweep('one:');
    use('one:');
    assert.equal(computed, 2, '"one:" was used before its sweep: kept');
  });

  it('frees its trees: a piece parsed aside at once, and every tree and parser when closed', async () => {
    const { parsers, ledger } = counting(await loadScriptParsers());
    const documents = new ScriptDocuments(parsers, { chunkedAboveLines: 10, chunkLines: 3 });
    const uri = 'file:///free.py';
    const document = documents.open(uri, 'python', 1, `import motion\n${'x = 1\n'.repeat(20)}`);
    finishSteps(diagnosisSteps(document, bundledDocumentation()));
    const kept = ledger.live.size;
    assert.equal(
      document.parseAside('motion.gui.selection(', (root) => root.type),
      'module',
    );
    assert.equal(ledger.live.size, kept, 'the piece’s tree is freed after use');
    documents.close(uri);
    assert.equal(ledger.live.size, 0, 'no tree left');
    assert.ok(ledger.parsersDeleted >= 2, 'its parsers, the chunks’ and the aside one, deleted');
  });
});
