import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import type { VersionGuard } from './version-guard';

/** What a diagnostic offers to fix, carried in its `data` to the editor and back. */
export type QuickFix =
  /**
   * Replace the diagnostic's range with one of these texts (a suggested name or value, written as
   * the script writes it: 'bone' in single quotes stays so); `suggested` are the same as the
   * diagnostic's "did you mean" names them, and the fix's title says them that way too.
   */
  | { replaceWith: string[]; suggested: string[] }
  /** Add placeholders for the missing arguments before the call's `)`, after a comma when some are given. */
  | { addArguments: string[]; comma: boolean }
  /** Run the call only on the application versions that have it (version-guard.ts). */
  | { guard: VersionGuard };

/**
 * The quick fixes of the language server's own diagnostics among those given. `snippetCommand`:
 * the client's command that inserts a snippet (placeholders to tab through; LSP's edits are plain
 * text); without one, a fix that adds arguments writes their names.
 */
export function quickFixes(uri: string, diagnostics: readonly Diagnostic[], snippetCommand?: string): CodeAction[] {
  return diagnostics.flatMap((diagnostic): CodeAction[] => {
    const fix = (diagnostic.data as { fix?: QuickFix } | undefined)?.fix;
    if (diagnostic.source !== 'motion' || !fix) return [];
    if ('guard' in fix) {
      const { title, header, footer, endCharacter } = fix.guard;
      const { line } = diagnostic.range.start;
      const edits = [
        { range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: header },
        ...(footer
          ? [
              {
                range: { start: { line, character: endCharacter }, end: { line, character: endCharacter } },
                newText: footer,
              },
            ]
          : []),
      ];
      return [{ title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [uri]: edits } } }];
    }
    if ('replaceWith' in fix)
      return fix.replaceWith.map((text, i) => ({
        title: `Change to "${fix.suggested[i]}"`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: fix.replaceWith.length === 1,
        edit: { changes: { [uri]: [{ range: diagnostic.range, newText: text }] } },
      }));
    const title = `Add the missing argument${fix.addArguments.length === 1 ? '' : 's'}: ${fix.addArguments.join(', ')}`;
    const beforeParenthesis = { line: diagnostic.range.end.line, character: diagnostic.range.end.character - 1 };
    const comma = fix.comma ? ', ' : '';
    const fixing = { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true };
    if (!snippetCommand) {
      const at = { start: beforeParenthesis, end: beforeParenthesis };
      return [
        { ...fixing, edit: { changes: { [uri]: [{ range: at, newText: `${comma}${fix.addArguments.join(', ')}` }] } } },
      ];
    }
    const placeholders = fix.addArguments.map((name, i) => `\${${i + 1}:${name}}`).join(', ');
    return [
      {
        ...fixing,
        command: { title, command: snippetCommand, arguments: [uri, beforeParenthesis, `${comma}${placeholders}`] },
      },
    ];
  });
}
