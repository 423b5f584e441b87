import type { TypeNode } from './type-tree';

/**
 * How many leading arguments a call must give: trailing nullable parameters may be left out (and
 * arrive as null). A parameter whose type could not be read counts as required. The one rule for
 * the catalogue, the documentation index (and so the language server) and the reference server;
 * the Python package has its own copy, checked against this one by a test.
 */
export function requiredArgumentCount(parameterTypes: readonly (TypeNode | undefined)[]): number {
  let count = parameterTypes.length;
  while (count > 0 && parameterTypes[count - 1]?.kind === 'nullable') count--;
  return count;
}
