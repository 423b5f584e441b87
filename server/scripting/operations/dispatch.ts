import { canonicalValue } from '../../../src/api/types/canonical-value';
import { validateValue } from '../../../src/api/types/validate';
import { invalid } from '../model/faults';
import { Transaction, type ModelChanges, type MotionModel } from '../model/motion-model';
import type { OperationEntry, OperationTable } from './operation-table';
import type { DurableModel } from '../persistence/durable-model';

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
): { result: unknown; changed: boolean; changes?: ModelChanges; pending?: Promise<unknown> } {
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
  // A call that waits for a script's function (a command sent, a dialog answered): its own calls
  // change the model, each in its own turn; this one changes nothing itself.
  if (result instanceof Promise) return { result: null, changed: false, pending: result };
  if (spec.effect === 'write') {
    const changes = tx.commit();
    return { result: result === undefined ? null : result, changed: true, changes };
  }
  return { result: result === undefined ? null : result, changed: false };
}

/**
 * A call as the server answers it, whoever makes it (HTTP, a start-up script): checked, run, and
 * resolved once its change is saved (writes run on the head model, reads on what is saved); a
 * call that waits for a script's function resolves when the function has returned.
 */
export async function callOperation(model: DurableModel, entry: OperationEntry, args: unknown[]): Promise<unknown> {
  const outcome = invoke(entry.spec.effect === 'write' ? model.head : model.visible, entry, args);
  if (outcome.pending) return (await outcome.pending) ?? null;
  if (outcome.changes) await model.saved(outcome.changes);
  return outcome.result;
}
