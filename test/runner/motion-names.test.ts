import assert from 'node:assert/strict';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { motionNames, sharedStart } from '../../src/runner/repl/motion-names';

describe('motion names completed at a console prompt', () => {
  const index = bundledDocumentation();

  it('completes the name being typed at the end of the line, after whatever comes before it', () => {
    assert.deepEqual(motionNames(index, 'motion.gui.sel'), { typed: 'sel', names: ['selection'] });
    assert.deepEqual(motionNames(index, 'x = 1; motion.gui.sel'), { typed: 'sel', names: ['selection'] });
    assert.deepEqual(motionNames(index, 'print(motion.gui.'), {
      typed: '',
      names: index
        .childrenOf('motion.gui')
        .map((c) => c.name)
        .sort(),
    });
  });

  it('offers the package and help for a bare word, and names in sorted order', () => {
    assert.deepEqual(motionNames(index, 'mot'), { typed: 'mot', names: ['motion'] });
    assert.deepEqual(motionNames(index, 'x = hel'), { typed: 'hel', names: ['help'] });
    const modules = motionNames(index, 'motion.')!.names;
    assert.ok(modules.length > 2);
    assert.deepEqual(modules, [...modules].sort());
  });

  it('offers nothing for a name that only ends like one of ours, another package, or no match', () => {
    assert.equal(motionNames(index, 'amotion.gui.sel'), undefined);
    assert.equal(motionNames(index, 'my_motion.gui.sel'), undefined);
    assert.equal(motionNames(index, 'os.path.jo'), undefined);
    assert.equal(motionNames(index, 'motion.gui.zzz'), undefined);
    assert.equal(motionNames(index, 'x = '), undefined);
  });

  it('finds the beginning that names share', () => {
    assert.equal(sharedStart(['get_selection', 'get_selection_count']), 'get_selection');
    assert.equal(sharedStart(['abc', 'abd', 'x']), '');
    assert.equal(sharedStart([]), '');
  });
});
