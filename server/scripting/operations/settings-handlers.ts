import type { ModuleSpec } from '../../../src/api/catalogue';
import { invalid, notFound, outOfRange } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import { defaultOf } from '../settings/setting-defaults';
import { listOfIndex, settingsOf, type Setting } from '../settings/settings-layout';
import {
  itemFor,
  listAt,
  rootKey,
  updateItem,
  updateList,
  type ListStep,
  type SettingsItem,
} from '../settings/settings-store';
import type { Handler, ModuleHandlers } from './handler';

/** Where one call's value is: the list steps to its item, the key of the value there. */
interface Located {
  topKey: string;
  steps: ListStep[];
  valueKey: string;
}

/** Follows a setting's parameters (after the source) to where its value is kept. */
function locate(root: SettingsItem, setting: Setting, source: string | null, args: unknown[]): Located {
  const steps: ListStep[] = [];
  let valueKey = setting.field;
  let topKey: string | undefined;
  for (const [i, where] of setting.where.entries()) {
    const arg = args[i];
    if (where.kind === 'variant') {
      valueKey += `[${where.parameter}=${String(arg)}]`;
      continue;
    }
    topKey ??= rootKey(setting.module, where.list, source);
    if (where.kind === 'index') {
      steps.push({ list: where.list, index: arg as number, parameter: where.parameter });
      continue;
    }
    const items = listAt(root, topKey, steps, where.list);
    const index = items.findIndex((item) => item.values[where.field] === arg);
    if (index < 0) throw notFound(where.parameter, `no ${spoken(where.list)} with ${where.parameter} "${String(arg)}"`);
    steps.push({ list: where.list, index, parameter: where.parameter });
  }
  if (steps.length === 0) return { topKey: '', steps, valueKey: rootKey(setting.module, valueKey, source) };
  return { topKey: topKey!, steps, valueKey };
}

/**
 * Rules of a setting's value that its type cannot say, from the interface's own words (docs/design.md
 * §12): an Euler angle's range is one of two, a range starts before it ends, a box's minimum is below its maximum.
 */
function checkSetting(setting: Setting, value: unknown): void {
  const parameter = setting.setter.slice('set_'.length);
  if (/^(first|third)_angle_range$/.test(setting.field)) {
    const { start, end } = value as { start: number; end: number };
    if (!((start === -180 && end === 180) || (start === 0 && end === 360)))
      throw invalid(
        'range',
        `an angle's range is {"start": -180, "end": 180} or {"start": 0, "end": 360}, not ${start} to ${end}`,
      );
    return;
  }
  if (setting.type.kind === 'struct' && setting.type.fields.map((f) => f.name).join() === 'start,end') {
    const { start, end } = value as { start: number; end: number };
    if (start > end) throw invalid(parameter, `${parameter} starts at ${start}, after its end ${end}`);
  }
  if (setting.field === 'bounding_box') {
    const box = value as Record<string, number>;
    for (const axis of ['x', 'y', 'z'])
      if (box[`min_${axis}`] > box[`max_${axis}`])
        throw invalid(
          'box',
          `the box's min_${axis} ${box[`min_${axis}`]} is above its max_${axis} ${box[`max_${axis}`]}`,
        );
  }
}

const spoken = (list: string) => (list === 'model' ? 'AIM model' : list === 'body' ? 'rigid body' : list);

/** The getter and setter of one typed setting. */
function settingHandlers(setting: Setting): ModuleHandlers {
  const split = (args: unknown[]) =>
    setting.sourced ? { source: args[0] as string, rest: args.slice(1) } : { source: null, rest: args };
  const get: Handler = (tx, args) => {
    const { source, rest } = split(args);
    const root = tx.settings();
    const at = locate(root, setting, source, rest);
    const value = itemFor(root, at.topKey, at.steps).values[at.valueKey];
    return value === undefined ? defaultOf(setting) : value;
  };
  const set: Handler = (tx, args) => {
    const { source, rest } = split(args);
    const value = rest[rest.length - 1];
    checkSetting(setting, value);
    const root = tx.settings();
    const at = locate(root, setting, source, rest.slice(0, -1));
    tx.setSettings(
      updateItem(root, at.topKey, at.steps, (item) => ({ ...item, values: { ...item.values, [at.valueKey]: value } })),
    );
    return null;
  };
  return { [setting.getter]: get, [setting.setter]: set };
}

/**
 * The operations of a list that are not a value's getter or setter: how many items, add one,
 * delete one, clear them all, and an AIM model's paths. Read from their names, as the settings are.
 */
function listHandlers(module: ModuleSpec, settings: readonly Setting[]): ModuleHandlers {
  const handlers: ModuleHandlers = {};
  type ListWhere = Exclude<Setting['where'][number], { kind: 'variant' }>;
  const lists = new Map<string, ListWhere[]>();
  for (const s of settings) {
    const path = s.where.filter((w): w is ListWhere => w.kind !== 'variant');
    path.forEach((w, i) => lists.set(w.list, path.slice(0, i + 1)));
  }
  for (const [list, path] of lists) {
    const own = path[path.length - 1];
    const outer = path.slice(0, -1);
    const has = (name: string) => module.operations.some((op) => op.name === name);
    // The list's container: the top of the source's settings, or the item its outer indices lead to.
    const container = (tx: Transaction, args: unknown[]) => {
      const source = args[0] as string;
      const root = tx.settings();
      const top = rootKey(module.path, path[0].list, source);
      const steps = outer.map((w, i): ListStep => ({
        list: w.list,
        index: args[1 + i] as number,
        parameter: w.parameter,
      }));
      return { root, top, steps, items: listAt(root, top, steps, list) };
    };
    if (has(`get_${list}_count`)) handlers[`get_${list}_count`] = (tx, args) => container(tx, args).items.length;
    if (has(`add_${list}`))
      handlers[`add_${list}`] = (tx, args) => {
        const { root, top, steps, items } = container(tx, args);
        const item: SettingsItem = { values: {}, lists: {} };
        if (own.kind === 'named') {
          const name = args[1 + outer.length] as string;
          if (items.some((it) => it.values[own.field] === name))
            throw invalid(own.parameter, `there is already an ${spoken(list)} with ${own.parameter} "${name}"`);
          item.values[own.field] = name;
        }
        tx.setSettings(updateList(root, top, steps, list, (old) => [...old, item]));
        return own.kind === 'named' ? null : items.length;
      };
    if (has(`delete_${list}`))
      handlers[`delete_${list}`] = (tx, args) => {
        const { root, top, steps, items } = container(tx, args);
        const given = args[1 + outer.length];
        const index =
          own.kind === 'named' ? items.findIndex((it) => it.values[own.field] === given) : (given as number);
        if (own.kind === 'named' && index < 0)
          throw notFound(own.parameter, `no ${spoken(list)} with ${own.parameter} "${String(given)}"`);
        if (index < 0 || index >= items.length)
          throw outOfRange(own.parameter, index, items.length, `${spoken(list)}s`);
        tx.setSettings(updateList(root, top, steps, list, (old) => old.filter((_, i) => i !== index)));
        return null;
      };
    if (has(`clear_${list}s`))
      handlers[`clear_${list}s`] = (tx, args) => {
        const { root, top, steps } = container(tx, args);
        tx.setSettings(updateList(root, top, steps, list, () => []));
        return null;
      };
    if (own.kind === 'named' && has(`get_${own.field}s`))
      handlers[`get_${own.field}s`] = (tx, args) => container(tx, args).items.map((it) => it.values[own.field]);
    // A named item's name by its index (an AIM model's path): the one read of it by index.
    const byIndex = module.operations.find((op) => op.name === `get_${own.kind === 'named' ? own.field : ''}`);
    if (own.kind === 'named' && byIndex?.parameters.some((p) => listOfIndex(module.path, p.name) === list))
      handlers[byIndex.name] = (tx, args) => {
        const { items } = container(tx, args);
        const index = args[1 + outer.length] as number;
        if (index < 0 || index >= items.length) throw outOfRange('index', index, items.length, `${spoken(list)}s`);
        return items[index].values[own.field];
      };
  }
  return handlers;
}

/** Handlers of every settings module of `modules`, from their typed settings and lists. */
export function settingsHandlers(modules: readonly ModuleSpec[]): Record<string, ModuleHandlers> {
  const settings = settingsOf(modules);
  const byModule: Record<string, ModuleHandlers> = {};
  for (const module of modules) {
    const own = settings.filter((s) => s.module === module.path);
    if (own.length === 0) continue;
    byModule[module.path] = {
      ...listHandlers(module, own),
      ...Object.assign({}, ...own.map(settingHandlers)),
    };
  }
  return byModule;
}
