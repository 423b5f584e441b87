import assert from 'node:assert/strict';
import { namedSnapshot } from '../../src/runner/testing/named-snapshot';

describe('the snapshot a test file names', () => {
  it('is read from a comment of its own, in Python or Lua, relative to the file', () => {
    assert.equal(namedSnapshot('tests/test_a.py', '# motion-snapshot: stage.motion.json\n'), 'tests/stage.motion.json');
    assert.equal(
      namedSnapshot('spec/a_spec.lua', 'local x = 1\n  --motion-snapshot:   ../fixtures/my stage.motion.json  \n'),
      'fixtures/my stage.motion.json',
    );
    assert.equal(namedSnapshot('test_a.py', '#motion-snapshot:a.motion.json'), 'a.motion.json');
  });

  it('is none when no comment names one, or a comment only speaks of it', () => {
    assert.equal(namedSnapshot('test_a.py', 'import motion\n'), undefined);
    assert.equal(namedSnapshot('test_a.py', '# see motion-snapshot: below\n'), undefined);
    assert.equal(namedSnapshot('test_a.py', 'x = "# motion-snapshot: a.json"\n'), undefined);
    assert.equal(namedSnapshot('test_a.py', '# motion-snapshot:\n'), undefined);
  });
});
