import type { ModuleSpec, OperationSpec } from '../../../src/api/catalogue';
import { parseTypeCached } from '../../../src/api/types/parse-type';
import type { TypeNode } from '../../../src/api/types/type-tree';

/**
 * The settings modules' values, read from the interface itself: every `get_x` (or `is_x`) with a
 * `set_x` that takes the getter's parameters and then a value of the getter's result type is one
 * typed setting. Its parameters say where it is kept: `source` (the project's or the measurement's
 * settings), and indices (`body_index`, `point_index`, `index`) that name an item of a list, such as
 * a rigid body and its points. Nothing here is written per setting.
 */
/**
 * How a parameter before the value says where it is kept: an index into a list (`body_index`), an
 * item of a list named by one of its values (an AIM model by its `path`), or one of several values
 * kept apart (`type`: a processing step's setting for real time, capture, batch…).
 */
type Where =
  | { kind: 'index'; parameter: string; list: string }
  | { kind: 'named'; parameter: string; list: string; field: string }
  | { kind: 'variant'; parameter: string };

export interface Setting {
  module: string;
  /** The name without its verb: `max_residual`, `body_name`. */
  field: string;
  getter: string;
  setter: string;
  /** Whether the first parameter is the settings source. */
  sourced: boolean;
  /** The parameters after the source, each saying where the value is kept, outermost first. */
  where: Where[];
  type: TypeNode;
  /** The lowest and highest value the interface states, where it does. */
  range?: readonly [number, number];
}

/** Lists whose items are named by one of their values rather than counted, by module and parameter. */
const NAMED_BY: Readonly<Record<string, { parameter: string; list: string; field: string }>> = {
  'motion.settings.processing.aim': { parameter: 'path', list: 'model', field: 'model_path' },
};

function whereOf(module: string, parameter: { name: string; type: string }): Where | undefined {
  const list = listOfIndex(module, parameter.name);
  if (list && parameter.type === 'integer') return { kind: 'index', parameter: parameter.name, list };
  const named = NAMED_BY[module];
  if (named?.parameter === parameter.name) return { kind: 'named', ...named };
  if (parseTypeCached(parameter.type).kind === 'enum') return { kind: 'variant', parameter: parameter.name };
  return undefined;
}

/** What a plain `index` parameter counts, by module: the module's one list. */
const LIST_OF_INDEX: Readonly<Record<string, string>> = {
  'motion.settings.processing.aim': 'model',
  'motion.settings.camera': 'camera',
};

/** The list an index parameter names: `body_index` → `body`; a plain `index`, the module's list. */
export function listOfIndex(module: string, parameter: string): string | undefined {
  if (parameter === 'index') return LIST_OF_INDEX[module];
  const named = /^(\w+)_index$/.exec(parameter);
  return named?.[1];
}

function pairOf(module: ModuleSpec, setter: OperationSpec): Setting | undefined {
  const field = setter.name.slice('set_'.length);
  const getter = module.operations.find((op) => op.name === `get_${field}` || op.name === `is_${field}`);
  if (!getter?.returns) return undefined;
  const leading = setter.parameters.slice(0, -1);
  const value = setter.parameters[setter.parameters.length - 1];
  const sameLeading =
    leading.length === getter.parameters.length && leading.every((p, i) => p.type === getter.parameters[i].type);
  if (!sameLeading || value.type.replace(/\?$/, '') !== getter.returns.type.replace(/\?$/, '')) return undefined;
  const sourced = leading[0]?.name === 'source';
  const where = leading.slice(sourced ? 1 : 0).map((p) => whereOf(module.path, p));
  if (where.some((w) => w === undefined)) return undefined;
  return {
    module: module.path,
    field,
    getter: getter.name,
    setter: setter.name,
    sourced,
    where: where as Where[],
    type: parseTypeCached(getter.returns.type),
    ...(value.range ? { range: value.range } : {}),
  };
}

/** Every typed setting of the settings modules (the skeleton definitions, modelled by hand, aside). */
export function settingsOf(modules: readonly ModuleSpec[]): Setting[] {
  return modules
    .filter((m) => m.path.startsWith('motion.settings.') && m.path !== 'motion.settings.processing.skeleton')
    .flatMap((m) => m.operations.filter((op) => op.name.startsWith('set_')).flatMap((op) => pairOf(m, op) ?? []));
}
