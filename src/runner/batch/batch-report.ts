import { XMLBuilder } from 'fast-xml-parser';
import type { BatchEntry } from './batch-journal';

/**
 * A batch's report as JUnit XML, which CI systems show: one test suite (the script), one test
 * case per measurement; a failed one carries its error, a skipped one (done before) is marked so,
 * and each case's output lists its changes.
 */
export function junitReport(script: string, entries: readonly BatchEntry[]): string {
  const failures = entries.filter((e) => e.status === 'failed').length;
  const skipped = entries.filter((e) => e.status === 'skipped').length;
  const time = entries.reduce((sum, e) => sum + e.seconds, 0);
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    format: true,
    suppressEmptyNode: true,
  });
  const body = builder.build({
    testsuites: {
      testsuite: {
        '@name': script,
        '@tests': entries.length,
        '@failures': failures,
        '@skipped': skipped,
        '@time': time.toFixed(3),
        testcase: entries.map((e) => ({
          '@classname': script,
          '@name': e.file,
          '@time': e.seconds.toFixed(3),
          ...(e.status === 'failed'
            ? {
                failure: {
                  '@type': e.error?.type ?? 'Error',
                  '@message': e.error?.message ?? 'failed',
                  '#text': e.error?.line ? `${e.error.file ?? ''}:${e.error.line}` : (e.error?.message ?? ''),
                },
              }
            : {}),
          ...(e.status === 'skipped' ? { skipped: { '@message': 'done by an earlier run of the batch' } } : {}),
          'system-out': [`${e.status}${e.result ? ` → ${e.result}` : ''}`, ...(e.changes ?? [])].join('\n'),
        })),
      },
    },
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** "3 measurements: 2 changed, 0 unchanged, 1 failed in 4.2 s", with those done before and not run when there are some. */
export function batchSummary(entries: readonly BatchEntry[], left: number, seconds: number): string {
  const count = (status: BatchEntry['status']) => entries.filter((e) => e.status === status).length;
  const parts = [`${count('changed')} changed`, `${count('unchanged')} unchanged`, `${count('failed')} failed`];
  if (count('skipped')) parts.push(`${count('skipped')} done before`);
  if (left) parts.push(`${left} not run`);
  return `${entries.length + left} measurements: ${parts.join(', ')} in ${seconds.toFixed(1)} s`;
}
