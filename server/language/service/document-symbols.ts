import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { methodSignature } from '../../../src/api/docs/signature';
import { chainPath } from './resolve-chain';
import type { ScriptDocument } from './script-documents';

/**
 * The `motion` calls of a script, in order (the Outline view, Go to Symbol): each named as written
 * (`sk.add_skeleton`), with the operation it calls and its signature as detail.
 */
export function documentSymbols(document: ScriptDocument, index: DocumentationIndex): DocumentSymbol[] {
  const aliases = document.aliases(index.packageName);
  const symbols: DocumentSymbol[] = [];
  const range = (start: number, end: number) => ({
    start: document.text.positionAt(start),
    end: document.text.positionAt(end),
  });
  for (const unit of document.units()) {
    for (const statement of unit.statements()) {
      for (const call of document.syntax.calls(statement)) {
        const path = chainPath(call.chain, aliases, index.packageName);
        const method = path === undefined ? undefined : index.method(path);
        if (!method) continue;
        const segments = call.chain.segments;
        const last = segments[segments.length - 1];
        symbols.push({
          name: segments.map((s) => s.name).join('.'),
          detail: `${method.module.path}.${methodSignature(method.method)}`,
          kind: SymbolKind.Function,
          range: range(call.node.startIndex, call.node.endIndex),
          selectionRange: range(last.span.start, last.span.end),
        });
      }
    }
  }
  // Units, statements and their calls come in text order: the symbols are already sorted.
  return symbols;
}
