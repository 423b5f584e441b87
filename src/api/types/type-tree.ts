/**
 * The parsed form of a documentation type string (design.md §4), e.g.
 * `[{"name": string, "position": vec3f, "weight": float}]` or `"none"|"global_optimization"?`.
 * Validation, completion of enumeration values and diagnostics all read this tree.
 */
export type PrimitiveName = 'integer' | 'float' | 'string' | 'bool' | 'vec3f' | 'mat4x4f';

export type TypeNode =
  | { kind: 'primitive'; name: PrimitiveName }
  | { kind: 'enum'; values: string[] }
  | { kind: 'nullable'; inner: TypeNode }
  | { kind: 'array'; element: TypeNode }
  | { kind: 'struct'; fields: StructField[] }
  | { kind: 'map'; key: TypeNode; value: TypeNode };

export interface StructField {
  name: string;
  type: TypeNode;
}

export const PRIMITIVES: readonly PrimitiveName[] = ['integer', 'float', 'string', 'bool', 'vec3f', 'mat4x4f'];

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
  }
}
