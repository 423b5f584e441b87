import { HISTORY, presentIn } from './interface-history';
import type { ModuleSpec } from './operation-spec';

/**
 * The catalogue as the application of an earlier or later release has it, by the interface's
 * history: the modules and operations that release lacks are left out (the package root always
 * stays). What the reference server serves when it answers as another version, so that a script
 * that fits 2026.2 can be shown failing on 2023.3. No I/O.
 */
export function catalogueAsOf(version: string, modules: readonly ModuleSpec[]): ModuleSpec[] {
  if (!HISTORY.versions.includes(version))
    throw new Error(`"${version}" is not a version the interface's history knows (${HISTORY.versions.join(', ')})`);
  return modules
    .filter((module) => !module.path.includes('.') || presentIn(module.path, version))
    .map((module) => ({
      ...module,
      operations: module.operations.filter((op) => presentIn(`${module.path}.${op.name}`, version)),
    }));
}
