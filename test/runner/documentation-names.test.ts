import assert from 'node:assert/strict';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { DocumentationIndex } from '../../src/api/docs/documentation-index';
import { DocumentationNames } from '../../src/runner/repl/documentation-names';

/** The catalogue's documentation, or a newer application's with one module more. */
function documentation(withExtra = false): DocumentationIndex {
  const value = catalogueDocumentation() as { name: string; modules: { path: string }[] };
  const modules = withExtra
    ? [
        ...value.modules,
        { ...value.modules.find((m) => m.path === 'motion.gui.selection')!, path: 'motion.gui.sequencer' },
      ]
    : value.modules;
  return DocumentationIndex.fromPackage({ ...value, modules }, { kind: 'bundled' });
}

/** A load the test settles by hand, counting how often it was asked for. */
function loads() {
  const asked: { resolve(index: DocumentationIndex): void; reject(error: Error): void }[] = [];
  const load = () =>
    new Promise<DocumentationIndex>((resolve, reject) => {
      asked.push({ resolve, reject });
    });
  return { asked, load };
}

const settled = () => new Promise((done) => setImmediate(done));

describe('console completion names from the documentation', () => {
  it('completes nothing until loaded, asks once however often Tab is pressed meanwhile, then completes', async () => {
    const { asked, load } = loads();
    const names = new DocumentationNames(load);
    assert.equal(names.complete('motion.gui.sel'), undefined);
    assert.equal(names.complete('motion.gui.sel'), undefined);
    assert.equal(asked.length, 1);
    asked[0].resolve(documentation());
    await settled();
    assert.deepEqual(names.complete('motion.gui.sel'), { typed: 'sel', names: ['selection'] });
    assert.equal(asked.length, 1, 'loaded documentation is not asked for again');
  });

  it('answers from the documentation it has while a refresh loads, then from the new one', async () => {
    const { asked, load } = loads();
    const names = new DocumentationNames(load);
    names.refresh();
    asked[0].resolve(documentation());
    await settled();
    names.refresh();
    names.refresh();
    assert.equal(asked.length, 2, 'one refresh at a time');
    assert.deepEqual(names.complete('motion.gui.se'), { typed: 'se', names: ['selection'] });
    asked[1].resolve(documentation(true));
    await settled();
    assert.deepEqual(names.complete('motion.gui.se'), { typed: 'se', names: ['selection', 'sequencer'] });
    names.refresh();
    assert.equal(asked.length, 3, 'a refresh after the last one ended loads again');
  });

  it('keeps what it had when a load fails, and tries again at the next Tab', async () => {
    const { asked, load } = loads();
    const names = new DocumentationNames(load);
    names.complete('motion.');
    asked[0].reject(new Error('nothing is listening'));
    await settled();
    assert.equal(names.complete('motion.gui.sel'), undefined);
    assert.equal(asked.length, 2);
    asked[1].resolve(documentation());
    await settled();
    names.refresh();
    asked[2].reject(new Error('nothing is listening'));
    await settled();
    assert.deepEqual(names.complete('motion.gui.sel'), { typed: 'sel', names: ['selection'] });
  });
});
