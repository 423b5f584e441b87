import { CATALOGUE, PACKAGE_NAME, operationRequiredCount, type ModuleSpec, type OperationSpec } from '../catalogue';
import { moduleTree, type ModuleTree } from '../catalogue/module-tree';
import { pascalCase } from '../text/pascal-case';
import { parseType } from '../types/parse-type';
import { typeScriptType } from './typescript-types';

/** The source of src/api/client/motion-api.generated.ts: the typed API of the catalogue. */
export function generateApiTypes(modules: readonly ModuleSpec[] = CATALOGUE): string {
  const root = moduleTree(PACKAGE_NAME, modules);
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
  const render = (name: string, node: ModuleTree<ModuleSpec>) => {
    for (const [child, sub] of node.children) render(`${name}${pascalCase(child)}`, sub);
    out.push(`/** ${node.module ? node.module.brief : `The ${node.path} namespace.`} */`);
    out.push(`export interface ${name} {`);
    for (const [child] of node.children) out.push(`  ${child}: ${name}${pascalCase(child)};`);
    for (const op of node.module?.operations ?? []) out.push(...method(op));
    out.push('}', '');
  };
  render('MotionApi', root);
  return out.join('\n');
}

function method(op: OperationSpec): string[] {
  const required = operationRequiredCount(op);
  const params = op.parameters.map(
    (p, i) => `${p.name}${i >= required ? '?' : ''}: ${typeScriptType(parseType(p.type), 'input')}`,
  );
  const result = op.returns ? typeScriptType(parseType(op.returns.type), 'output') : 'null';
  return [`  /** ${op.brief} */`, `  ${op.name}(${params.join(', ')}): Promise<${result}>;`];
}
