import type { TypeNode } from '../../src/api/types/type-tree';
import { matrixShape } from '../../src/api/types/type-tree';

/**
 * A valid JSON value of a documented type that no default rule gives: true, the top of a stated
 * range, an enumeration's last value, a text, a list of one. What a test sets to see it read back.
 */
export function valueOfType(type: TypeNode, range?: readonly [number, number]): unknown {
  switch (type.kind) {
    case 'nullable':
      return valueOfType(type.inner, range);
    case 'enum':
      return type.values[type.values.length - 1];
    case 'array':
      return [valueOfType(type.element)];
    case 'struct':
      return Object.fromEntries(type.fields.map((f) => [f.name, valueOfType(f.type)]));
    case 'map':
      return {};
    case 'primitive': {
      const shape = matrixShape(type.name);
      const element = shape?.element === 'integer' ? 7 : 2.5;
      if (shape?.rows !== undefined)
        return Array.from({ length: shape.rows }, () => Array<number>(shape.columns).fill(element));
      if (shape) return Array<number>(shape.columns).fill(element);
      if (type.name === 'bool') return true;
      if (type.name === 'string') return 'C:\\Data\\Session 2';
      if (type.name === 'function') return null;
      return range ? range[1] : type.name === 'integer' ? 7 : 2.5;
    }
    default:
      return null;
  }
}
