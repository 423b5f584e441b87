import { parseTypeCached } from '../types/parse-type';
import { requiredArgumentCount } from '../types/required-arguments';
import type { ModuleSpec, OperationSpec } from './operation-spec';
import { SKELETON_DATA, SKELETON_SETTINGS } from './skeleton-modules';
import { SELECTION } from './selection-module';
import { DOCUMENTATION } from './documentation-module';
import { BONES, PACKAGE_ROOT, TRAJECTORIES } from './support-modules';
import { wholeInterface } from './whole-interface';

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

/**
 * The application's whole interface (42 modules of its newest release), our catalogue's own
 * descriptions where it has them: what the bundled documentation and the reference server serve.
 */
export const WHOLE_INTERFACE: readonly ModuleSpec[] = wholeInterface(CATALOGUE);

/** The four modules of the scripting-interface spec. */
export const SPEC_MODULE_PATHS = [SKELETON_SETTINGS.path, SKELETON_DATA.path, SELECTION.path, DOCUMENTATION.path];

const byPath = new Map(CATALOGUE.map((m) => [m.path, m]));
const wholeByPath = new Map(WHOLE_INTERFACE.map((m) => [m.path, m]));

/** An operation of our own catalogue: one the reference server models and a snapshot holds the state of. */
export function findOperation(modulePath: string, name: string): OperationSpec | undefined {
  return byPath.get(modulePath)?.operations.find((op) => op.name === name);
}

/** An operation of the application's whole interface, as bundled with this version. */
export function findDocumentedOperation(modulePath: string, name: string): OperationSpec | undefined {
  return wholeByPath.get(modulePath)?.operations.find((op) => op.name === name);
}

/** `motion.settings.processing.skeleton` → `settings/processing/skeleton` (the HTTP path; `` for the root). */
export function moduleUrlPath(modulePath: string): string {
  return modulePath.split('.').slice(1).join('/');
}

/** How many leading arguments a call of `op` must give (trailing nullable parameters may be omitted). */
export function operationRequiredCount(op: OperationSpec): number {
  return requiredArgumentCount(op.parameters.map((p) => parseTypeCached(p.type)));
}
