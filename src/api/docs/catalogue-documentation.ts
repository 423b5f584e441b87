import { CATALOGUE, PACKAGE_NAME, type ModuleSpec, type OperationSpec } from '../catalogue';
import type { MethodDocumentation, ModuleDocumentation, PackageDocumentation } from './documentation-shapes';

/** The package documentation generated from the catalogue: what the reference server serves. */
export function catalogueDocumentation(modules: readonly ModuleSpec[] = CATALOGUE): PackageDocumentation {
  return { name: PACKAGE_NAME, modules: modules.map(moduleDocumentation) };
}

function moduleDocumentation(module: ModuleSpec): ModuleDocumentation {
  return {
    path: module.path,
    brief: module.brief,
    details: module.details,
    methods: module.operations.map(methodDocumentation),
  };
}

function methodDocumentation(op: OperationSpec): MethodDocumentation {
  return {
    name: op.name,
    brief: op.brief,
    details: op.details,
    parameters: op.parameters.map((p) => ({ name: p.name, type: p.type, description: p.description })),
    return_value: op.returns ? { type: op.returns.type, description: op.returns.description } : null,
  };
}
