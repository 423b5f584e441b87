import type { Node } from 'web-tree-sitter';
import { InlayHintKind, MarkupKind, type InlayHint } from 'vscode-languageserver-types';
import type { DocumentationIndex, IndexedMethod } from '../../../src/api/docs/documentation-index';
import { identifierParameter, type LiveNames, type NamesQuery } from './live-names';
import { primitiveLiteral } from './name-references';
import { chainPath, parameterIndexOf } from './resolve-chain';
import type { ScriptDocument } from './script-documents';
import { UNKNOWN, type CallSite, type Span } from './script-model';

/** Which hints to show; each kind is off unless asked for (`motion.inlayHints.*`). */
export interface InlayHintSettings {
  /** Parameter names before positional arguments: of literal arguments only, of all, or none (as TypeScript's). */
  parameterNames: 'none' | 'literals' | 'all';
  /** The type a variable gets from the operation that it is assigned from. */
  variableTypes: boolean;
  /** The name the application has now for an identifier written as a number (`get_segment_name("project", 27)`: Hips). */
  identifierNames: boolean;
}

export const NO_INLAY_HINTS: InlayHintSettings = {
  parameterNames: 'none',
  variableTypes: false,
  identifierNames: false,
};

/** A name as compared with another: `skeletonId`, `skeleton_id` and `SKELETON_ID` say the same. */
const plain = (name: string) => name.toLowerCase().replace(/_/g, '');

/** The argument already says which parameter it is: a name that is, or ends with, the parameter's (`skeleton_id`, `body_skeleton_id`). */
function saysItself(argument: Node, parameter: string): boolean {
  if (argument.type !== 'identifier') return false;
  return plain(argument.text).endsWith(plain(parameter));
}

/**
 * The inlay hints of the `motion` calls in `span` of a script: parameter names before positional
 * arguments, and the type of a variable assigned a call's result. Hints are asked for after every
 * keystroke, and re-parsing a long script costs more than they may: the statements around the span
 * (where they start and end, from the tree as last parsed and shifted by the edits since) are
 * parsed on their own from the current text, so the hints are those of the text as it is now, and
 * cost what the span holds.
 */
export function inlayHints(
  document: ScriptDocument,
  span: Span,
  index: DocumentationIndex,
  settings: InlayHintSettings,
  liveNames?: LiveNames,
): InlayHint[] {
  if (settings.parameterNames === 'none' && !settings.variableTypes && !settings.identifierNames) return [];
  const aliases = document.aliases(index.packageName);
  const methodOf = (call: CallSite) => {
    const path = chainPath(call.chain, aliases, index.packageName);
    return path === undefined ? undefined : index.method(path);
  };
  const region = statementsAround(document, span);
  const text = document.text.slice(region.start, region.end);
  // Offsets in the piece parsed alone, and in the document.
  const inSpan = (offset: number) => span.start <= region.start + offset && region.start + offset <= span.end;
  const at = (offset: number) => document.text.positionAt(region.start + offset);
  return document.parseAside(text, (root) => {
    const hints: InlayHint[] = [];
    for (const statement of root.children) {
      if (!statement) continue;
      if (settings.parameterNames !== 'none' || (settings.identifierNames && liveNames))
        for (const call of document.syntax.calls(statement)) {
          const method = methodOf(call);
          if (method && settings.parameterNames !== 'none')
            hints.push(...parameterHints(document, call, method, settings, inSpan, at));
          if (method && settings.identifierNames && liveNames)
            hints.push(...identifierHints(document, call, method, liveNames, inSpan, at));
        }
      if (settings.variableTypes)
        for (const assignment of document.syntax.assignments(statement)) {
          const call = assignment.value && document.syntax.callOf(assignment.value);
          const method = call && methodOf(call);
          const type = method?.method.return_value?.type;
          if (!type || !inSpan(assignment.nameEnd)) continue;
          hints.push({
            position: at(assignment.nameEnd),
            label: `: ${type}`,
            kind: InlayHintKind.Type,
            tooltip: { kind: MarkupKind.Markdown, value: `\`${method.path}\` returns \`${type}\`` },
          });
        }
    }
    // Each statement's parameter hints come before its type hints: sorted by place.
    return hints.sort((a, b) => a.position.line - b.position.line || a.position.character - b.position.character);
  });
}

function parameterHints(
  document: ScriptDocument,
  call: CallSite,
  method: IndexedMethod,
  settings: InlayHintSettings,
  inSpan: (offset: number) => boolean,
  at: (offset: number) => InlayHint['position'],
): InlayHint[] {
  const hints: InlayHint[] = [];
  call.arguments.forEach((argument, i) => {
    const parameter = method.parameters[i];
    if (argument.keyword || !parameter) return; // a keyword argument names itself; an extra one is a diagnostic's
    const node = argument.node;
    if (!inSpan(node.startIndex)) return;
    const name = parameter.doc.name;
    if (saysItself(node, name)) return;
    if (settings.parameterNames === 'literals' && document.syntax.literal(node, '', new Map()) === UNKNOWN) return;
    hints.push({
      position: at(node.startIndex),
      label: `${name}:`,
      kind: InlayHintKind.Parameter,
      paddingRight: true,
      tooltip: {
        kind: MarkupKind.Markdown,
        value: `\`${name}: ${parameter.doc.type}\` — ${parameter.doc.description}`,
      },
    });
  });
  return hints;
}

/**
 * After an identifier written as a number, the name the application has now for that object
 * (asked of it behind the request, as completion's names are: none until it answered).
 */
function identifierHints(
  document: ScriptDocument,
  call: CallSite,
  method: IndexedMethod,
  liveNames: LiveNames,
  inSpan: (offset: number) => boolean,
  at: (offset: number) => InlayHint['position'],
): InlayHint[] {
  const positions = call.arguments.map((argument, i) => parameterIndexOf(method, i, argument.keyword?.name));
  // The call's other literal arguments say where the object is (its source, its skeleton).
  const scope: NamesQuery['scope'] = {};
  call.arguments.forEach((argument, i) => {
    const value = primitiveLiteral(document, argument.node);
    const parameter = method.parameters[positions[i]];
    if (value !== undefined && parameter) scope[parameter.doc.name] = { literal: value };
  });
  const hints: InlayHint[] = [];
  call.arguments.forEach((argument, i) => {
    const id = primitiveLiteral(document, argument.node);
    const names = identifierParameter(method, positions[i]);
    if (!names || !Number.isInteger(id) || !inSpan(argument.node.endIndex)) return;
    const { [method.parameters[positions[i]].doc.name]: _itself, ...where } = scope;
    const name = liveNames.nameOf({ module: method.module.path, names, scope: where }, id as number);
    if (typeof name !== 'string') return;
    hints.push({
      position: at(argument.node.endIndex),
      label: name,
      paddingLeft: true,
      tooltip: `${names.kind} ${String(id)} is ${names.called} "${name}" in the application now`,
    });
  });
  return hints;
}

/**
 * The span widened to whole top-level statements and lines: where the statements holding its ends
 * start and end, in the tree as last parsed shifted by the edits since (right wherever no edit is
 * pending inside a statement, and near enough there: the piece is parsed error-tolerantly).
 */
function statementsAround(document: ScriptDocument, span: Span): Span {
  const text = document.text;
  const lineStart = text.offsetAt({ line: text.positionAt(span.start).line, character: 0 });
  const lineEnd = text.offsetAt({ line: text.positionAt(span.end).line + 1, character: 0 });
  const first = document.shiftedRootAt(span.start).firstChildForIndex(span.start);
  const last = document.shiftedRootAt(span.end).firstChildForIndex(span.end);
  return {
    start: first && first.startIndex < lineStart ? first.startIndex : lineStart,
    end: last && last.startIndex <= span.end && last.endIndex > lineEnd ? last.endIndex : lineEnd,
  };
}
