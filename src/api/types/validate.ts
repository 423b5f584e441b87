import { formatType, matrixShape, type MatrixShape, type PrimitiveName, type TypeNode } from './type-tree';

/** The first place a JSON value does not fit its type: `markers[2].position`, and what is wrong there. */
interface TypeProblem {
  path: string;
  message: string;
  /** The values allowed where an enumeration value does not fit. */
  allowed?: string[];
}

/**
 * Checks a JSON value against a type tree and reports the first problem, or undefined when it fits.
 * `root` names the value (a parameter name) and starts every path.
 * A structure field whose type is nullable may be omitted (it then counts as null);
 * unknown structure fields and unknown map keys are problems.
 */
export function validateValue(value: unknown, type: TypeNode, root: string): TypeProblem | undefined {
  return check(value, type, root);
}

/** Stands for a part of a value that is not known (a variable in a script): it fits any type. */
export const UNKNOWN_VALUE: unique symbol = Symbol.for('motion.unknown-value');

function check(value: unknown, type: TypeNode, path: string): TypeProblem | undefined {
  if (value === UNKNOWN_VALUE) return undefined;
  switch (type.kind) {
    case 'nullable':
      return value === null ? undefined : check(value, type.inner, path);
    case 'primitive':
      return checkPrimitive(value, type.name, path);
    case 'enum':
      if (typeof value === 'string' && type.values.includes(value)) return undefined;
      return {
        path,
        message: `expected one of ${type.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describe(value)}`,
        allowed: type.values,
      };
    case 'array': {
      if (!Array.isArray(value)) return { path, message: `expected an array, got ${describe(value)}` };
      for (let i = 0; i < value.length; i++) {
        const problem = check(value[i], type.element, `${path}[${i}]`);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'struct': {
      if (!isPlainObject(value)) return { path, message: `expected an object, got ${describe(value)}` };
      for (const field of type.fields) {
        const fieldPath = `${path}.${field.name}`;
        if (!Object.prototype.hasOwnProperty.call(value, field.name)) {
          if (field.type.kind === 'nullable') continue;
          return { path: fieldPath, message: `missing field "${field.name}" of type ${formatType(field.type)}` };
        }
        const problem = check(value[field.name], field.type, fieldPath);
        if (problem) return problem;
      }
      for (const key of Object.keys(value)) {
        if (!type.fields.some((f) => f.name === key)) {
          const known = type.fields.map((f) => f.name).join(', ');
          return { path: `${path}.${key}`, message: `unknown field "${key}" (expected: ${known})` };
        }
      }
      return undefined;
    }
    case 'map': {
      if (!isPlainObject(value)) return { path, message: `expected an object, got ${describe(value)}` };
      for (const [key, item] of Object.entries(value)) {
        const keyPath = `${path}.${key}`;
        if (type.key.kind === 'enum' && !type.key.values.includes(key)) {
          return { path: keyPath, message: `unknown key "${key}" (expected one of ${type.key.values.join(', ')})` };
        }
        // JSON keys are text: an integer key arrives as its digits.
        if (type.key.kind === 'primitive' && type.key.name === 'integer' && !/^-?\d+$/.test(key))
          return { path: keyPath, message: `expected an integer key, got "${key}"` };
        const problem = check(item, type.value, keyPath);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'tuple': {
      if (!Array.isArray(value) || value.length !== type.items.length)
        return { path, message: `expected ${type.items.length} values, got ${describe(value)}` };
      for (let i = 0; i < value.length; i++) {
        const problem = check(value[i], type.items[i], `${path}[${i}]`);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'any':
      return undefined;
  }
}

function checkPrimitive(value: unknown, name: PrimitiveName, path: string): TypeProblem | undefined {
  switch (name) {
    case 'integer':
      return Number.isSafeInteger(value) ? undefined : { path, message: `expected an integer, got ${describe(value)}` };
    case 'float':
      return isNumber(value) ? undefined : { path, message: `expected a number, got ${describe(value)}` };
    case 'string':
      return typeof value === 'string' ? undefined : { path, message: `expected a string, got ${describe(value)}` };
    case 'bool':
      return typeof value === 'boolean'
        ? undefined
        : { path, message: `expected true or false, got ${describe(value)}` };
    case 'function':
      // A callback is given in-process (a Python or Lua function); no text or JSON value can say it is wrong.
      return undefined;
  }
  return checkMatrix(value, matrixShape(name)!, name, path);
}

/** A vector (a flat list of its length) or a matrix (its rows, each a list of its columns), element by element. */
function checkMatrix(value: unknown, shape: MatrixShape, name: string, path: string): TypeProblem | undefined {
  const element = shape.element === 'integer' ? 'integers' : 'numbers';
  if (shape.rows === undefined) {
    const expected = `a ${name}: an array of ${shape.columns} ${element}${shape.columns === 3 && shape.element === 'float' ? ' [x, y, z]' : ''}`;
    return checkRow(value, shape, path, expected);
  }
  const expected = `a ${name}: ${shape.rows} rows of ${shape.columns} ${element}`;
  if (!Array.isArray(value) || value.length !== shape.rows)
    return { path, message: `expected ${expected}, got ${describe(value)}` };
  for (let row = 0; row < shape.rows; row++) {
    const problem = checkRow(value[row], shape, `${path}[${row}]`, `a row of ${shape.columns} ${element}`);
    if (problem) return problem;
  }
  return undefined;
}

function checkRow(value: unknown, shape: MatrixShape, path: string, expected: string): TypeProblem | undefined {
  if (value === UNKNOWN_VALUE) return undefined;
  if (!Array.isArray(value) || value.length !== shape.columns)
    return { path, message: `expected ${expected}, got ${describe(value)}` };
  for (let i = 0; i < value.length; i++) {
    const problem = check(value[i], { kind: 'primitive', name: shape.element }, `${path}[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a JSON value for error messages: `string "abc"`, `an array of 2`. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  switch (typeof value) {
    case 'string': {
      const text = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return `string ${JSON.stringify(text)}`;
    }
    case 'number':
      return Number.isInteger(value) ? `integer ${value}` : `number ${value}`;
    case 'boolean':
      return String(value);
    default:
      return 'an object';
  }
}
