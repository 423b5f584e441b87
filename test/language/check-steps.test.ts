import assert from 'node:assert/strict';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { checkSteps } from '../../server/language/service/check-steps';
import { diagnose } from '../../server/language/service/diagnostics';
import { nameReferenceSteps } from '../../server/language/service/name-references';
import { finishSteps, ScriptDocuments } from '../../server/language/service/script-documents';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { counting, TINY_CHUNKS } from '../support/counting-parser';

/** A script of chunks of two lines (TINY_CHUNKS), with mistakes and names of application objects in several. */
const SCRIPT = [
  'import motion',
  'sk = motion.settings.processing.skeleton',
  'fb = sk.find_skeleton("project", "FullBody")',
  'sk.set_skeleton_scal("project", fb, 2.0)',
  'wand = sk.find_skeleton("project", "Wand")',
  'sk.set_skeleton_scale("project", wand, -1)',
  'sk.find_segment("project", fb, "Head")',
  'motion.gui.selection.selec()',
].join('\n');

describe('a check reads a long script once for its diagnostics and its names', () => {
  const index = bundledDocumentation();

  async function opened() {
    const { parsers, ledger } = counting(await loadScriptParsers());
    const documents = new ScriptDocuments(parsers, TINY_CHUNKS);
    return { document: documents.open('file:///long.py', 'python', 1, SCRIPT), ledger };
  }

  it('finds what the two readings find apart', async () => {
    const apart = (await opened()).document;
    const expected = { diagnostics: diagnose(apart, index), references: finishSteps(nameReferenceSteps(apart, index)) };
    assert.ok(expected.diagnostics.length >= 3, 'mistakes in several chunks');
    assert.ok(expected.references.length >= 3, 'names in several chunks');
    const { document } = await opened();
    assert.deepEqual(finishSteps(checkSteps(document, index, true)), expected);
    const alone = (await opened()).document;
    assert.deepEqual(finishSteps(checkSteps(alone, index, false)), {
      diagnostics: expected.diagnostics,
      references: [],
    });
  });

  it('parses each chunk once for the aliases and once for both readings, not once per reading', async () => {
    const { document, ledger } = await opened();
    const chunks = document.chunks()!.map(({ start, end }) => [start, end]);
    assert.ok(chunks.length >= 4, `${chunks.length} chunks`);
    finishSteps(checkSteps(document, index, true));
    const parsed = ledger.take().map((p) => p.range);
    // The aliases' pass leaves its last chunk parsed: the next pass starts again from the first.
    assert.deepEqual(parsed, [...chunks, ...chunks]);
  });
});
