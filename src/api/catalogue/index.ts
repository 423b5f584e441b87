import { parseTypeCached } from '../types/parse-type';
import { requiredArgumentCount } from '../types/required-arguments';
import type { ModuleSpec, OperationSpec } from './operation-spec';
import { SKELETON_DATA, SKELETON_SETTINGS } from './skeleton-modules';
import { SELECTION } from './selection-module';
import { DOCUMENTATION } from './documentation-module';
import { BONES, PACKAGE_ROOT, TRAJECTORIES } from './support-modules';

export type { ModuleSpec, OperationSpec } from './operation-spec';

export const PACKAGE_NAME = 'motion';

/** Every module the reference server serves, in the order of the package documentation. */
export const CATALOGUE: readonly ModuleSpec[] = [
  PACKAGE_ROOT,
  SKELETON_SETTINGS,
  SKELETON_DATA,
  TRAJECTORIES,
  BONES,
  SELECTION,
  DOCUMENTATION,
];

/** The four modules of the scripting-interface spec. */
export const SPEC_MODULE_PATHS = [SKELETON_SETTINGS.path, SKELETON_DATA.path, SELECTION.path, DOCUMENTATION.path];

const byPath = new Map(CATALOGUE.map((m) => [m.path, m]));

export function findOperation(modulePath: string, name: string): OperationSpec | undefined {
  return byPath.get(modulePath)?.operations.find((op) => op.name === name);
}

/** `motion.settings.processing.skeleton` → `settings/processing/skeleton` (the HTTP path; `` for the root). */
export function moduleUrlPath(modulePath: string): string {
  return modulePath.split('.').slice(1).join('/');
}

/** How many leading arguments a call of `op` must give (trailing nullable parameters may be omitted). */
export function operationRequiredCount(op: OperationSpec): number {
  return requiredArgumentCount(op.parameters.map((p) => parseTypeCached(p.type)));
}
