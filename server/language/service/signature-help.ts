import { MarkupKind, type ParameterInformation, type SignatureHelp } from 'vscode-languageserver-types';
import type { DocumentationIndex, IndexedMethod } from '../../../src/api/docs/documentation-index';
import { methodMarkdown } from '../../../src/api/docs/markdown';
import { chainPath } from './resolve-chain';
import type { ScriptDocument } from './script-documents';
import type { CallSite } from './script-model';

/** The operation a call names, through the script's aliases. */
export function resolveCall(document: ScriptDocument, call: CallSite, index: DocumentationIndex): IndexedMethod | undefined {
  const path = chainPath(call.chain, document.aliases(index.packageName), index.packageName);
  return path === undefined ? undefined : index.method(path);
}

/** Which parameter an argument fills: its position, or its keyword's. */
export function parameterIndexOf(method: IndexedMethod, argumentIndex: number, keyword?: string): number {
  return keyword === undefined ? argumentIndex : method.parameters.findIndex((p) => p.doc.name === keyword);
}

/** Signature help with the active parameter, as the user types the arguments, across lines. */
export function signatureHelp(document: ScriptDocument, offset: number, index: DocumentationIndex): SignatureHelp | null {
  const call = document.syntax.callAt(document.root, offset);
  if (!call) return null;
  const method = resolveCall(document, call, index);
  if (!method) return null;
  const label = `${method.method.name}(`;
  const parameters: ParameterInformation[] = [];
  let cursor = label.length;
  const parts = method.method.parameters.map((p) => `${p.name}: ${p.type}`);
  parts.forEach((part, i) => {
    parameters.push({ label: [cursor, cursor + part.length], documentation: { kind: MarkupKind.Markdown, value: `\`${method.method.parameters[i].type}\` — ${method.method.parameters[i].description}` } });
    cursor += part.length + 2;
  });
  const full = `${label}${parts.join(', ')})${method.method.return_value ? ` -> ${method.method.return_value.type}` : ''}`;
  return {
    signatures: [{ label: full, documentation: { kind: MarkupKind.Markdown, value: methodMarkdown(method.module.path, method.method) }, parameters }],
    activeSignature: 0,
    activeParameter: activeParameter(call, offset, method),
  };
}

function activeParameter(call: CallSite, offset: number, method: IndexedMethod): number {
  const keyword = call.arguments.find((a) => a.keyword && a.keyword.span.start <= offset && offset <= a.node.endIndex)?.keyword;
  if (keyword) return Math.max(0, parameterIndexOf(method, 0, keyword.name));
  let commas = 0;
  for (const child of call.argumentList.children) if (child?.type === ',' && child.startIndex < offset) commas++;
  return commas;
}
