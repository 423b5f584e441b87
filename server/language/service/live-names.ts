import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { Node } from 'web-tree-sitter';
import { findOperation } from '../../../src/api/catalogue';
import type { NamedObjects } from '../../../src/api/catalogue/operation-spec';
import type { DocumentationIndex, IndexedMethod } from '../../../src/api/docs/documentation-index';
import { closestNames } from '../../../src/api/text/closest-names';
import { didYouMean } from './diagnostics';
import { chainPath, parameterIndexOf } from './resolve-chain';
import type { ScriptDocument } from './script-documents';
import { UNKNOWN, type CallSite, type Span } from './script-model';

/**
 * Names of the connected application's objects in strings: `find_skeleton("project", "Actor1")`.
 * What the text says is worked out here (which parameter names what, and what the call's other
 * arguments are before the script runs); asking the application is the LiveNames source's business.
 */

/** What an argument is known to be before the script runs: a literal, or a read the application can answer now. */
export type KnownValue =
  { literal: string | number | boolean } | { read: { module: string; operation: string; args: KnownValue[] } };

/** Where the names of a parameter are listed: the module, its NamedObjects, and the call's other arguments that are known. */
export interface NamesQuery {
  module: string;
  names: NamedObjects;
  scope: Record<string, KnownValue>;
}

/** The names the connected application has now. Never waits: undefined while not known (not fetched yet, or not connected). */
export interface LiveNames {
  names(query: NamesQuery): readonly string[] | undefined;
}

/** A string literal given to a parameter that names an application object. */
export interface NameReference {
  query: NamesQuery;
  name: string;
  /** The string's content, without its quotes. */
  span: Span;
}

/** The NamedObjects of a method's parameter, from the catalogue (the documentation says nothing of it). */
export function namedParameter(method: IndexedMethod, position: number): NamedObjects | undefined {
  const parameter = method.parameters[position];
  const operation = findOperation(method.module.path, method.method.name);
  return parameter && operation?.parameters.find((p) => p.name === parameter.doc.name)?.names;
}

/** How deep a variable may lead to another before its value counts as unknown (and cycles end). */
const MAX_INDIRECTION = 4;

/**
 * What the script has assigned to plain names so far, as KnownValues: read in text order, so a
 * name means its last assignment before the place that uses it.
 */
class KnownNames {
  private readonly values = new Map<string, KnownValue | undefined>();

  constructor(
    private readonly document: ScriptDocument,
    private readonly index: DocumentationIndex,
    private readonly aliases: Map<string, string>,
  ) {}

  /** Takes in an assignment (in text order). */
  assign(name: string, value: Node | null): void {
    this.values.set(name, value ? this.valueOf(value) : undefined);
  }

  /** A literal, a known variable, or a read of the package with known arguments; undefined otherwise. */
  valueOf(node: Node, depth = 0): KnownValue | undefined {
    if (depth > MAX_INDIRECTION) return undefined;
    if (node.type === 'identifier') return this.values.get(node.text);
    const call = this.document.syntax.callOf(node);
    if (call) return this.readOf(call, depth);
    const literal = this.document.syntax.literal(node, '', new Map());
    return literal !== UNKNOWN && literal !== null && typeof literal !== 'object'
      ? { literal: literal as string | number | boolean }
      : undefined;
  }

  private readOf(call: CallSite, depth: number): KnownValue | undefined {
    const path = chainPath(call.chain, this.aliases, this.index.packageName);
    const cut = path?.lastIndexOf('.') ?? -1;
    if (!path || cut < 0) return undefined;
    const [module, operation] = [path.slice(0, cut), path.slice(cut + 1)];
    if (findOperation(module, operation)?.effect !== 'read' || call.arguments.some((a) => a.keyword)) return undefined;
    const args: KnownValue[] = [];
    for (const argument of call.arguments) {
      const value = this.valueOf(argument.node, depth + 1);
      if (!value) return undefined;
      args.push(value);
    }
    return { read: { module, operation, args } };
  }

  /** The query of a named parameter of a call: its module and the call's other arguments that are known. */
  queryOf(call: CallSite, method: IndexedMethod, names: NamedObjects, namedPosition: number): NamesQuery {
    const scope: Record<string, KnownValue> = {};
    call.arguments.forEach((argument, i) => {
      const position = parameterIndexOf(method, i, argument.keyword?.name);
      const parameter = method.parameters[position];
      if (!parameter || position === namedPosition) return;
      const value = this.valueOf(argument.node);
      if (value) scope[parameter.doc.name] = value;
    });
    return { module: method.module.path, names, scope };
  }
}

/** What plain names hold at an offset of the script: its assignments before it, in the tree around it. */
export function knownNamesBefore(document: ScriptDocument, index: DocumentationIndex, offset: number): KnownNames {
  const known = new KnownNames(document, index, document.aliases(index.packageName));
  for (const assignment of document.syntax.assignments(document.rootAt(offset)))
    if (assignment.start < offset) known.assign(assignment.name, assignment.value);
  return known;
}

/**
 * Every string literal of the script given to a parameter that names an application object, with
 * its query. Assignments are followed in text order across the whole script.
 */
export function nameReferences(document: ScriptDocument, index: DocumentationIndex): NameReference[] {
  const aliases = document.aliases(index.packageName, true);
  const known = new KnownNames(document, index, aliases);
  const references: NameReference[] = [];
  for (const unit of document.units()) {
    for (const statement of unit.statements()) {
      const events = [
        ...document.syntax.assignments(statement).map((a) => ({ at: a.start, assignment: a })),
        ...document.syntax.calls(statement).map((c) => ({ at: c.node.startIndex, call: c })),
      ].sort((a, b) => a.at - b.at);
      for (const event of events) {
        if ('assignment' in event) {
          known.assign(event.assignment.name, event.assignment.value);
          continue;
        }
        const call = event.call;
        const path = chainPath(call.chain, aliases, index.packageName);
        const method = path === undefined ? undefined : index.method(path);
        if (!method) continue;
        call.arguments.forEach((argument, i) => {
          const position = parameterIndexOf(method, i, argument.keyword?.name);
          const names = namedParameter(method, position);
          if (!names) return;
          const name = document.syntax.literal(argument.node, '', new Map());
          if (typeof name !== 'string') return;
          references.push({
            query: known.queryOf(call, method, names, position),
            name,
            span: stringContent(argument.node),
          });
        });
      }
    }
  }
  return references;
}

/** The span between a string literal's quotes. */
function stringContent(node: Node): Span {
  const quote = node.text.match(/^[a-zA-Z]*(\[=*\[|"""|'''|"|')/)?.[0].length ?? 0;
  const close = node.text.match(/(\]=*\]|"""|'''|"|')$/)?.[0].length ?? 0;
  return { start: node.startIndex + quote, end: node.endIndex - close };
}

/** "in the project settings", "in skeleton "Actor1"", "in the data": where a query looks for names. */
export function whereNamesAre(query: NamesQuery): string {
  const places: string[] = [];
  const skeleton = query.scope.skeleton_id;
  if (skeleton) places.push(`skeleton ${describeKnown(skeleton)}`);
  const source = query.scope.source;
  if (source && 'literal' in source) places.push(`the ${String(source.literal)} settings`);
  return places.length ? `in ${places.join(' of ')}` : 'in the data';
}

/** A known value as a user wrote it: a literal, or the name a find_ read looks up. */
function describeKnown(value: KnownValue): string {
  if ('literal' in value) return JSON.stringify(value.literal);
  const last = value.read.args.at(-1);
  return value.read.operation.startsWith('find_') && last && 'literal' in last
    ? JSON.stringify(last.literal)
    : `${value.read.operation}(…)`;
}

/**
 * Information (never an error: the application may change before the script runs) on each name
 * the connected application does not have, with the closest it has as a quick fix. Names not
 * known yet are not judged.
 */
export function liveNameDiagnostics(
  document: ScriptDocument,
  references: readonly NameReference[],
  live: LiveNames,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const reference of references) {
    const names = live.names(reference.query);
    if (!names || names.includes(reference.name)) continue;
    const { kind, called } = reference.query.names;
    const hint = closestNames(reference.name, names);
    diagnostics.push({
      range: {
        start: document.text.positionAt(reference.span.start),
        end: document.text.positionAt(reference.span.end),
      },
      severity: DiagnosticSeverity.Information,
      source: 'motion',
      code: 'unknown-name',
      message: `no ${kind} ${called} "${reference.name}" ${whereNamesAre(reference.query)}${didYouMean(hint)}`,
      ...(hint.length ? { data: { fix: { replaceWith: hint } } } : {}),
    });
  }
  return diagnostics;
}
