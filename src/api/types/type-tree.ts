/**
 * The parsed form of a documentation type string (docs/interface.md, Types), e.g.
 * `[{"name": string, "position": vec3f, "weight": float}]` or `"none"|"global_optimization"?`.
 * Validation, completion of enumeration values and diagnostics all read this tree.
 */

/** A vector (`vec3f`: 3 floats, `vec2i`: 2 integers) or a matrix (`mat4x4f`: 4 rows of 4 floats). */
type MatrixName = `vec${number}${'f' | 'i'}` | `mat${number}x${number}${'f' | 'i'}`;

/** A named type: a scalar, a callable (`function`: a callback, given in-process only), a vector or matrix. */
export type PrimitiveName = 'integer' | 'float' | 'string' | 'bool' | 'function' | MatrixName;

export type TypeNode =
  | { kind: 'primitive'; name: PrimitiveName }
  | { kind: 'enum'; values: string[] }
  | { kind: 'nullable'; inner: TypeNode }
  | { kind: 'array'; element: TypeNode }
  | { kind: 'struct'; fields: StructField[] }
  | { kind: 'map'; key: TypeNode; value: TypeNode }
  /** Several values returned at once (`integer, integer`): a return type only. */
  | { kind: 'tuple'; items: TypeNode[] }
  /** A type string that could not be read: any value fits it. `source` is the string as written. */
  | { kind: 'any'; source: string };

export interface StructField {
  name: string;
  type: TypeNode;
}

const SCALARS: readonly PrimitiveName[] = ['integer', 'float', 'string', 'bool', 'function'];

/** The shape of a vector or matrix name: `vec3f` is 1 × 3 floats (a flat list), `mat4x4f` 4 rows × 4. */
export interface MatrixShape {
  /** Rows of a matrix; undefined for a vector, a flat list. */
  rows?: number;
  columns: number;
  element: 'integer' | 'float';
}

/** The shape of a vector or matrix type name, or undefined for any other name. */
export function matrixShape(name: string): MatrixShape | undefined {
  const vector = /^vec([1-9])([fi])$/.exec(name);
  if (vector) return { columns: Number(vector[1]), element: vector[2] === 'i' ? 'integer' : 'float' };
  const matrix = /^mat([1-9])x([1-9])([fi])$/.exec(name);
  if (matrix)
    return { rows: Number(matrix[1]), columns: Number(matrix[2]), element: matrix[3] === 'i' ? 'integer' : 'float' };
  return undefined;
}

/** Whether a name is one of the types the grammar names: the scalars, `function`, `vecN`/`matNxM` of f or i. */
export function isPrimitiveName(name: string): name is PrimitiveName {
  return SCALARS.includes(name as PrimitiveName) || matrixShape(name) !== undefined;
}

/** Strips one level of `?`: the type a present value must have. */
export function nonNull(type: TypeNode): TypeNode {
  return type.kind === 'nullable' ? type.inner : type;
}

/** The allowed string values of an enumeration type (through `?`), or undefined. */
export function enumValues(type: TypeNode): string[] | undefined {
  const t = nonNull(type);
  return t.kind === 'enum' ? t.values : undefined;
}

/** Writes a type tree back as a type string, the inverse of parseType. */
export function formatType(type: TypeNode): string {
  switch (type.kind) {
    case 'primitive':
      return type.name;
    case 'enum':
      return type.values.map((v) => JSON.stringify(v)).join('|');
    case 'nullable':
      return type.inner.kind === 'nullable' ? `(${formatType(type.inner)})?` : `${formatType(type.inner)}?`;
    case 'array':
      return `[${formatType(type.element)}]`;
    case 'struct':
      return `{${type.fields.map((f) => `${JSON.stringify(f.name)}: ${formatType(f.type)}`).join(', ')}}`;
    case 'map':
      return `{${formatType(type.key)}: ${formatType(type.value)}}`;
    case 'tuple':
      return type.items.map(formatType).join(', ');
    case 'any':
      return type.source;
  }
}
