import type { SettingsItem } from '../../../src/api/state/motion-state';
import { outOfRange } from '../model/faults';

export type { SettingsItem } from '../../../src/api/state/motion-state';

/*
 * Where a setting's value is kept in the state: the values that were set, by key, and the lists
 * of items (rigid bodies, AIM models) with values of their own. A value never set is its default,
 * and is not kept; so a new state, and a state reset, has every default. Every change makes a new
 * tree that shares what it did not change.
 */

/** An index into a list: its parameter (for errors) and the list's name in the user's words. */
export interface ListStep {
  list: string;
  index: number;
  parameter: string;
}

/** The key at the top of the tree: the module, then the field or the list, then the settings source. */
export function rootKey(module: string, name: string, source: string | null): string {
  return source === null ? `${module}.${name}` : `${module}.${name}@${source}`;
}

/** The list `list` inside the item `steps` lead to; with no steps, the list at the top at `topKey`. */
export function listAt(
  root: SettingsItem,
  topKey: string,
  steps: readonly ListStep[],
  list: string,
): readonly SettingsItem[] {
  if (steps.length === 0) return root.lists[topKey] ?? [];
  return itemFor(root, topKey, steps).lists[list] ?? [];
}

function itemAt(items: readonly SettingsItem[], step: ListStep): SettingsItem {
  if (step.index < 0 || step.index >= items.length)
    throw outOfRange(step.parameter, step.index, items.length, `${step.list}s`);
  return items[step.index];
}

/** The item `steps` lead to (the first step's list at `topKey`), or the root when there are none. */
export function itemFor(root: SettingsItem, topKey: string, steps: readonly ListStep[]): SettingsItem {
  if (steps.length === 0) return root;
  let items = root.lists[topKey] ?? [];
  let item = itemAt(items, steps[0]);
  for (const step of steps.slice(1)) {
    items = item.lists[step.list] ?? [];
    item = itemAt(items, step);
  }
  return item;
}

/** The tree with the item `steps` lead to replaced by `change(item)`. */
export function updateItem(
  root: SettingsItem,
  topKey: string,
  steps: readonly ListStep[],
  change: (item: SettingsItem) => SettingsItem,
): SettingsItem {
  if (steps.length === 0) return change(root);
  const [first, ...rest] = steps;
  const replaceIn = (items: readonly SettingsItem[], step: ListStep, inner: ListStep[]): SettingsItem[] => {
    const item = itemAt(items, step);
    const updated =
      inner.length === 0
        ? change(item)
        : {
            ...item,
            lists: {
              ...item.lists,
              [inner[0].list]: replaceIn(item.lists[inner[0].list] ?? [], inner[0], inner.slice(1)),
            },
          };
    return items.map((it, i) => (i === step.index ? updated : it));
  };
  return { ...root, lists: { ...root.lists, [topKey]: replaceIn(root.lists[topKey] ?? [], first, rest) } };
}

/** The tree with the list at `topKey` (or inside the item `steps` lead to) replaced by `change(items)`. */
export function updateList(
  root: SettingsItem,
  topKey: string,
  steps: readonly ListStep[],
  list: string,
  change: (items: readonly SettingsItem[]) => SettingsItem[],
): SettingsItem {
  if (steps.length === 0) return { ...root, lists: { ...root.lists, [topKey]: change(root.lists[topKey] ?? []) } };
  return updateItem(root, topKey, steps, (item) => ({
    ...item,
    lists: { ...item.lists, [list]: change(item.lists[list] ?? []) },
  }));
}
