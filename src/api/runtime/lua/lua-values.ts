import { nonNull, type TypeNode } from '../../types/type-tree';

/**
 * Lua tables do not say whether they are lists or records, and `{}` is both: the documented
 * parameter types decide (an empty table where a list is expected is an empty list).
 */
export function normalizeArguments(values: unknown[], types: (TypeNode | undefined)[]): unknown[] {
  return values.map((value, i) => normalize(value, types[i]));
}

function normalize(value: unknown, type: TypeNode | undefined): unknown {
  if (value === undefined || value === null) return null;
  if (!type || typeof value !== 'object') return value;
  const t = nonNull(type);
  const isEmpty = !Array.isArray(value) && Object.keys(value).length === 0;
  if (t.kind === 'array' || t.kind === 'primitive') {
    const list = Array.isArray(value) ? value : isEmpty ? [] : value;
    return Array.isArray(list) ? list.map((v) => normalize(v, t.kind === 'array' ? t.element : undefined)) : list;
  }
  if (t.kind === 'struct' && !Array.isArray(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, normalize(v, t.fields.find((f) => f.name === k)?.type)]),
    );
  }
  if (t.kind === 'map' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, t.value)]));
  }
  return value;
}
