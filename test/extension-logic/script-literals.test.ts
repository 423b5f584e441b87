import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { Code, luaLiteral, pythonLiteral } from '../../src/extension/recording/script-literals';
import { luaLiteralOracle } from '../support/lua-literal-oracle';
import { propertyRuns } from '../support/property-runs';

// A recording writes the values of the calls it saw as literals of the script's language; each
// language's own reader (CPython's parser, Lua 5.4) must read back the value that was sent.
const PYTHON_ORACLE = join(__dirname, '../support/python-literal-oracle.py');

const text = fc.string({ unit: 'binary', maxLength: 12 });
const number = fc.oneof(
  fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }),
  fc.double({ min: -1e15, max: 1e15, noNaN: true }),
);
/** JSON values as calls take them; Lua's version has no null inside a table and no empty table (both unknown to its oracle). */
const value = (lua: boolean) =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      text,
      number,
      fc.boolean(),
      ...(lua ? [] : [fc.constant(null)]),
      fc.array(tie('value'), { minLength: lua ? 1 : 0, maxLength: 4 }),
      fc.dictionary(text, tie('value'), { minKeys: lua ? 1 : 0, maxKeys: 4 }),
    ),
  })).value;

/** What was sent, as JSON reads it back (-0 is 0). */
const sent = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('the literals a recording writes', function () {
  this.timeout(60_000);

  it('are read by CPython as the values the calls sent', () => {
    const values = fc.sample(value(false), propertyRuns('python literals written', 300));
    const expected = JSON.parse(
      execFileSync('python3', [PYTHON_ORACLE], { input: JSON.stringify(values.map(pythonLiteral)), encoding: 'utf8' }),
    ) as unknown[];
    values.forEach((v, i) => assert.deepEqual(expected[i], sent(v), pythonLiteral(v)));
  });

  it('are read by Lua as the values the calls sent', async () => {
    const oracle = await luaLiteralOracle();
    try {
      for (const v of fc.sample(value(true), propertyRuns('lua literals written', 300)))
        assert.deepEqual(oracle.decide(luaLiteral(v)), sent(v), luaLiteral(v));
    } finally {
      oracle.close();
    }
  });

  it('write null as each language has it, and a looked-up identifier as its variable', () => {
    const item = { type: 'trajectory', id: new Code('lfhd'), part_index: null };
    assert.equal(pythonLiteral([item]), '[{"type": "trajectory", "id": lfhd, "part_index": None}]');
    assert.equal(luaLiteral([item]), '{{type = "trajectory", id = lfhd}}');
    assert.equal(luaLiteral({ end: 1, 'a b': true }), '{["end"] = 1, ["a b"] = true}');
    assert.equal(luaLiteral('a\u0001' + '2\n"'), '"a\\0012\\n\\""');
    assert.throws(() => pythonLiteral(Number.NaN), /NaN cannot be sent to the application/);
  });

  it('write what JSON sends for undefined: null in a list or alone, nothing for a field', () => {
    assert.equal(pythonLiteral(undefined), 'None');
    assert.equal(luaLiteral(undefined), 'nil');
    assert.equal(pythonLiteral([undefined, 1]), '[None, 1]');
    assert.equal(pythonLiteral({ a: undefined, b: 1 }), '{"b": 1}');
    assert.equal(luaLiteral({ a: undefined, b: null, c: 1 }), '{c = 1}');
  });

  it('write a control character a reader would not see as an escape in Lua (DEL too)', () => {
    assert.equal(luaLiteral('a\u007fb\u001fc'), '"a\\127b\\031c"');
    assert.equal(luaLiteral('~'), '"~"');
  });
});
