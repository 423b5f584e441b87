import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Diagnostic } from 'vscode-languageserver-types';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { diagnose } from '../../server/language/service/diagnostics';
import { ScriptDocuments, type DocumentLimits } from '../../server/language/service/script-documents';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { propertyRuns } from '../support/property-runs';
import { INSERTS, STATEMENTS } from '../support/script-pieces';

/** Chunks of two lines from four lines up: every way of cutting a script is exercised on small texts. */
const TINY_CHUNKS: DocumentLimits = { chunkedAboveLines: 4, chunkLines: 2 };
const ONE_TREE: DocumentLimits = { chunkedAboveLines: 1e9, chunkLines: 1 };

describe('long scripts are analysed one chunk at a time', function () {
  this.timeout(60_000);

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
