import type { MethodDocumentation } from './documentation-shapes';

/** `name(param: type, ...) -> return type`, without ` -> ...` when the method returns nothing (design.md §4). */
export function methodSignature(method: MethodDocumentation): string {
  const params = method.parameters.map((p) => `${p.name}: ${p.type}`).join(', ');
  return `${method.name}(${params})${method.return_value ? ` -> ${method.return_value.type}` : ''}`;
}
