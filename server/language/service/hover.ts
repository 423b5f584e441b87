import { MarkupKind, type Hover } from 'vscode-languageserver-types';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { methodMarkdown, moduleMarkdown } from '../../../src/api/docs/markdown';
import { chainPath } from './resolve-chain';
import type { ScriptDocument } from './script-documents';

/** Hover on a module path segment or an operation: the documentation of what it names. */
export function hover(document: ScriptDocument, offset: number, index: DocumentationIndex): Hover | null {
  if (document.syntax.inCommentOrString(document.rootAt(offset), offset)) return null;
  const found = document.syntax.chainAt(document.rootAt(offset), offset);
  if (!found) return null;
  const path = chainPath(found.chain, document.aliases(index.packageName), index.packageName, found.index);
  if (path === undefined) return null;
  const resolved = index.resolve(path);
  if (!resolved) return null;
  let value: string;
  if (resolved.kind === 'method') value = methodMarkdown(resolved.method.module.path, resolved.method.method);
  else if (resolved.kind === 'module') value = moduleMarkdown(resolved.module);
  else {
    const modules = index.modules().filter((m) => m.path.startsWith(`${path}.`));
    value = [`### ${path}`, '', ...modules.map((m) => `- \`${m.path}\` — ${m.brief}`)].join('\n');
  }
  const span = found.chain.segments[found.index].span;
  return {
    contents: { kind: MarkupKind.Markdown, value },
    range: { start: document.text.positionAt(span.start), end: document.text.positionAt(span.end) },
  };
}
