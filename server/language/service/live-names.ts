import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CATALOGUE, findOperation } from '../../../src/api/catalogue';
import type { NamedObjects } from '../../../src/api/catalogue/operation-spec';
import type { IndexedMethod } from '../../../src/api/docs/documentation-index';
import { closestNames } from '../../../src/api/text/closest-names';
import { didYouMean } from './diagnostics';
import type { ScriptDocument } from './script-documents';
import type { Span } from './script-model';

/**
 * Names of the connected application's objects in strings: `find_skeleton("project", "Actor1")`.
 * Which parameter names what, and how the names the application has are judged and described, are
 * here; reading the script is name-references.ts's, asking the application the LiveNames source's.
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
  /** The name of the object with that identifier (null: it has none, or there is none); undefined while not known. */
  nameOf(query: NamesQuery, id: number): string | null | undefined;
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

/** By module, then identifier parameter: the objects it refers to (filled once per module, from the catalogue). */
const identifiers = new Map<string, Map<string, NamedObjects>>();

/**
 * The objects an identifier parameter refers to: those of its module whose naming operation takes
 * it last (`segment_id`: get_segment_name(source, segment_id); a trajectory's `id`: get_label(id)).
 */
export function identifierParameter(method: IndexedMethod, position: number): NamedObjects | undefined {
  const parameter = method.parameters[position];
  if (!parameter) return undefined;
  const module = method.module.path;
  if (!identifiers.has(module)) {
    const named = new Map<string, NamedObjects>();
    for (const operation of CATALOGUE.find((m) => m.path === module)?.operations ?? [])
      for (const { names } of operation.parameters) {
        const last = names && findOperation(module, names.name)?.parameters.at(-1)?.name;
        if (names && last && !named.has(last)) named.set(last, names);
      }
    identifiers.set(module, named);
  }
  return identifiers.get(module)!.get(parameter.doc.name);
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

/** A known value as a user wrote it: a literal, the name a find_ read looks up, or the read. */
function describeKnown(value: KnownValue): string {
  if ('literal' in value) return JSON.stringify(value.literal);
  const { operation, args } = value.read;
  const last = args.at(-1);
  if (operation.startsWith('find_') && last && 'literal' in last) return JSON.stringify(last.literal);
  return `${operation}(${args.map(describeKnown).join(', ')})`;
}

/** By list of names the application has (one list per fetch): each name judged, and its closest ones. */
const judged = new WeakMap<readonly string[], Map<string, string[] | 'known'>>();

/**
 * Undefined when the application has the name; else the names closest to it (maybe none). Judged
 * once per list of names: every check of a long script judges its names again, most unchanged.
 */
function missingName(name: string, names: readonly string[]): string[] | undefined {
  let byName = judged.get(names);
  if (!byName) judged.set(names, (byName = new Map<string, string[] | 'known'>()));
  let verdict = byName.get(name);
  if (verdict === undefined) {
    verdict = names.includes(name) ? 'known' : closestNames(name, names);
    byName.set(name, verdict);
  }
  return verdict === 'known' ? undefined : verdict;
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
  // Equal queries come as one object (name-references.ts): each is looked up once.
  const namesOf = new Map<NamesQuery, readonly string[] | undefined>();
  for (const reference of references) {
    let names = namesOf.get(reference.query);
    if (!namesOf.has(reference.query)) namesOf.set(reference.query, (names = live.names(reference.query)));
    const hint = names && missingName(reference.name, names);
    if (!hint) continue;
    const { kind, called } = reference.query.names;
    diagnostics.push({
      range: {
        start: document.text.positionAt(reference.span.start),
        end: document.text.positionAt(reference.span.end),
      },
      severity: DiagnosticSeverity.Information,
      source: 'motion',
      code: 'unknown-name',
      message: `no ${kind} ${called} "${reference.name}" ${whereNamesAre(reference.query)}${didYouMean(hint)}`,
      ...(hint.length ? { data: { fix: { replaceWith: hint, suggested: hint } } } : {}),
    });
  }
  return diagnostics;
}
