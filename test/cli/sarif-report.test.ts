import assert from 'node:assert/strict';
import { sarifReport } from '../../src/cli/commands/sarif-report';

describe('motion check’s SARIF, problem by problem', () => {
  it('a problem over several lines keeps both ends, 1-based; levels by severity; paths with forward slashes', () => {
    const log = sarifReport([
      {
        path: 'tools\\scale.py',
        languageId: 'python',
        diagnostics: [
          {
            range: { start: { line: 2, character: 4 }, end: { line: 5, character: 1 } },
            message: 'an unclosed call',
            severity: 1,
            code: 'syntax',
          },
          {
            range: { start: { line: 7, character: 0 }, end: { line: 7, character: 9 } },
            message: 'a maybe',
            severity: 2,
            code: 'range',
          },
          {
            range: { start: { line: 8, character: 0 }, end: { line: 8, character: 1 } },
            message: 'a hint',
            severity: 4,
            code: 'range',
          },
          {
            range: { start: { line: 9, character: 0 }, end: { line: 9, character: 1 } },
            message: 'no severity given',
            code: 'type',
          },
        ],
      },
    ]);
    const [run] = log.runs;
    assert.deepEqual(
      run.results!.map((r) => [r.ruleId, r.ruleIndex, r.level, r.locations![0].physicalLocation!.region]),
      [
        ['syntax', 1, 'error', { startLine: 3, startColumn: 5, endLine: 6, endColumn: 2 }],
        ['range', 0, 'warning', { startLine: 8, startColumn: 1, endLine: 8, endColumn: 10 }],
        ['range', 0, 'note', { startLine: 9, startColumn: 1, endLine: 9, endColumn: 2 }],
        ['type', 2, 'error', { startLine: 10, startColumn: 1, endLine: 10, endColumn: 2 }],
      ],
    );
    assert.equal(run.results![0].locations![0].physicalLocation!.artifactLocation!.uri, 'tools/scale.py');
    assert.deepEqual(
      run.tool.driver.rules!.map((r) => r.id),
      ['range', 'syntax', 'type'],
      'each code once, sorted',
    );
    assert.equal(run.columnKind, 'utf16CodeUnits');
  });

  it('no problems: an empty run, still a valid log', () => {
    const log = sarifReport([{ path: 'clean.py', languageId: 'python', diagnostics: [] }]);
    assert.deepEqual([log.version, log.runs[0].results, log.runs[0].tool.driver.rules], ['2.1.0', [], []]);
  });
});
