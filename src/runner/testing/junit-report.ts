import { XMLBuilder } from 'fast-xml-parser';
import type { ScriptTestResult } from './script-test';

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * Results as JUnit XML, the report CI services read: one <testsuite> per test file, a <testcase>
 * per test with its <failure>, <error> or <skipped>, and what it printed in <system-out>.
 */
export function junitReport(results: readonly ScriptTestResult[], name = 'motion test'): string {
  const files = [...new Set(results.map((r) => r.test.file))];
  const count = (list: readonly ScriptTestResult[], outcome: ScriptTestResult['outcome']) =>
    list.filter((r) => r.outcome === outcome).length;
  const suite = (file: string) => {
    const mine = results.filter((r) => r.test.file === file);
    return {
      '@_name': file,
      '@_tests': mine.length,
      '@_failures': count(mine, 'failed'),
      '@_errors': count(mine, 'errored'),
      '@_skipped': count(mine, 'skipped'),
      '@_time': seconds(mine.reduce((t, r) => t + r.durationMs, 0)),
      testcase: mine.map((r) => ({
        '@_classname': file.replace(/\.(py|lua)$/, '').replace(/[\\/]/g, '.'),
        '@_name': r.test.name,
        '@_file': file,
        ...(r.test.line ? { '@_line': r.test.line } : {}),
        '@_time': seconds(r.durationMs),
        ...(r.outcome === 'failed' ? { failure: { '@_message': r.message ?? '', '#text': r.details ?? '' } } : {}),
        ...(r.outcome === 'errored' ? { error: { '@_message': r.message ?? '', '#text': r.details ?? '' } } : {}),
        ...(r.outcome === 'skipped' ? { skipped: { '@_message': r.message ?? '' } } : {}),
        ...(r.output ? { 'system-out': r.output } : {}),
      })),
    };
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });
  const all = {
    '@_name': name,
    '@_tests': results.length,
    '@_failures': count(results, 'failed'),
    '@_errors': count(results, 'errored'),
    '@_skipped': count(results, 'skipped'),
    '@_time': seconds(results.reduce((t, r) => t + r.durationMs, 0)),
    testsuite: files.map(suite),
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ testsuites: all })}`;
}
