import { MarkupKind, type Hover, type LocationLink } from 'vscode-languageserver-types';
import { documentationUri } from '../../../src/api/docs/documentation-uri';
import { withChangelogNote } from '../../../src/api/docs/markdown';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { chainPath, pathDocumentation } from './resolve-chain';
import type { ScriptDocument } from './script-documents';

/** Hover on a module path segment or an operation: the documentation of what it names. */
export function hover(document: ScriptDocument, offset: number, index: DocumentationIndex): Hover | null {
  if (document.syntax.inCommentOrString(document.rootAt(offset), offset)) return null;
  const found = document.syntax.chainAt(document.rootAt(offset), offset);
  if (!found) return null;
  const path = chainPath(found.chain, document.aliases(index.packageName), index.packageName, found.index);
  if (path === undefined) return null;
  const documentation = pathDocumentation(path, index);
  if (documentation === undefined) return null;
  // A namespace has no documentation of its own: the hover names it above the list of its modules.
  const shown = index.resolve(path)?.kind === 'namespace' ? `### ${path}\n\n${documentation}` : documentation;
  const value = withChangelogNote(shown, path);
  const span = found.chain.segments[found.index].span;
  return {
    contents: { kind: MarkupKind.Markdown, value },
    range: { start: document.text.positionAt(span.start), end: document.text.positionAt(span.end) },
  };
}

/** Go to Definition on a module path segment or an operation: its rendered documentation. */
export function definition(document: ScriptDocument, offset: number, index: DocumentationIndex): LocationLink[] {
  if (document.syntax.inCommentOrString(document.rootAt(offset), offset)) return [];
  const found = document.syntax.chainAt(document.rootAt(offset), offset);
  if (!found) return [];
  const path = chainPath(found.chain, document.aliases(index.packageName), index.packageName, found.index);
  const kind = path === undefined ? undefined : index.resolve(path)?.kind;
  if (kind !== 'method' && kind !== 'module') return [];
  const span = found.chain.segments[found.index].span;
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return [
    {
      originSelectionRange: { start: document.text.positionAt(span.start), end: document.text.positionAt(span.end) },
      targetUri: documentationUri(path!),
      targetRange: top,
      targetSelectionRange: top,
    },
  ];
}
