import type { Log, ReportingDescriptor, Result } from 'sarif';
import { version } from '../../../package.json';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '../../../server/language/service/diagnostic-codes';
import { messageText, type CheckedFile } from './checked-file';

const LEVEL = { 1: 'error', 2: 'warning', 3: 'note', 4: 'note' } as const;

/**
 * The problems of `motion check` as a SARIF 2.1.0 log (what code-scanning services read): one run
 * of one tool, its rules the diagnostic codes, each result at its file (relative to the checked
 * folder, %SRCROOT%) and 1-based region. Columns count UTF-16 code units, as the editor's do.
 */
export function sarifReport(files: readonly CheckedFile[]): Log {
  const codes = [...new Set(files.flatMap((f) => f.diagnostics.map((d) => String(d.code))))].sort();
  const rules: ReportingDescriptor[] = codes.map((id) => ({
    id,
    shortDescription: { text: DIAGNOSTIC_CODES[id as DiagnosticCode] ?? id },
  }));
  const results: Result[] = files.flatMap((file) =>
    file.diagnostics.map((d) => ({
      ruleId: String(d.code),
      ruleIndex: codes.indexOf(String(d.code)),
      level: LEVEL[d.severity ?? 1],
      message: { text: messageText(d.message) },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: file.path.split('\\').join('/'), uriBaseId: '%SRCROOT%' },
            region: {
              startLine: d.range.start.line + 1,
              startColumn: d.range.start.character + 1,
              endLine: d.range.end.line + 1,
              endColumn: d.range.end.character + 1,
            },
          },
        },
      ],
    })),
  );
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'motion check',
            version,
            rules,
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
