import assert from 'node:assert/strict';
import { parseType, parseTypeOrAny, TypeSyntaxError } from '../../src/api/types/parse-type';
import { enumValues, formatType, matrixShape } from '../../src/api/types/type-tree';
import { DEGREES_OF_FREEDOM, SELECTION_ITEM, SOLVER } from '../../src/api/catalogue/type-strings';

describe('parseType', () => {
  it('parses the primitive names', () => {
    for (const name of ['integer', 'float', 'string', 'bool', 'function', 'vec3f', 'mat4x4f'] as const) {
      assert.deepEqual(parseType(name), { kind: 'primitive', name });
    }
  });

  it('parses the whole vector and matrix family, of floats and of integers', () => {
    for (const name of ['vec2f', 'vec2i', 'vec3i', 'vec4f', 'mat3x3f', 'mat2x4i', 'mat4x4i'] as const)
      assert.deepEqual(parseType(name), { kind: 'primitive', name });
    assert.deepEqual(matrixShape('vec2i'), { columns: 2, element: 'integer' });
    assert.deepEqual(matrixShape('vec4f'), { columns: 4, element: 'float' });
    assert.deepEqual(matrixShape('mat3x2f'), { rows: 3, columns: 2, element: 'float' });
    assert.deepEqual(matrixShape('mat2x3i'), { rows: 2, columns: 3, element: 'integer' });
    for (const name of ['vec3', 'vecf', 'vec3d', 'mat4x4', 'mat4f', 'vec10f', 'integer'])
      assert.equal(matrixShape(name), undefined, name);
    for (const name of ['xvec3f', 'vec3fx', 'amat2x2f', 'mat2x2fz'])
      assert.equal(matrixShape(name), undefined, `${name}: the whole name`);
  });

  it('parses a callback, optional or not', () => {
    assert.deepEqual(parseType('function?'), { kind: 'nullable', inner: { kind: 'primitive', name: 'function' } });
  });

  it('parses maps with integer keys', () => {
    assert.deepEqual(parseType('{integer: string}'), {
      kind: 'map',
      key: { kind: 'primitive', name: 'integer' },
      value: { kind: 'primitive', name: 'string' },
    });
  });

  it('parses two values returned at once, at the top level only', () => {
    assert.deepEqual(parseType('integer, integer'), {
      kind: 'tuple',
      items: [
        { kind: 'primitive', name: 'integer' },
        { kind: 'primitive', name: 'integer' },
      ],
    });
    assert.equal(formatType(parseType('integer, [string]?, vec3f')), 'integer, [string]?, vec3f');
    assert.equal(parseType('{"a": integer, "b": integer}').kind, 'struct', 'a comma inside braces is a field’s');
  });

  it('reads a type string it cannot parse as any value, optional when it ends in ?', () => {
    assert.deepEqual(parseTypeOrAny('curve<handle>'), { kind: 'any', source: 'curve<handle>' });
    assert.deepEqual(parseTypeOrAny(' callback(integer)? '), {
      kind: 'nullable',
      inner: { kind: 'any', source: ' callback(integer)? ' },
    });
    assert.equal(formatType(parseTypeOrAny('curve<handle>')), 'curve<handle>');
    assert.deepEqual(parseTypeOrAny('vec2i?'), { kind: 'nullable', inner: { kind: 'primitive', name: 'vec2i' } });
  });

  it('makes a whole union nullable with a trailing ?', () => {
    const solver = parseType(SOLVER);
    assert.equal(solver.kind, 'nullable');
    assert.deepEqual(enumValues(solver), ['none', 'global_optimization']);
  });

  it('parses arrays, nested arrays and nullable elements', () => {
    assert.deepEqual(parseType('[integer]'), { kind: 'array', element: { kind: 'primitive', name: 'integer' } });
    assert.deepEqual(parseType('[[float?]]?'), {
      kind: 'nullable',
      inner: {
        kind: 'array',
        element: { kind: 'array', element: { kind: 'nullable', inner: { kind: 'primitive', name: 'float' } } },
      },
    });
  });

  it('tells a structure from a map by its key', () => {
    const item = parseType(SELECTION_ITEM);
    assert.equal(item.kind, 'struct');
    assert.deepEqual(item.kind === 'struct' && item.fields.map((f) => f.name), ['type', 'id', 'part_index']);
    const dofs = parseType(DEGREES_OF_FREEDOM);
    assert.equal(dofs.kind, 'map');
    assert.deepEqual(dofs.kind === 'map' && enumValues(dofs.key)?.length, 6);
    assert.equal(parseType('{"only": integer}').kind, 'struct');
    assert.equal(parseType('{string: integer}').kind, 'map');
  });

  it('round-trips through formatType', () => {
    const doubly = {
      kind: 'nullable',
      inner: { kind: 'nullable', inner: { kind: 'primitive', name: 'integer' } },
    } as const;
    assert.equal(formatType(doubly), '(integer?)?', 'a nullable of a nullable keeps both in parentheses');
    assert.deepEqual(parseType('(integer?)?'), doubly);
    for (const source of [
      SOLVER,
      SELECTION_ITEM,
      DEGREES_OF_FREEDOM,
      '[{"a": [integer?]}]?',
      '"x"',
      '{}',
      '(integer?)?',
    ]) {
      const tree = parseType(source);
      assert.deepEqual(parseType(formatType(tree)), tree, source);
    }
  });

  it('groups with parentheses, and reads escaped quotes in string literals', () => {
    assert.deepEqual(parseType('( [ integer ] )'), parseType('[integer]'));
    assert.deepEqual(parseType('"say \\"hi\\""|"a\\\\b"'), { kind: 'enum', values: ['say "hi"', 'a\\b'] });
    assert.deepEqual(parseType('{"say \\"hi\\"": integer}'), {
      kind: 'struct',
      fields: [{ name: 'say "hi"', type: { kind: 'primitive', name: 'integer' } }],
    });
  });

  it('accepts any spacing', () => {
    assert.deepEqual(parseType(' [ { "a" : integer , "b":float } ] ? '), parseType('[{"a": integer, "b": float}]?'));
  });

  it('reports the column of a syntax error', () => {
    const cases: [string, RegExp][] = [
      ['intger', /unknown type name "intger" at column 1/],
      ['[integer', /expected "\]" at column 9/],
      ['integer|float', /only string literals can be joined with "\|" at column 1/],
      ['"c"|("a"|"b")', /only string literals can be joined with "\|" at column 5/],
      ['"a"|"a"', /duplicate enumeration value "a"/],
      ['{"a": integer, "a": float}', /duplicate field "a" at column 16/],
      ['{"a": integer, "b": float, "a": bool}', /duplicate field "a" at column 28/],
      ['{"a": integer, b: float}', /expected a string literal at column 16/],
      ['(integer', /expected "\)" at column 9/],
      ['[]', /unexpected "\]" at column 2/],
      ['[', /unexpected end at column 2/],
      ['{float: float}', /a map key must be string, integer or an enumeration at column 2/],
      ['{[string]: float}', /a map key must be string, integer or an enumeration/],
      ['vec3', /unknown type name "vec3"/],
      ['mat4f', /unknown type name "mat4f"/],
      ['vec0f', /unknown type name "vec0f"/],
      ['integer,', /unexpected end/],
      ['[integer, integer]', /expected "\]" at column 9/],
      ['"open', /unterminated string literal/],
      ['integer float', /unexpected "f" at column 9/],
      ['', /unexpected end/],
    ];
    for (const [source, message] of cases) {
      assert.throws(
        () => parseType(source),
        (e: unknown) => e instanceof TypeSyntaxError && e.name === 'TypeSyntaxError' && message.test(e.message),
        source,
      );
    }
  });
});
