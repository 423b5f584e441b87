import { WHOLE_INTERFACE } from '../../../src/api/catalogue';
import { validateValue } from '../../../src/api/types/validate';
import type { SettingsItem } from './settings-store';
import { settingsOf, type Setting } from './settings-layout';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The settings of the interface by the name their values are kept under, without source or variant. */
const BY_FIELD = new Map<string, Setting>(settingsOf(WHOLE_INTERFACE).map((s) => [`${s.module}.${s.field}`, s]));

/**
 * A state file's settings, checked as a call would have made them: the tree's shape, and each value
 * kept at the top against its setting's type and range. Throws an Error naming where.
 */
export function checkSettings(value: unknown, where = 'state.settings'): SettingsItem {
  if (!isObject(value) || !isObject(value.values) || !isObject(value.lists))
    throw new Error(`${where}: expected {"values": {…}, "lists": {…}}`);
  for (const [key, items] of Object.entries(value.lists)) {
    if (!Array.isArray(items)) throw new Error(`${where}.lists["${key}"]: expected a list of items`);
    items.forEach((item, i) => checkSettings(item, `${where}.lists["${key}"][${i}]`));
  }
  if (where === 'state.settings')
    for (const [key, stored] of Object.entries(value.values)) {
      const setting = BY_FIELD.get(key.replace(/@.*$/, '').replace(/\[.*\]$/, ''));
      if (!setting) continue; // a setting of another release: kept, and read by no operation of this one
      const problem = validateValue(stored, setting.type, `state.settings.values["${key}"]`);
      if (problem) throw new Error(`${problem.path}: ${problem.message}`);
      const range = setting.range;
      if (range && typeof stored === 'number' && (stored < range[0] || stored > range[1]))
        throw new Error(`state.settings.values["${key}"]: ${stored} is outside ${range[0]} to ${range[1]}`);
    }
  return value as unknown as SettingsItem;
}
