import type { Node } from 'web-tree-sitter';
import { findOperation } from '../../../src/api/catalogue';
import type { NamedObjects } from '../../../src/api/catalogue/operation-spec';
import type { DocumentationIndex, IndexedMethod } from '../../../src/api/docs/documentation-index';
import { namedParameter, type KnownValue, type NameReference, type NamesQuery } from './live-names';
import { chainPath, parameterIndexOf } from './resolve-chain';
import type { ScriptDocument, TextStretch } from './script-documents';
import type { CallSite, Span } from './script-model';

/**
 * Reading, from the text, which strings name application objects and what the calls' other
 * arguments are before the script runs. Each unit's reading is cached by its text (as diagnostics
 * are); variables are looked up after, in text order across units, so an edit re-reads only the
 * statements it touched.
 */

/** An argument as the text writes it: a variable is looked up later, in the assignments before it. */
type Written =
  | { literal: string | number | boolean }
  | { variable: string }
  | { read: { module: string; operation: string; args: Written[] } };

/** What one unit says, in text order: assignments of plain names, and named-object strings. */
type UnitReading = (
  | { assign: string; value: Written | undefined }
  | { reference: { module: string; names: NamedObjects; scope: Record<string, Written>; name: string; span: Span } }
)[];

/** How deep a variable may lead to another before its value counts as unknown (and cycles end). */
const MAX_INDIRECTION = 4;

/** What plain names hold, as the assignments read so far in text order say. */
class KnownNames {
  private readonly values = new Map<string, KnownValue | undefined>();

  assign(name: string, value: Written | undefined): void {
    this.values.set(name, value && this.resolve(value));
  }

  /**
   * No depth to watch here: a variable's value was resolved when it was assigned, and reads nest
   * at most as deep as ArgumentReader reads them.
   */
  resolve(written: Written): KnownValue | undefined {
    if ('literal' in written) return written;
    if ('variable' in written) return this.values.get(written.variable);
    const args: KnownValue[] = [];
    for (const arg of written.read.args) {
      const value = this.resolve(arg);
      if (!value) return undefined;
      args.push(value);
    }
    return { read: { ...written.read, args } };
  }

  query(reference: { module: string; names: NamedObjects; scope: Record<string, Written> }): NamesQuery {
    const scope: Record<string, KnownValue> = {};
    for (const [parameter, written] of Object.entries(reference.scope)) {
      const value = this.resolve(written);
      if (value) scope[parameter] = value;
    }
    return { module: reference.module, names: reference.names, scope };
  }
}

/** The string, number or boolean an argument is written as; undefined for anything else. */
export function primitiveLiteral(document: ScriptDocument, node: Node): string | number | boolean | undefined {
  const value = document.syntax.literal(node, '', new Map());
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/** Reads arguments as written, through the script's aliases. */
class ArgumentReader {
  constructor(
    private readonly document: ScriptDocument,
    private readonly index: DocumentationIndex,
    private readonly aliases: Map<string, string>,
  ) {}

  /** A literal, a variable, or a read of the package with such arguments; undefined for anything else. */
  written(node: Node, depth = 0): Written | undefined {
    if (node.type === 'identifier') return { variable: node.text };
    const call = this.document.syntax.callOf(node);
    if (call) return depth > MAX_INDIRECTION ? undefined : this.read(call, depth);
    const literal = primitiveLiteral(this.document, node);
    return literal === undefined ? undefined : { literal };
  }

  private read(call: CallSite, depth: number): Written | undefined {
    const path = chainPath(call.chain, this.aliases, this.index.packageName);
    const cut = path?.lastIndexOf('.') ?? -1;
    if (!path || cut < 0) return undefined;
    const [module, operation] = [path.slice(0, cut), path.slice(cut + 1)];
    if (findOperation(module, operation)?.effect !== 'read' || call.arguments.some((a) => a.keyword)) return undefined;
    const args: Written[] = [];
    for (const argument of call.arguments) {
      const value = this.written(argument.node, depth + 1);
      if (!value) return undefined;
      args.push(value);
    }
    return { read: { module, operation, args } };
  }

  method(call: CallSite): IndexedMethod | undefined {
    const path = chainPath(call.chain, this.aliases, this.index.packageName);
    return path === undefined ? undefined : this.index.method(path);
  }

  /** The call's other arguments than the named one, by parameter name, as written. */
  scope(call: CallSite, method: IndexedMethod, namedPosition: number): Record<string, Written> {
    const scope: Record<string, Written> = {};
    call.arguments.forEach((argument, i) => {
      const position = parameterIndexOf(method, i, argument.keyword?.name);
      const parameter = method.parameters[position];
      if (!parameter || position === namedPosition) return;
      const value = this.written(argument.node);
      if (value) scope[parameter.doc.name] = value;
    });
    return scope;
  }

  /** One unit's assignments and named-object strings, in text order (spans from `base`). */
  unit(statements: Node[], base: number): UnitReading {
    const reading: (UnitReading[number] & { at: number })[] = [];
    for (const statement of statements) {
      for (const a of this.document.syntax.assignments(statement))
        reading.push({ at: a.start, assign: a.name, value: a.value ? this.written(a.value) : undefined });
      for (const call of this.document.syntax.calls(statement)) {
        const method = this.method(call);
        if (!method) continue;
        call.arguments.forEach((argument, i) => {
          const position = parameterIndexOf(method, i, argument.keyword?.name);
          const names = namedParameter(method, position);
          const name = names && this.document.syntax.literal(argument.node, '', new Map());
          if (!names || typeof name !== 'string') return;
          const span = stringContent(argument.node);
          reading.push({
            at: call.node.startIndex,
            reference: {
              module: method.module.path,
              names,
              scope: this.scope(call, method, position),
              name,
              span: { start: span.start - base, end: span.end - base },
            },
          });
        });
      }
    }
    return reading.sort((a, b) => a.at - b.at).map(({ at: _at, ...event }) => event);
  }
}

/** The span between a string literal's quotes. */
function stringContent(node: Node): Span {
  const quote = node.text.match(/^[a-zA-Z]*(\[=*\[|"""|'''|"|')/)?.[0].length ?? 0;
  const close = node.text.match(/(\]=*\]|"""|'''|"|')$/)?.[0].length ?? 0;
  return { start: node.startIndex + quote, end: node.endIndex - close };
}

/**
 * Every string of the script given to a parameter that names an application object, with its
 * query; one unit per step, for callers that share the thread with requests. `within`: only the
 * statements meeting that stretch, their variables followed from those statements alone.
 */
export function* nameReferenceSteps(
  document: ScriptDocument,
  index: DocumentationIndex,
  within?: TextStretch,
): Generator<void, NameReference[]> {
  const aliases = yield* document.aliasSteps(index.packageName, within?.end);
  return yield* unitNameReferenceSteps(document, index, aliases, within);
}

/** nameReferenceSteps once the aliases are known: one unit per step, each step before its unit is read. */
export function* unitNameReferenceSteps(
  document: ScriptDocument,
  index: DocumentationIndex,
  aliases: Map<string, string>,
  within?: TextStretch,
): Generator<void, NameReference[]> {
  const reader = new ArgumentReader(document, index, aliases);
  const context = `names:${[...aliases].map(([k, v]) => `${k}=${v}`).join(';')}\u0000`;
  const known = new KnownNames();
  const references: NameReference[] = [];
  // Equal queries as one object: a long script asks the same few many times, and the thread that
  // judges the references against the application's names (live-names.ts) then looks each up once.
  const queries = new Map<string, NamesQuery>();
  const interned = (query: NamesQuery) => {
    const key = JSON.stringify(query);
    const same = queries.get(key);
    if (same) return same;
    queries.set(key, query);
    return query;
  };
  for (const unit of document.units(within)) {
    yield;
    const reading = document.perUnit(unit, context, (statements) => reader.unit(statements, unit.start));
    for (const event of reading) {
      if ('assign' in event) known.assign(event.assign, event.value);
      else {
        const { span, name } = event.reference;
        references.push({
          query: interned(known.query(event.reference)),
          name,
          span: { start: span.start + unit.start, end: span.end + unit.start },
        });
      }
    }
  }
  if (!within) document.sweep('names:');
  return references;
}

/** The query of a named parameter of the call at an offset: the script's assignments before it are followed. */
export function namesQueryAt(
  document: ScriptDocument,
  index: DocumentationIndex,
  offset: number,
  call: CallSite,
  method: IndexedMethod,
  namedPosition: number,
): NamesQuery | undefined {
  const names = namedParameter(method, namedPosition);
  if (!names) return undefined;
  const reader = new ArgumentReader(document, index, document.aliases(index.packageName));
  const known = new KnownNames();
  for (const assignment of document.syntax.assignments(document.rootAt(offset)))
    if (assignment.start < offset)
      known.assign(assignment.name, assignment.value ? reader.written(assignment.value) : undefined);
  return known.query({ module: method.module.path, names, scope: reader.scope(call, method, namedPosition) });
}
