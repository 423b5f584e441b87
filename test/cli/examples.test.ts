import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pythonWithPytest } from '../support/pytest-python';
import { runCli } from '../support/run-cli';

const EXAMPLES = join(__dirname, '../../examples');
/** What is in the folder, but for what pytest-benchmark (installed beside pytest here) makes in any pytest run. */
const listed = () =>
  readdirSync(EXAMPLES)
    .filter((name) => name !== '.benchmarks')
    .sort();

describe('the examples a newcomer opens', function () {
  this.timeout(120_000);

  it('their tests pass with motion test, in both languages, the gap filler’s offline from its recorded snapshot', async () => {
    const before = listed();
    const run = await runCli(['test', '--python', pythonWithPytest()], {}, undefined, EXAMPLES);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const passed = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('✓'))
      .map((line) => line.replace(/ \(\d+\.\d\d s\)$/, ''));
    assert.deepEqual(passed, [
      '✓ tests/test_gap_filler.py::test_fills_short_gaps_linearly_and_long_ones_with_a_polynomial',
      '✓ tests/test_gap_filler.py::test_a_longer_linear_limit_fills_every_gap_linearly',
      '✓ tests/test_gap_filler.py::test_says_what_it_did',
      '✓ tests/test_gap_filler.py::test_a_trajectory_without_gaps',
      '✓ tests/test_scale_tools.py::test_doubles_every_project_skeleton',
      '✓ tests/test_scale_tools.py::test_skips_a_scale_the_application_refuses',
      '✓ tests/gap_filler_spec.lua::fill_selected_gaps::fills short gaps linearly and long ones with a polynomial',
      '✓ tests/gap_filler_spec.lua::fill_selected_gaps::says what it did',
      '✓ tests/scale_tools_spec.lua::scale_all::doubles every project skeleton',
      '✓ tests/scale_tools_spec.lua::scale_all::skips a scale the application refuses',
    ]);
    assert.equal(run.stderr, 'motion test: 10 passed, 0 failed\n');
    assert.deepEqual(listed(), before, 'nothing left in the examples');
  });
});
