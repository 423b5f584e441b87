import { canonicalValue } from '../../../src/api/types/canonical-value';
import { validateValue } from '../../../src/api/types/validate';
import { invalid } from '../model/faults';
import { Transaction, type ModelChanges, type MotionModel } from '../model/motion-model';
import type { OperationEntry, OperationTable } from './operation-table';

/** Finds an operation from the path after `/api/scripting/motion/` (`gui/selection/select/`). */
export function findEntry(table: OperationTable, urlPath: string): OperationEntry | undefined {
  const parts = urlPath.split('/').filter(Boolean);
  const name = parts.pop();
  if (!name) return undefined;
  return table.get(['motion', ...parts].join('.'))?.get(name);
}

/**
 * Checks the positional arguments against the catalogue, runs the operation in a transaction and
 * commits only if it succeeded. Returns the result and whether the state changed.
 */
export function invoke(
  model: MotionModel,
  entry: OperationEntry,
  args: unknown[],
): { result: unknown; changed: boolean; changes?: ModelChanges } {
  const { spec, parameterTypes, requiredCount } = entry;
  const total = spec.parameters.length;
  if (args.length < requiredCount || args.length > total) {
    const names = spec.parameters.map((p) => p.name).join(', ');
    const expected = requiredCount === total ? `${total}` : `${requiredCount} to ${total}`;
    throw invalid(
      undefined,
      `${spec.name} takes ${expected} argument${total === 1 ? '' : 's'} (${names || 'none'}), got ${args.length}`,
    );
  }
  const given = args.length === total ? args : [...args, ...Array<null>(total - args.length).fill(null)];
  const full = given.map((value, i) => {
    const problem = validateValue(value, parameterTypes[i], spec.parameters[i].name);
    if (problem) throw invalid(spec.parameters[i].name, `${problem.path}: ${problem.message}`);
    const range = spec.parameters[i].range;
    if (range && typeof value === 'number' && (value < range[0] || value > range[1]))
      throw invalid(
        spec.parameters[i].name,
        `${spec.parameters[i].name} ${value} is outside ${range[0]} to ${range[1]}`,
      );
    return canonicalValue(value, parameterTypes[i]);
  });
  const tx = new Transaction(model);
  const result = entry.handler(tx, full);
  if (spec.effect === 'write') {
    const changes = tx.commit();
    return { result: result === undefined ? null : result, changed: true, changes };
  }
  return { result: result === undefined ? null : result, changed: false };
}
