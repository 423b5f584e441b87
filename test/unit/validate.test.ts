import assert from 'node:assert/strict';
import { parseType, parseTypeOrAny } from '../../src/api/types/parse-type';
import { UNKNOWN_VALUE, validateValue } from '../../src/api/types/validate';
import { DEGREES_OF_FREEDOM, MARKER, SELECTION_ITEM, SOLVER } from '../../src/api/catalogue/type-strings';

const check = (type: string, value: unknown, root = 'value') => validateValue(value, parseType(type), root);

describe('validateValue', () => {
  it('accepts values that fit', () => {
    const fits: [string, unknown][] = [
      ['integer', 3],
      ['integer', -7],
      ['float', 2.5],
      ['float', 2],
      ['string', ''],
      ['bool', false],
      ['vec3f', [1, 2.5, -3]],
      [
        'mat4x4f',
        [
          [1, 0, 0, 10],
          [0, 1, 0, 20],
          [0, 0, 1, 30],
          [0, 0, 0, 1],
        ],
      ],
      ['integer?', null],
      [SOLVER, 'none'],
      [SOLVER, null],
      [`[${MARKER}]`, [{ name: 'LASI', position: [1, 2, 3], weight: 1 }]],
      [SELECTION_ITEM, { type: 'bone', id: 4 }],
      [DEGREES_OF_FREEDOM, {}],
      [
        DEGREES_OF_FREEDOM,
        { rotation_x: { constraint: { lower_bound: -1, upper_bound: 1 }, couplings: [], goal: null } },
      ],
      ['{string: integer}', { anything: 1 }],
    ];
    for (const [type, value] of fits) assert.equal(check(type, value), undefined, `${type} ${JSON.stringify(value)}`);
  });

  it('names the path to the first problem', () => {
    const markers = [
      { name: 'a', position: [0, 0, 0], weight: 1 },
      { name: 'b', position: [0, 0, 0], weight: 1 },
      { name: 'c', position: [0, 0], weight: 1 },
    ];
    assert.deepEqual(check(`[${MARKER}]`, markers, 'markers'), {
      path: 'markers[2].position',
      message: 'expected a vec3f: an array of 3 numbers [x, y, z], got an array of 2',
    });
    const matrix = [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 'x'],
      [0, 0, 0, 1],
    ];
    assert.deepEqual(check('mat4x4f', matrix, 'transform'), {
      path: 'transform[2][3]',
      message: 'expected a number, got string "x"',
    });
    const dofs = {
      rotation_y: {
        constraint: null,
        couplings: [{ segment: 'Spine', degree_of_freedom: 'twist', coefficient: 1 }],
        goal: null,
      },
    };
    assert.equal(check(DEGREES_OF_FREEDOM, dofs, 'dofs')?.path, 'dofs.rotation_y.couplings[0].degree_of_freedom');
  });

  it('refuses wrong primitives with what was given', () => {
    const wrong: [string, unknown, RegExp][] = [
      ['integer', 1.5, /expected an integer, got number 1.5/],
      ['integer', '3', /expected an integer, got string "3"/],
      ['integer', 2 ** 60, /expected an integer/],
      ['float', null, /expected a number, got null/],
      ['string', 5, /expected a string, got integer 5/],
      ['bool', 'true', /expected true or false/],
      ['vec3f', [1, 2, 3, 4], /an array of 4/],
      ['mat4x4f', [[1, 0, 0, 0]], /4 rows of 4 numbers/],
      // Every position is checked, the last ones included.
      [
        'mat4x4f',
        [
          [1, 0, 0, 0],
          [0, 1, 0, 0],
          [0, 0, 1, 0],
          [0, 0, 0, '1'],
        ],
        /\[3\]\[3\]: expected a number, got string "1"/,
      ],
      [
        'mat4x4f',
        [
          [1, 0, 0, 0],
          [0, 1, 0, 0],
          [0, 0, 1, 0],
          [0, 0, 0],
        ],
        /\[3\]: expected a row of 4 numbers/,
      ],
      [
        'mat4x4f',
        [
          [1, 0, 0, 0],
          [0, 1, 0, 0],
          [0, 0, 1, 0],
          [0, 0, 0, 1],
          [0, 0, 0, 1],
        ],
        /4 rows of 4 numbers, got an array of 5/,
      ],
      ['vec3f', [1, 2, null], /\[2\]: expected a number, got null/],
      ['vec3f', [1, 2], /an array of 2/],
      [SOLVER, 'fast', /expected one of "none", "global_optimization", got string "fast"/],
      ['[integer]', { 0: 1 }, /expected an array, got an object/],
      ['integer', true, /expected an integer, got true$/],
      ['vec3f', [], /got an empty array$/],
      ['integer', 'x'.repeat(41), /^value: expected an integer, got string "x{40}…"$/],
      ['integer', 'x'.repeat(40), /^value: expected an integer, got string "x{40}"$/],
    ];
    for (const [type, value, message] of wrong) {
      const problem = check(type, value);
      assert.ok(
        problem && message.test(`${problem.path}: ${problem.message}`),
        `${type} ${JSON.stringify(value)}: ${problem?.path}: ${problem?.message}`,
      );
    }
  });

  it('lets a nullable structure field be omitted but not a required one', () => {
    assert.equal(check(SELECTION_ITEM, { type: 'trajectory', id: 1 }), undefined);
    assert.deepEqual(check(SELECTION_ITEM, { type: 'trajectory' }, 'item'), {
      path: 'item.id',
      message: 'missing field "id" of type integer',
    });
  });

  it('refuses unknown structure fields and map keys', () => {
    assert.deepEqual(check(MARKER, { name: 'a', position: [0, 0, 0], weight: 1, colour: 'red' }, 'marker'), {
      path: 'marker.colour',
      message: 'unknown field "colour" (expected: name, position, weight)',
    });
    assert.deepEqual(check(DEGREES_OF_FREEDOM, { twist_x: { constraint: null, couplings: [], goal: null } }, 'dofs'), {
      path: 'dofs.twist_x',
      message:
        'unknown key "twist_x" (expected one of rotation_x, rotation_y, rotation_z, translation_x, translation_y, translation_z)',
    });
    assert.deepEqual(check(DEGREES_OF_FREEDOM, [], 'dofs'), {
      path: 'dofs',
      message: 'expected an object, got an empty array',
    });
    assert.match(
      check(MARKER, JSON.parse('{"name":"a","position":[0,0,0],"weight":1,"constructor":1}'))!.message,
      /unknown field "constructor"/,
    );
  });
});

describe('validateValue: what a script’s text cannot know, and the rest of the type grammar', () => {
  const U = UNKNOWN_VALUE;
  const identity = (row: number) => [0, 1, 2, 3].map((c) => (c === row ? 1 : 0));

  it('a name inside a literal is unknown, never wrong, at any depth', () => {
    assert.equal(check('vec3f', [U, U, 0]), undefined, '[x, y, 0]');
    assert.equal(check('vec3f', [U, 0, 0]), undefined);
    assert.equal(check('mat4x4f', [identity(0), [0, U, 0, U], U, identity(3)]), undefined, 'rows holding variables');
    assert.equal(check(`[${MARKER}]`, [{ name: U, position: [U, 0, 1], weight: U }, U]), undefined);
    assert.equal(check('{string: vec3f}', { a: [U, U, U] }), undefined);
    assert.equal(check('integer, vec2i', [U, [1, U]]), undefined);
  });

  it('what the text does say is still checked beside the unknown parts', () => {
    assert.deepEqual(check('vec3f', [U, 'a', 0]), { path: 'value[1]', message: 'expected a number, got string "a"' });
    assert.deepEqual(check('vec3f', [U, U]), {
      path: 'value',
      message: 'expected a vec3f: an array of 3 numbers [x, y, z], got an array of 2',
    });
    assert.deepEqual(check('mat4x4f', [identity(0), [0, U, 'x', 0], U, identity(3)]), {
      path: 'value[1][2]',
      message: 'expected a number, got string "x"',
    });
    assert.deepEqual(check('mat4x4f', [identity(0), [0, U, 0], U, identity(3)]), {
      path: 'value[1]',
      message: 'expected a row of 4 numbers, got an array of 3',
    });
  });

  it('vectors and matrices of integers take integers only', () => {
    assert.equal(check('vec2i', [3, -4]), undefined);
    assert.deepEqual(check('vec2i', [3, 4.5]), { path: 'value[1]', message: 'expected an integer, got number 4.5' });
    assert.deepEqual(check('vec3i', [1, 2]), {
      path: 'value',
      message: 'expected a vec3i: an array of 3 integers, got an array of 2',
    });
    assert.equal(
      check('mat2x3i', [
        [1, 2, 3],
        [4, 5, 6],
      ]),
      undefined,
    );
    assert.deepEqual(check('mat2x3i', [[1, 2, 3]]), {
      path: 'value',
      message: 'expected a mat2x3i: 2 rows of 3 integers, got an array of 1',
    });
    assert.equal(check('vec2f', [0.5, 2]), undefined);
    assert.deepEqual(check('vec2f', [0.5]), {
      path: 'value',
      message: 'expected a vec2f: an array of 2 numbers, got an array of 1',
    });
    assert.deepEqual(check('vec4f', [0.5]), {
      path: 'value',
      message: 'expected a vec4f: an array of 4 numbers, got an array of 1',
    });
  });

  it('a callback and a type that could not be read take anything', () => {
    assert.equal(check('function', U), undefined);
    assert.equal(check('function?', 'print'), undefined);
    assert.equal(validateValue({ any: 'thing' }, parseTypeOrAny('curve<handle>'), 'c'), undefined);
    assert.equal(validateValue(null, parseTypeOrAny('curve<handle>?'), 'c'), undefined);
  });

  it('a map with integer keys takes integer keys only', () => {
    assert.equal(check('{integer: string}', { '1': 'a', '-2': 'b' }), undefined);
    assert.equal(check('{integer: string}', { '12': 'a', '-340': 'b' }), undefined, 'several digits, a sign');
    for (const key of ['a1', '1a', '1.5'])
      assert.deepEqual(check('{integer: string}', { [key]: 'a' }), {
        path: `value.${key}`,
        message: `expected an integer key, got "${key}"`,
      });
    assert.deepEqual(
      check('{integer: string}', { '1': 'a', '2': 3 }),
      {
        path: 'value.2',
        message: 'expected a string, got integer 3',
      },
      'every entry, not only the first',
    );
    assert.deepEqual(check('{integer: string}', { one: 'a' }), {
      path: 'value.one',
      message: 'expected an integer key, got "one"',
    });
    assert.deepEqual(check('{integer: string}', { '1': 2 }), {
      path: 'value.1',
      message: 'expected a string, got integer 2',
    });
  });

  it('several values returned at once: each in its place', () => {
    assert.equal(check('integer, integer', [0, 999]), undefined);
    assert.deepEqual(check('integer, integer', [0]), {
      path: 'value',
      message: 'expected 2 values, got an array of 1',
    });
    assert.deepEqual(check('integer, string', [0, 1]), {
      path: 'value[1]',
      message: 'expected a string, got integer 1',
    });
  });
});
