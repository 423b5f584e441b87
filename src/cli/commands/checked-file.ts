import type { Diagnostic } from 'vscode-languageserver-types';

/** One script `motion check` looked at, with what it found: what the compiler lines, JSON and SARIF are made from. */
export interface CheckedFile {
  /** As given or found, relative to the current directory. */
  path: string;
  languageId: 'python' | 'lua';
  diagnostics: Diagnostic[];
}

/** A diagnostic's message as text (LSP allows Markdown there; the service writes plain text). */
export const messageText = (message: Diagnostic['message']): string =>
  typeof message === 'string' ? message : message.value;
