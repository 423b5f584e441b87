import assert from 'node:assert/strict';
import { parseType } from '../../src/api/types/parse-type';
import { normalizeArguments } from '../../src/api/runtime/lua/lua-values';

/** What a Lua table arrives as (a JS array for a sequence, an object otherwise), read against a documented type. */
const asType = (value: unknown, type: string) => normalizeArguments([value], [parseType(type)])[0];

describe('Lua tables read against the documented parameter types', () => {
  it('reads an empty table as an empty list where a list is expected, and as an empty record elsewhere', () => {
    assert.deepEqual(asType({}, '[integer]'), []);
    assert.deepEqual(asType({}, '[integer]?'), []);
    assert.deepEqual(asType({}, 'vec3f'), []);
    assert.deepEqual(asType({}, '{"name": string}'), {});
    assert.deepEqual(asType({}, '{string: float}'), {});
  });

  it('reads a table with keys as it is where a list is expected (for the server to refuse by name)', () => {
    assert.deepEqual(asType({ x: 1 }, '[integer]'), { x: 1 });
  });

  it('reads nested tables by the types of their elements, fields and values', () => {
    assert.deepEqual(asType([{}, [1, {}]], '[[integer]]'), [[], [1, []]]);
    assert.deepEqual(asType({ name: 'LASI', position: {}, extra: {} }, '{"name": string, "position": vec3f}'), {
      name: 'LASI',
      position: [],
      extra: {},
    });
    assert.deepEqual(asType({ a: {}, b: [1] }, '{string: [integer]}'), { a: [], b: [1] });
    // A list where a record or map is expected is left to the server to refuse.
    assert.deepEqual(asType([{}], '{"name": string}'), [{}]);
    assert.deepEqual(asType([{}], '{string: [integer]}'), [{}]);
  });

  it('reads nil as null and leaves values of unknown or scalar types alone', () => {
    assert.deepEqual(
      normalizeArguments([undefined, null, 3, {}], [parseType('integer?'), undefined, parseType('integer'), undefined]),
      [null, null, 3, {}],
    );
    // vec3f and mat4x4f are lists: an empty table for any primitive is one (the server names the wrong type).
    assert.deepEqual(asType({}, 'string'), []);
    assert.equal(asType('x', '[string]'), 'x');
  });
});
