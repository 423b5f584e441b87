import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Node } from 'web-tree-sitter';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { TOO_DEEP, type Span } from '../../server/language/service/script-model';
import { assertReadAsTheLanguage, oracleForm } from '../support/literal-oracle-check';
import { propertyRuns } from '../support/property-runs';

// The literal reader decides what an argument is before the script runs (the values diagnostics
// check against types and ranges). CPython's own parser is the oracle: how it reads numbers,
// strings (quotes, prefixes, escapes) and nesting, for random literal expressions.
const ORACLE = join(__dirname, '../support/python-literal-oracle.py');

const stringContent = fc.constantFrom(
  'a',
  ' ',
  'é',
  '#',
  '\\n',
  '\\t',
  '\\r',
  '\\0',
  '\\a',
  '\\b',
  '\\f',
  '\\v',
  '\\x41',
  '\\u00e9',
  '\\U0001F600',
  '\\101',
  '\\012',
  '\\N{BULLET}',
  '\\\\',
  "\\'",
  '\\"',
  '\\q',
  '\\U0010FFFF',
  '\\U00110000',
  '\\\n',
  '\\\r\n',
);
const quote = fc.constantFrom("'", '"', "'''", '"""');
const plainString = fc
  .tuple(fc.constantFrom('', 'r', 'R', 'u', 'U'), quote, fc.array(stringContent, { maxLength: 6 }))
  .map(([prefix, q, parts]) => `${prefix}${q}${parts.join('')}${q}`);
const otherString = fc
  .tuple(fc.constantFrom('b', 'rb', 'f', 'F', 'fr'), quote, fc.constantFrom('a', '\\x41', '{x}', '{{}}'))
  .filter(([prefix, , content]) => /[fF]/.test(prefix) || !content.includes('{'))
  .map(([prefix, q, content]) => `${prefix}${q}${content}${q}`);
/** Adjacent strings, which Python joins (the oracle tells `\N{…}` only by the first one's prefix). */
const joinedStrings = fc
  .array(
    fc.oneof(
      plainString.filter((s) => !s.includes('N{')),
      otherString,
    ),
    { minLength: 2, maxLength: 3 },
  )
  .map((parts) => parts.join(' '));
const number = fc.oneof(
  fc.integer({ min: 0, max: 2 ** 31 }).map(String),
  fc.constantFrom('1_000', '0x1F', '0o17', '0b101', '9007199254740991', '9007199254740993', '10**3'),
  fc.constantFrom('1.5', '1e3', '1_000.5', '.5', '5.', '1E-2', '1j', '2.5J'),
);
const leaf = fc.oneof(
  { weight: 3, arbitrary: number },
  { weight: 3, arbitrary: plainString },
  { weight: 1, arbitrary: otherString },
  { weight: 1, arbitrary: joinedStrings },
  { weight: 1, arbitrary: fc.constantFrom('True', 'False', 'None', 'x', 'f(1)', '...') },
);

const { expression } = fc.letrec<{ expression: string }>((tie) => ({
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(fc.constantFrom('-', '+', 'not ', '~', '- -'), tie('expression')).map(([op, e]) => `${op}${e}`),
    tie('expression').map((e) => `(${e})`),
    fc.array(tie('expression'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
    fc
      .array(tie('expression'), { maxLength: 4 })
      .map((items) => (items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`)),
    fc.array(tie('expression'), { minLength: 1, maxLength: 3 }).map((items) => `{${items.join(', ')}}`),
    fc
      .array(fc.tuple(fc.oneof(plainString, number), tie('expression')), { maxLength: 4 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', # note }\n')}}`),
    tie('expression').map((e) => `{"a": 1, **${e}}`),
    fc.array(tie('expression'), { minLength: 1, maxLength: 3 }).map((items) => `[${items.join(', # note ]\n')}]`),
    tie('expression').map((e) => `[*${e}]`),
    tie('expression').map((e) => `[${e} for x in y]`),
  ),
}));

describe('Python literals are read as CPython reads them', function () {
  this.timeout(60_000);

  it('numbers, strings of every quote, prefix and escape, and their nesting in lists, tuples and dictionaries', async () => {
    const parsers = await loadScriptParsers();
    const syntax = parsers.syntax('python');
    const parser = parsers.createParser('python');
    const read = (source: string): unknown => {
      const tree = parser.parse(`x = ${source}\n`)!;
      try {
        const value = tree.rootNode.descendantsOfType('assignment')[0]!.childForFieldName('right') as Node;
        return oracleForm(syntax.literal(value, '', new Map()));
      } finally {
        tree.delete();
      }
    };
    try {
      // Beside the random ones, the signed zeros: an int's has no sign, a float's has.
      const samples = [
        ...fc.sample(expression, propertyRuns<string>('python literals', 400)),
        ...['-0', '-(0)', '- -0', '-0.0', '-(-0.0)', '+-0.0', '-0x0', '-0b0', '-0_0'],
      ];
      const expected = JSON.parse(
        execFileSync('python3', [ORACLE], { input: JSON.stringify(samples), encoding: 'utf8' }),
      ) as unknown[];
      assertReadAsTheLanguage('CPython', samples, expected, read);
    } finally {
      parser.delete();
    }
  });
  it('does not read nesting past the limit, whatever nests: parentheses, signs, dictionaries', async () => {
    const parsers = await loadScriptParsers();
    const parser = parsers.createParser('python');
    try {
      for (const source of [
        `${'('.repeat(40)}1${')'.repeat(40)}`,
        `${'-'.repeat(40)}1`,
        `${'{"a": '.repeat(40)}1${'}'.repeat(40)}`,
      ]) {
        const tree = parser.parse(`x = ${source}\n`)!;
        try {
          const value = tree.rootNode.descendantsOfType('assignment')[0]!.childForFieldName('right')!;
          const spans = new Map<string, Span>();
          parsers.syntax('python').literal(value, '', spans);
          assert.ok(spans.has(TOO_DEEP), source);
        } finally {
          tree.delete();
        }
      }
    } finally {
      parser.delete();
    }
  });
});
