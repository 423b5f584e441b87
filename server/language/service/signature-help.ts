import { MarkupKind, type ParameterInformation, type SignatureHelp } from 'vscode-languageserver-types';
import type { DocumentationIndex, IndexedMethod } from '../../../src/api/docs/documentation-index';
import { methodMarkdown } from '../../../src/api/docs/markdown';
import { methodSignatureParts } from '../../../src/api/docs/signature';
import { chainPath, parameterIndexOf, resolveCall } from './resolve-chain';
import type { ScriptDocument } from './script-documents';
import type { CallSite } from './script-model';
import { quotedSpansIn } from './syntax/tree-queries';

/** Signature help with the active parameter, as the user types the arguments, across lines. */
export function signatureHelp(
  document: ScriptDocument,
  offset: number,
  index: DocumentationIndex,
): SignatureHelp | null {
  const call = document.syntax.callAt(document.rootAt(offset), offset);
  if (!call) return unclosedCallHelp(document, offset, index);
  const method = resolveCall(document, call, index);
  if (!method) return null;
  return describeSignature(method, activeParameter(call, offset, method));
}

function describeSignature(method: IndexedMethod, active: number): SignatureHelp {
  const { label, parameters: spans } = methodSignatureParts(method.method);
  const parameters: ParameterInformation[] = spans.map((span, i) => ({
    label: span,
    documentation: {
      kind: MarkupKind.Markdown,
      value: `\`${method.method.parameters[i].type}\` — ${method.method.parameters[i].description}`,
    },
  }));
  return {
    signatures: [
      {
        label,
        documentation: { kind: MarkupKind.Markdown, value: methodMarkdown(method.module.path, method.method) },
        parameters,
      },
    ],
    activeSignature: 0,
    activeParameter: active,
  };
}

/**
 * While a call is being typed its closing parenthesis may not exist yet, and the parser sees an
 * error there: find the unmatched `(` before the cursor in the text, skipping strings and comments.
 */
function unclosedCallHelp(document: ScriptDocument, offset: number, index: DocumentationIndex): SignatureHelp | null {
  const text = document.text.getText();
  let depth = 0;
  let commas = 0;
  const limit = Math.max(0, offset - 4000);
  const quoted = quotedOffsets(document, limit, offset);
  for (let i = offset - 1; i >= limit; i--) {
    const c = text[i];
    if (!'()[]{},'.includes(c) || quoted(i + 1)) continue;
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '[' || c === '{') depth--;
    else if (c === ',' && depth === 0) commas++;
    else if (c === '(') {
      if (depth > 0) depth--;
      else {
        const name = /([A-Za-z_][\w]*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*$/.exec(text.slice(Math.max(0, i - 300), i));
        if (!name) return null;
        const names = name[1].split('.').map((n) => n.trim());
        const path = chainPath(
          { segments: names.map((n) => ({ name: n, span: { start: 0, end: 0 } })), absolute: false },
          document.aliases(index.packageName),
          index.packageName,
        );
        const method = path === undefined ? undefined : index.method(path);
        return method ? describeSignature(method, commas) : null;
      }
    }
    if (depth < 0) return null;
  }
  return null;
}

/**
 * inCommentOrString for every offset of [from, to], found with one walk of each tree that holds
 * them: asked offset by offset, each answer walks down from the root again.
 */
function quotedOffsets(document: ScriptDocument, from: number, to: number): (offset: number) => boolean {
  const inside = new Uint8Array(to - from + 1);
  const seen = new Set<string>();
  return (offset) => {
    const root = document.rootAt(offset);
    const tree = `${root.id}:${root.startIndex}:${root.endIndex}`;
    if (!seen.has(tree)) {
      seen.add(tree);
      for (const span of quotedSpansIn(root, from, to, (node) => document.syntax.quoted(node)))
        inside.fill(1, Math.max(span.start + 1, from) - from, Math.min(span.end, to) - from + 1);
    }
    return inside[offset - from] === 1;
  };
}

function activeParameter(call: CallSite, offset: number, method: IndexedMethod): number {
  const keyword = call.arguments.find(
    (a) => a.keyword && a.keyword.span.start <= offset && offset <= a.node.endIndex,
  )?.keyword;
  if (keyword) return Math.max(0, parameterIndexOf(method, 0, keyword.name));
  let commas = 0;
  for (const child of call.argumentList.children) if (child?.type === ',' && child.startIndex < offset) commas++;
  return commas;
}
