import { createHash } from 'node:crypto';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { DocumentationIndex, IndexedMethod, IndexedParameter } from '../../../src/api/docs/documentation-index';
import { closestNames } from '../../../src/api/text/closest-names';
import { lackOf, type ScriptTargets } from '../../../src/api/catalogue/target-versions';
import { scriptTargets } from './script-targets';
import { guardedByVersion, versionGuard } from './version-guard';
import { historyNote, namedInChangelog } from '../../../src/api/catalogue/interface-history';
import { nonNull } from '../../../src/api/types/type-tree';
import { validateValue } from '../../../src/api/types/validate';
import type { Node } from 'web-tree-sitter';
import { chainPath, firstUnknownSegment } from './resolve-chain';
import type { QuickFix } from './quick-fixes';
import { finishSteps, type ScriptDocument, type TextStretch } from './script-documents';
import { MAX_LITERAL_DEPTH, TOO_DEEP, type CallSite, type Span } from './script-model';

/**
 * What can be known from the text alone: unknown modules and operations under the package, wrong
 * argument counts, and literal arguments that do not fit their documented type or range. A
 * variable argument (or a variable part of a literal) is never flagged.
 */
export function diagnose(document: ScriptDocument, index: DocumentationIndex): Diagnostic[] {
  return finishSteps(diagnosisSteps(document, index));
}

/**
 * diagnose() one statement per step, for callers that share the thread with requests. `within`:
 * only the statements that meet that stretch (the part in view, checked first), with the aliases
 * of what comes before them.
 */
export function* diagnosisSteps(
  document: ScriptDocument,
  index: DocumentationIndex,
  within?: TextStretch,
): Generator<void, Diagnostic[]> {
  const aliases = yield* document.aliasSteps(index.packageName, within?.end);
  return yield* unitDiagnosisSteps(document, index, aliases, within);
}

/** diagnosisSteps once the aliases are known: one unit per step, each step before its unit is read. */
export function* unitDiagnosisSteps(
  document: ScriptDocument,
  index: DocumentationIndex,
  aliases: Map<string, string>,
  within?: TextStretch,
): Generator<void, Diagnostic[]> {
  const targets = scriptTargets(document, index);
  const context = `diagnostics:${documentationId(index)}:${targets.key}:${[...aliases].map(([k, v]) => `${k}=${v}`).join(';')}\u0000`;
  const diagnostics: Diagnostic[] = [];
  for (const unit of document.units(within)) {
    yield;
    const base = unit.start;
    // Found once per unit text: after an edit only the statements (or chunks) that changed are looked at again.
    const found = document.perUnit(unit, context, (statements) =>
      statements
        .flatMap((s) => diagnoseStatement(s, document, index, aliases, targets))
        .map((p) => ({ ...p, start: p.start - base, end: p.end - base })),
    );
    for (const p of found) {
      diagnostics.push({
        range: { start: document.text.positionAt(p.start + base), end: document.text.positionAt(p.end + base) },
        message: p.message,
        severity:
          p.severity === 'information'
            ? DiagnosticSeverity.Information
            : p.severity === 'warning'
              ? DiagnosticSeverity.Warning
              : DiagnosticSeverity.Error,
        source: 'motion',
        code: p.code,
        ...(p.fix ? { data: { fix: p.fix } } : {}),
      });
    }
  }
  const bad = targets.at;
  if (bad && (!within || (bad.start < within.end && bad.end > within.start)))
    diagnostics.unshift({
      range: { start: document.text.positionAt(bad.start), end: document.text.positionAt(bad.end) },
      message: bad.message,
      severity: DiagnosticSeverity.Error,
      source: 'motion',
      code: bad.code,
    });
  // A part's check leaves the cache to the whole one (what it did not read is still wanted).
  if (!within) document.sweep('diagnostics:');
  return diagnostics;
}

interface Problem extends Span {
  message: string;
  code: string;
  /** Errors unless said otherwise. */
  severity?: 'information' | 'warning';
  fix?: QuickFix;
}

const ids = new WeakMap<DocumentationIndex, string>();
/**
 * Cached diagnostics belong to one documentation, known by its content: a reload that brings other
 * documentation makes them stale, and one that brings the same (the application's, when it is the
 * bundled one) keeps them, so the check after it costs nothing.
 */
function documentationId(index: DocumentationIndex): string {
  let id = ids.get(index);
  if (id === undefined) {
    id = createHash('sha256').update(JSON.stringify(index.documentation)).digest('base64');
    ids.set(index, id);
  }
  return id;
}

/** What the application's changelog says of a path the connected application lacks: when it came or went. */
function changelogOf(path: string): string {
  return namedInChangelog(path) ? ` (the application's changelog: ${historyNote(path)})` : '';
}

function diagnoseStatement(
  statement: Node,
  document: ScriptDocument,
  index: DocumentationIndex,
  aliases: Map<string, string>,
  { targets }: ScriptTargets,
): Problem[] {
  const problems: Problem[] = [];
  const at = (span: Span, message: string, code: string): Problem => ({ ...span, message, code });
  // Only a statement that asks the application's version can guard a call by it: the walk up from
  // each call is made only there (a whole script's check stays within a tenth of today's).
  let asksVersion: boolean | undefined;
  const guarded = (call: CallSite) =>
    (asksVersion ??= document.text.slice(statement.startIndex, statement.endIndex).includes('get_version')) &&
    guardedByVersion(call);
  for (const chain of document.syntax.chains(statement)) {
    const unknown = firstUnknownSegment(chain, aliases, index);
    if (!unknown) continue;
    const name = chain.segments[unknown.segment].name;
    const hint = closestNames(
      name,
      index.childrenOf(unknown.parent).map((c) => c.name),
    );
    problems.push({
      ...at(
        chain.segments[unknown.segment].span,
        `${unknown.parent} has no module or method "${name}"${didYouMean(hint)}${changelogOf(`${unknown.parent}.${name}`)}`,
        'unknown-member',
      ),
      ...(hint.length ? { fix: { replaceWith: hint, suggested: hint } } : {}),
    });
  }
  for (const call of document.syntax.calls(statement)) {
    const path = chainPath(call.chain, aliases, index.packageName);
    const method = path === undefined ? undefined : index.method(path);
    if (method) problems.push(...checkCall(call, method, document, at));
    // A call that some of the script's target versions lack: a warning naming them.
    // A call the script guards by the application's version is its own business.
    const lack = path !== undefined && targets ? lackOf(path, targets) : undefined;
    if (lack && !guarded(call)) {
      const name = call.chain.segments[call.chain.segments.length - 1];
      const guard = versionGuard(call, path!, document, aliases, index.packageName, lack.versions);
      problems.push({
        ...at(name.span, `${path}: ${lack.message}`, 'target-versions'),
        severity: 'warning',
        ...(guard ? { fix: { guard } } : {}),
      });
    }
  }
  return problems;
}

function checkCall(
  call: CallSite,
  method: IndexedMethod,
  document: ScriptDocument,
  at: (span: Span, message: string, code: string) => Problem,
): Problem[] {
  const out: Problem[] = [];
  const params = method.parameters;
  const names = params.map((p) => p.doc.name).join(', ') || 'none';
  const name = method.method.name;
  const expected =
    method.requiredCount === params.length ? `${params.length}` : `${method.requiredCount} to ${params.length}`;
  const takes = `${name} takes ${expected} argument${params.length === 1 ? '' : 's'} (${names})`;
  const filled = new Set<number>();
  let positional = 0;
  for (const arg of call.arguments) {
    let i: number;
    if (arg.keyword) {
      i = params.findIndex((p) => p.doc.name === arg.keyword!.name);
      if (i < 0) {
        out.push(at(arg.keyword.span, `${name} has no parameter "${arg.keyword.name}" (${names})`, 'argument-count'));
        continue;
      }
    } else i = positional++;
    if (i >= params.length) {
      out.push(
        at(
          { start: arg.node.startIndex, end: arg.node.endIndex },
          `${takes}, got ${call.arguments.length}`,
          'argument-count',
        ),
      );
      continue;
    }
    filled.add(i);
    out.push(...checkLiteral(arg.node, params[i], document, at));
  }
  const missing = params.slice(0, method.requiredCount).filter((_, i) => !filled.has(i));
  if (missing.length > 0 && !hasSpread(call)) {
    const problem = at(
      { start: call.argumentList.startIndex, end: call.argumentList.endIndex },
      `${takes}, got ${filled.size}: ${missing.map((p) => p.doc.name).join(', ')} missing`,
      'argument-count',
    );
    // Placeholders go before the `)` when every argument given is positional: the missing ones then
    // come after all of them (after a keyword argument, a positional one would be a syntax error).
    const positional = call.arguments.every((a) => !a.keyword);
    if (positional && call.argumentList.text.endsWith(')'))
      problem.fix = { addArguments: missing.map((p) => p.doc.name), comma: call.arguments.length > 0 };
    out.push(problem);
  }
  return out;
}

function checkLiteral(
  node: CallSite['arguments'][number]['node'],
  parameter: IndexedParameter,
  document: ScriptDocument,
  at: (span: Span, message: string, code: string) => Problem,
): Problem[] {
  if (!parameter.type) return [];
  const spans = new Map<string, Span>();
  const value = document.syntax.literal(node, parameter.doc.name, spans);
  const whole = { start: node.startIndex, end: node.endIndex };
  const deep = spans.get(TOO_DEEP);
  if (deep)
    return [
      {
        ...at(deep, `not checked: ${parameter.doc.name} nests deeper than ${MAX_LITERAL_DEPTH} levels`, 'too-deep'),
        severity: 'information',
      },
    ];
  const problem = validateValue(value, parameter.type, parameter.doc.name);
  if (problem) {
    // A missing field has no span of its own: the object written around it has (every value read
    // from the text has one, each element of a list too).
    const span = spans.get(problem.path) ?? spans.get(problem.path.replace(/\.[^.]*$/, '')) ?? whole;
    // A misspelt enumeration value: the closest allowed ones, written as it was (Python's prefix,
    // such as r or f, and the same quotes, triple ones too).
    const written = document.text.slice(span.start, span.end);
    const string = /^([A-Za-z]*)("{3}|'{3}|"|')(.*)\2$/s.exec(written);
    const hint = problem.allowed && string ? closestNames(string[3], problem.allowed) : [];
    const rewritten = (value: string) => `${string![1]}${string![2]}${value}${string![2]}`;
    return [
      {
        ...at(span, `${problem.path}: ${problem.message}${didYouMean(hint)}`, 'type'),
        ...(hint.length ? { fix: { replaceWith: hint.map(rewritten), suggested: hint } } : {}),
      },
    ];
  }
  const range = documentedRange(parameter);
  if (range && typeof value === 'number' && (value < range.lower || value > range.upper)) {
    return [at(whole, `${parameter.doc.name} ${value} is outside ${range.text}`, 'range')];
  }
  return [];
}

/** `; did you mean "a" or "b"?` after a message, or nothing without suggestions. */
export function didYouMean(hint: string[]): string {
  return hint.length ? `; did you mean ${hint.map((h) => `"${h}"`).join(' or ')}?` : '';
}

/** A numeric parameter whose description gives its range as "<low> to <high>" (e.g. "New scale, 0.01 to 100.0."). */
function documentedRange(parameter: IndexedParameter): { lower: number; upper: number; text: string } | undefined {
  const type = parameter.type && nonNull(parameter.type);
  if (type?.kind !== 'primitive' || (type.name !== 'float' && type.name !== 'integer')) return undefined;
  const match = /(-?\d+(?:\.\d+)?)\s+to\s+(-?\d+(?:\.\d+)?)/.exec(parameter.doc.description);
  if (!match) return undefined;
  return { lower: Number(match[1]), upper: Number(match[2]), text: `${match[1]} to ${match[2]}` };
}

/** `f(*args)` / `f(**kwargs)`: the count cannot be known. */
function hasSpread(call: CallSite): boolean {
  return call.argumentList.namedChildren.some((c) => c?.type === 'list_splat' || c?.type === 'dictionary_splat');
}
