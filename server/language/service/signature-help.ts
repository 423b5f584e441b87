import { MarkupKind, type ParameterInformation, type SignatureHelp } from 'vscode-languageserver-types';
import type { DocumentationIndex, IndexedMethod } from '../../../src/api/docs/documentation-index';
import { methodMarkdown, withChangelogNote } from '../../../src/api/docs/markdown';
import { methodSignatureParts } from '../../../src/api/docs/signature';
import { chainPath, parameterIndexOf, resolveCall } from './resolve-chain';
import type { ScriptDocument } from './script-documents';
import type { CallSite } from './script-model';
import { typingState } from './open-brackets';

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
        // What changed in the operation across versions (its parameters' meaning, what it accepts), from the changelog.
        documentation: {
          kind: MarkupKind.Markdown,
          value: withChangelogNote(methodMarkdown(method.module.path, method.method), method.path),
        },
        parameters,
      },
    ],
    activeSignature: 0,
    activeParameter: active,
  };
}

/**
 * While a call is being typed its closing parenthesis may not exist yet, and the parser sees an
 * error there: the innermost parenthesis still open before the cursor (read from the text,
 * skipping strings and comments) is the call, and its commas say which argument.
 */
function unclosedCallHelp(document: ScriptDocument, offset: number, index: DocumentationIndex): SignatureHelp | null {
  const around = document.typingWindow(offset);
  const { brackets } = typingState(around.text, offset - around.start, document.syntax.languageId);
  const open = brackets.filter((b) => b.char === '(').pop();
  if (!open) return null;
  const opened = around.start + open.offset;
  const name = /([A-Za-z_][\w]*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*$/.exec(document.text.slice(opened - 300, opened));
  if (!name) return null;
  const names = name[1].split('.').map((n) => n.trim());
  const path = chainPath(
    { segments: names.map((n) => ({ name: n, span: { start: 0, end: 0 } })), absolute: false },
    document.aliases(index.packageName),
    index.packageName,
  );
  const method = path === undefined ? undefined : index.method(path);
  return method ? describeSignature(method, open.commas) : null;
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
