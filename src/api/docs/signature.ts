import type { MethodDocumentation } from './documentation-shapes';

/**
 * `name(param: type, ...) -> return type`, without ` -> ...` when the method returns nothing
 * (docs/design.md §4), and where each parameter's `param: type` sits in it (signature help highlights it).
 */
export function methodSignatureParts(method: MethodDocumentation): {
  label: string;
  parameters: [start: number, end: number][];
} {
  let label = `${method.name}(`;
  const parameters: [number, number][] = [];
  method.parameters.forEach((p, i) => {
    if (i > 0) label += ', ';
    const part = `${p.name}: ${p.type}`;
    parameters.push([label.length, label.length + part.length]);
    label += part;
  });
  label += `)${method.return_value ? ` -> ${method.return_value.type}` : ''}`;
  return { label, parameters };
}

/** `name(param: type, ...) -> return type` (docs/design.md §4). */
export function methodSignature(method: MethodDocumentation): string {
  return methodSignatureParts(method).label;
}
