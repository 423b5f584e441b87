import type { TypeNode } from './type-tree';

/**
 * How many leading arguments a call must give: trailing nullable parameters may be left out (and
 * arrive as null). A parameter without a type counts as required (a type string that cannot be
 * read is `any`, nullable when it ends in `?`: parseTypeOrAny). The one rule for
 * the catalogue, the documentation index (and so the language server) and the reference server;
 * the Python package has its own copy, checked against this one by a test.
 */
export function requiredArgumentCount(parameterTypes: readonly (TypeNode | undefined)[]): number {
  let count = parameterTypes.length;
  while (count > 0 && parameterTypes[count - 1]?.kind === 'nullable') count--;
  return count;
}
