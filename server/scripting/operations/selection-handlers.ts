import { invalid, outOfRange } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import type { SelectionItem } from '../model/records';
import type { ModuleHandlers } from './handler';

type ItemInput = { type: 'trajectory' | 'bone'; id: number; part_index?: number | null };

/** Checks items against the data (ids exist, parts in range, bones without parts) and normalises part_index. */
function resolve(tx: Transaction, items: ItemInput[], parameter: string): SelectionItem[] {
  return items.map((item, i) => {
    const part = item.part_index ?? null;
    if (item.type === 'bone') {
      tx.bone(item.id, parameter);
      if (part !== null) throw invalid(parameter, `${parameter}[${i}].part_index must be null for a bone, got ${part}`);
    } else {
      const trajectory = tx.model.trajectory(item.id, parameter);
      if (part !== null && (part < 0 || part >= trajectory.parts.length)) {
        throw outOfRange(
          `${parameter}[${i}].part_index`,
          part,
          trajectory.parts.length,
          `parts in ${trajectory.label === null ? 'unidentified trajectory' : `trajectory "${trajectory.label}"`}`,
        );
      }
    }
    return { type: item.type, id: item.id, part_index: part };
  });
}

function singleType(items: SelectionItem[], parameter: string): SelectionItem['type'] | undefined {
  const types = new Set(items.map((i) => i.type));
  if (types.size > 1) throw invalid(parameter, 'trajectories and bones cannot be selected at the same time');
  return items[0]?.type;
}

const same = (a: SelectionItem, b: SelectionItem) =>
  a.type === b.type && a.id === b.id && a.part_index === b.part_index;

/** Adds items in order; a whole trajectory absorbs its selected parts, a part under a selected whole is a no-op. */
function addAll(current: SelectionItem[], items: SelectionItem[]): SelectionItem[] {
  let result = [...current];
  for (const item of items) {
    if (
      result.some(
        (s) =>
          same(s, item) ||
          (s.type === 'trajectory' && s.id === item.id && s.part_index === null && item.type === 'trajectory'),
      )
    )
      continue;
    if (item.type === 'trajectory' && item.part_index === null)
      result = result.filter((s) => !(s.type === 'trajectory' && s.id === item.id));
    result.push(item);
  }
  return result;
}

function ofType(tx: Transaction, type: SelectionItem['type'] | null): readonly SelectionItem[] {
  return type === null ? tx.selection() : tx.selection().filter((s) => s.type === type);
}

export const SELECTION_HANDLERS: ModuleHandlers = {
  clear_selections: (tx, [type]) => {
    tx.setSelection(type === null ? [] : tx.selection().filter((s) => s.type !== type));
    return null;
  },

  is_selected: (tx, [item]) => {
    const [wanted] = resolve(tx, [item], 'selection');
    return tx
      .selection()
      .some(
        (s) =>
          same(s, wanted) ||
          (wanted.type === 'trajectory' && s.type === 'trajectory' && s.id === wanted.id && s.part_index === null),
      );
  },

  get_selection_count: (tx, [type]) => ofType(tx, type).length,
  get_selections: (tx, [type]) => ofType(tx, type),

  set_selections: (tx, [items]) => {
    const resolved = resolve(tx, items, 'selections');
    singleType(resolved, 'selections');
    tx.setSelection(addAll([], resolved));
    return null;
  },

  select: (tx, [items]) => {
    const resolved = resolve(tx, items, 'selections');
    const type = singleType(resolved, 'selections');
    if (type === undefined) return null;
    const current = tx.selection().length > 0 && tx.selection()[0].type !== type ? [] : [...tx.selection()];
    tx.setSelection(addAll(current, resolved));
    return null;
  },

  deselect: (tx, [items]) => {
    const resolved = resolve(tx, items, 'selections');
    const removed = (s: SelectionItem) =>
      resolved.some(
        (r) =>
          same(r, s) || (r.type === 'trajectory' && r.part_index === null && s.type === 'trajectory' && s.id === r.id),
      );
    tx.setSelection(tx.selection().filter((s) => !removed(s)));
    return null;
  },
};
