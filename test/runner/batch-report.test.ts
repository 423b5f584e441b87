import assert from 'node:assert/strict';
import { XMLParser } from 'fast-xml-parser';
import { junitReport } from '../../src/runner/batch/batch-report';

/** A batch's report as JUnit XML, as CI reads it: a case per measurement, failures and skips marked. */
describe('a batch’s JUnit report', () => {
  it('has one case per file; a failure carries its error and the script’s line; a file done before is skipped', () => {
    const xml = junitReport('fill.py', [
      {
        file: '/t/a.c3d',
        status: 'changed',
        seconds: 1.5,
        result: '/out/a.c3d',
        changes: ['Trajectories › LASI: parts 2 → 1'],
      },
      {
        file: '/t/b & c.c3d',
        status: 'failed',
        seconds: 0.25,
        error: { type: 'ValueError', message: 'bad <trial>', file: 'fill.py', line: 6 },
      },
      { file: '/t/d.c3d', status: 'skipped', seconds: 0 },
    ]);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      testsuites: { testsuite: Record<string, unknown> & { testcase: Record<string, unknown>[] } };
    };
    const suite = parsed.testsuites.testsuite;
    assert.deepEqual(
      [suite.name, suite.tests, suite.failures, suite.skipped, suite.time],
      ['fill.py', '3', '1', '1', '1.750'],
    );
    const [a, b, d] = suite.testcase;
    assert.equal(a.name, '/t/a.c3d');
    assert.match(String(a['system-out']), /changed → \/out\/a\.c3d\nTrajectories › LASI: parts 2 → 1/);
    assert.equal(b.name, '/t/b & c.c3d', 'names are escaped');
    assert.deepEqual(b.failure, { type: 'ValueError', message: 'bad <trial>', '#text': 'fill.py:6' });
    assert.ok(d.skipped !== undefined && a.failure === undefined);
  });
});
