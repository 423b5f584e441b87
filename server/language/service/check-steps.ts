import type { Diagnostic } from 'vscode-languageserver-types';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { unitDiagnosisSteps } from './diagnostics';
import type { NameReference } from './live-names';
import { unitNameReferenceSteps } from './name-references';
import type { ScriptDocument, TextStretch } from './script-documents';

/** What a check of a script finds: its diagnostics, and the strings that name application objects. */
export interface ScriptCheck {
  diagnostics: Diagnostic[];
  references: NameReference[];
}

/**
 * A check's two readings of the script in one pass, a step per unit: the aliases once, then each
 * unit read for its diagnostics and, at once, for its name references. A long script's chunk is
 * parsed for both while it is the one in memory (chunked-trees keeps one), where reading the
 * whole script twice parsed every chunk once more. `names` false: the diagnostics alone.
 */
export function* checkSteps(
  document: ScriptDocument,
  index: DocumentationIndex,
  names: boolean,
  within?: TextStretch,
): Generator<void, ScriptCheck> {
  const aliases = yield* document.aliasSteps(index.packageName, within?.end);
  const [diagnostics, references] = yield* together(
    unitDiagnosisSteps(document, index, aliases, within),
    names ? unitNameReferenceSteps(document, index, aliases, within) : none(),
  );
  return { diagnostics, references };
}

/**
 * Two step-wise readings advanced together, a step of each per step: each stops before each unit,
 * so both read the same unit in one step.
 */
function* together<A, B>(first: Generator<void, A>, second: Generator<void, B>): Generator<void, [A, B]> {
  let a = first.next();
  let b = second.next();
  for (;;) {
    if (a.done && b.done) return [a.value, b.value];
    yield;
    if (!a.done) a = first.next();
    if (!b.done) b = second.next();
  }
}

// eslint-disable-next-line require-yield -- a reading with nothing to read: done at once
function* none(): Generator<void, NameReference[]> {
  return [];
}
