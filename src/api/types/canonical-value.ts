import type { TypeNode } from './type-tree';
import { isPlainObject } from './validate';

/**
 * A value that fits its type (validateValue found no problem), as the application keeps it: a
 * structure's fields in their documented order with an omitted nullable field as null, an
 * enumeration-keyed map's keys in the enumeration's order. What a caller wrote in another order
 * (a Lua table has none) reads back the same as from any other caller.
 */
export function canonicalValue(value: unknown, type: TypeNode): unknown {
  switch (type.kind) {
    case 'nullable':
      return value === null ? null : canonicalValue(value, type.inner);
    case 'array':
      return Array.isArray(value) ? value.map((item) => canonicalValue(item, type.element)) : value;
    case 'struct':
      if (!isPlainObject(value)) return value;
      return Object.fromEntries(type.fields.map((f) => [f.name, canonicalValue(value[f.name] ?? null, f.type)]));
    case 'map': {
      if (!isPlainObject(value)) return value;
      const keys = type.key.kind === 'enum' ? type.key.values.filter((k) => k in value) : Object.keys(value);
      return Object.fromEntries(keys.map((k) => [k, canonicalValue(value[k], type.value)]));
    }
    default:
      return value;
  }
}
