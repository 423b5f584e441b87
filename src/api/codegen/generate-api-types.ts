import { CATALOGUE, requiredArgumentCount, type ModuleSpec, type OperationSpec } from '../catalogue';
import { parseType } from '../types/parse-type';
import { typeScriptType } from './typescript-types';

/** The source of src/api/client/motion-api.generated.ts: the typed API of the catalogue. */
export function generateApiTypes(modules: readonly ModuleSpec[] = CATALOGUE): string {
  interface Namespace {
    module?: ModuleSpec;
    children: Map<string, Namespace>;
  }
  const root: Namespace = { children: new Map() };
  for (const module of modules) {
    let node = root;
    for (const segment of module.path.split('.').slice(1)) {
      if (!node.children.has(segment)) node.children.set(segment, { children: new Map() });
      node = node.children.get(segment)!;
    }
    node.module = module;
  }
  const out: string[] = [
    '// Generated from the catalogue by `npm run generate`; do not edit. A test fails when it drifts.',
    '/* eslint-disable */',
    '',
    '/** [x, y, z] in millimetres. */',
    'export type Vec3 = [number, number, number];',
    '/** Four rows of four numbers, row-major; translation in millimetres in the last column. */',
    'export type Mat4 = number[][];',
    '',
  ];
  const render = (name: string, node: Namespace, path: string) => {
    for (const [child, sub] of node.children) render(`${name}${pascal(child)}`, sub, `${path}.${child}`);
    out.push(`/** ${node.module ? node.module.brief : `The ${path} namespace.`} */`);
    out.push(`export interface ${name} {`);
    for (const [child] of node.children) out.push(`  ${child}: ${name}${pascal(child)};`);
    for (const op of node.module?.operations ?? []) out.push(...method(op));
    out.push('}', '');
  };
  render('MotionApi', root, 'motion');
  return out.join('\n');
}

function method(op: OperationSpec): string[] {
  const required = requiredArgumentCount(op);
  const params = op.parameters.map(
    (p, i) => `${p.name}${i >= required ? '?' : ''}: ${typeScriptType(parseType(p.type), 'input')}`,
  );
  const result = op.returns ? typeScriptType(parseType(op.returns.type), 'output') : 'null';
  return [`  /** ${op.brief} */`, `  ${op.name}(${params.join(', ')}): Promise<${result}>;`];
}

function pascal(segment: string): string {
  return segment.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());
}
