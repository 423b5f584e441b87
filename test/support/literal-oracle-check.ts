import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { UNKNOWN } from '../../server/language/service/script-model';

/** A literal reader's value in its oracle's form: UNKNOWN as {"$unknown": true}, wherever it is. */
export function oracleForm(value: unknown): unknown {
  if (value === UNKNOWN) return { $unknown: true };
  if (Array.isArray(value)) return value.map(oracleForm);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, oracleForm(v)]));
  return value;
}

/**
 * Holds a literal reader to the language's own reading on every sample the language accepts
 * (`{"$invalid": true}` marks the others, which must be a minority), reporting the first differences.
 */
export function assertReadAsTheLanguage(
  language: string,
  samples: string[],
  expected: unknown[],
  read: (source: string) => unknown,
): void {
  const cases = samples
    .map((source, i) => ({ source, expected: expected[i] }))
    .filter((c) => !isDeepStrictEqual(c.expected, { $invalid: true }));
  assert.ok(cases.length > samples.length / 2, `${cases.length} of ${samples.length} samples are ${language}`);
  const wrong = cases.map((c) => ({ ...c, got: read(c.source) })).filter((c) => !isDeepStrictEqual(c.got, c.expected));
  assert.equal(
    wrong.length,
    0,
    wrong
      .slice(0, 6)
      .map((c) => `${c.source}\n  ${language}: ${JSON.stringify(c.expected)}\n  read: ${JSON.stringify(c.got)}`)
      .join('\n'),
  );
}
