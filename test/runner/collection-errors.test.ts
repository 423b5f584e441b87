import assert from 'node:assert/strict';
import { collectionErrors } from '../../src/runner/testing/python-tests';

/** What pytest says of a file it could not collect, read from its --collect-only -q output. */
describe('pytest’s collection errors, file by file', () => {
  const output = [
    'tests/test_good.py::test_b',
    '',
    '==================================== ERRORS ====================================',
    '______________________ ERROR collecting tests/test_bad.py ______________________',
    "ImportError while importing test module '/w/tests/test_bad.py'.",
    'Traceback:',
    'tests/test_bad.py:2: in <module>',
    '    import nope',
    "E   ModuleNotFoundError: No module named 'nope'",
    '_____________________ ERROR collecting tests/test_syntax.py _____________________',
    'E     File "/w/tests/test_syntax.py", line 3',
    'E       def test(:',
    'E   SyntaxError: invalid syntax',
    '=========================== short test summary info ============================',
    'ERROR tests/test_bad.py',
    'ERROR tests/test_syntax.py',
    '1 test collected, 2 errors in 0.69s',
  ].join('\n');

  it('names each file, its error’s own line first, then pytest’s whole section', () => {
    const found = collectionErrors(output);
    assert.deepEqual(
      found.map((f) => [f.file, f.message.split('\n')[0]]),
      [
        ['tests/test_bad.py', "ModuleNotFoundError: No module named 'nope'"],
        ['tests/test_syntax.py', 'SyntaxError: invalid syntax'],
      ],
    );
    assert.match(found[0].message, /tests\/test_bad\.py:2: in <module>/);
    assert.doesNotMatch(found[1].message, /short test summary/, 'a section ends where the next begins');
  });

  it('finds none in an output without errors', () => {
    assert.deepEqual(collectionErrors('tests/test_good.py::test_b\n\n1 test collected in 0.1s\n'), []);
  });
});
