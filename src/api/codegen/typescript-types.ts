import { matrixShape, type TypeNode } from '../types/type-tree';

/**
 * A type tree as a TypeScript type. `input` is what a caller may pass (nullable structure fields
 * may be left out, a map may give some keys), `output` what the application returns (every field present).
 */
export function typeScriptType(node: TypeNode, mode: 'input' | 'output'): string {
  switch (node.kind) {
    case 'primitive': {
      const named: Record<string, string> = {
        integer: 'number',
        float: 'number',
        string: 'string',
        bool: 'boolean',
        function: 'unknown',
        vec3f: 'Vec3',
        mat4x4f: 'Mat4',
      };
      const shape = matrixShape(node.name);
      return named[node.name] ?? (shape?.rows === undefined ? 'number[]' : 'number[][]');
    }
    case 'enum':
      return node.values.map((v) => JSON.stringify(v)).join(' | ');
    case 'nullable':
      return `${typeScriptType(node.inner, mode)} | null`;
    case 'array':
      return `${wrap(typeScriptType(node.element, mode))}[]`;
    case 'struct':
      if (node.fields.length === 0) return 'Record<string, never>';
      return `{ ${node.fields
        .map(
          (f) =>
            `${JSON.stringify(f.name)}${mode === 'input' && f.type.kind === 'nullable' ? '?' : ''}: ${typeScriptType(f.type, mode)}`,
        )
        .join('; ')} }`;
    case 'map': {
      const record = `Record<${typeScriptType(node.key, mode)}, ${typeScriptType(node.value, mode)}>`;
      return mode === 'input' && node.key.kind === 'enum' ? `Partial<${record}>` : record;
    }
    case 'tuple':
      return `[${node.items.map((item) => typeScriptType(item, mode)).join(', ')}]`;
    case 'any':
      return 'unknown';
  }
}

function wrap(type: string): string {
  return /[|&]/.test(type) && !/^[{(]/.test(type) ? `(${type})` : type;
}
