import type { Diagnostic } from 'vscode-languageserver-types';
import type { ScriptProblem } from './assistant-context';

const SEVERITY = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' } as const;

/** An LSP diagnostic as an assistant reads it: 1-based line and column, the severity in words, plain text. */
export function scriptProblem(d: Diagnostic): ScriptProblem {
  return {
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    severity: SEVERITY[d.severity ?? 1],
    message: typeof d.message === 'string' ? d.message : d.message.value,
    ...(d.code !== undefined ? { code: String(d.code) } : {}),
  };
}
