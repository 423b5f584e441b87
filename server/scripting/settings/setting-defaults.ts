import type { TypeNode } from '../../../src/api/types/type-tree';
import { matrixShape } from '../../../src/api/types/type-tree';
import type { Setting } from './settings-layout';

/**
 * A setting's value before anything set it. The interface's documentation gives no defaults: the
 * ones below are decided once (docs/design.md §12), as a fresh project of the application has
 * them where its manual says so; every other setting follows the rule of its type (defaultOfType).
 */
const DECIDED: Readonly<Record<string, unknown>> = {
  'motion.settings.processing._3d.prediction_error': 30,
  'motion.settings.processing._3d.max_residual': 10,
  'motion.settings.processing._3d.min_trajectory_length': 2,
  'motion.settings.processing._3d.min_ray_count': 2,
  'motion.settings.processing._3d.auto_limit_ray_length': true,
  'motion.settings.processing._3d.min_ray_length': 0.5,
  'motion.settings.processing._3d.max_ray_length': 30,
  'motion.settings.processing._3d.auto_join': true,
  'motion.settings.processing._3d.max_auto_join_gap_length': 10,
  'motion.settings.processing._3d.bounding_box': {
    min_x: -10_000,
    max_x: 10_000,
    min_y: -10_000,
    max_y: 10_000,
    min_z: -10_000,
    max_z: 10_000,
  },
  'motion.settings.processing._2d.max_marker_size': 10_000,
  'motion.settings.processing._6d.body_name': 'Rigid body',
  'motion.settings.processing._6d.body_is_enabled': true,
  'motion.settings.processing._6d.body_color': 0x0000ff,
  'motion.settings.processing._6d.body_min_marker_count': 3,
  'motion.settings.processing._6d.body_max_residual': 10,
  'motion.settings.processing._6d.body_bone_length_tolerance': 5,
  'motion.settings.processing._6d.body_coordinate_system': {
    type: 'global',
    relative_body_index: null,
    fixed_transform: null,
  },
  'motion.settings.processing.aim.model_is_applied': true,
  'motion.settings.processing.aim.model_application_count': 1,
  'motion.settings.processing.aim.relative_bone_length_tolerance': 15,
  'motion.settings.processing.aim.keep_existing_labels': true,
  'motion.settings.euler.convention': 'qualisys',
  'motion.settings.euler.sequence': 'xyz',
  'motion.settings.euler.first_axis_name': 'Roll',
  'motion.settings.euler.second_axis_name': 'Pitch',
  'motion.settings.euler.third_axis_name': 'Yaw',
  'motion.settings.euler.first_angle_range': { start: -180, end: 180 },
  'motion.settings.euler.third_angle_range': { start: -180, end: 180 },
  'motion.settings.export.c3d.exclude_empty': true,
  'motion.settings.export.c3d.use_full_label': true,
  'motion.settings.export.c3d.length_units': 'mm',
  'motion.settings.processing.track_3d': true,
  'motion.settings.processing.process_2d': true,
  'motion.settings.processing.track_2d': true,
  'motion.settings.processing.calculate_6d': true,
};

/**
 * The rule for every other setting: no value (`null`) where it may have none, `false`, the lowest
 * number of its stated range (else 0), the first value of an enumeration, an empty text or list,
 * zeros for a vector, the identity for a square matrix, and each field of a structure by the same rule.
 */
function defaultOfType(type: TypeNode, range?: readonly [number, number]): unknown {
  switch (type.kind) {
    case 'nullable':
    case 'any':
      return null;
    case 'enum':
      return type.values[0];
    case 'array':
      return [];
    case 'map':
      return {};
    case 'tuple':
      return type.items.map((item) => defaultOfType(item));
    case 'struct':
      return Object.fromEntries(type.fields.map((f) => [f.name, defaultOfType(f.type)]));
    case 'primitive': {
      const shape = matrixShape(type.name);
      if (shape?.rows !== undefined)
        return Array.from({ length: shape.rows }, (_, r) =>
          Array.from({ length: shape.columns }, (_, c) => (shape.rows === shape.columns && r === c ? 1 : 0)),
        );
      if (shape) return Array<number>(shape.columns).fill(0);
      if (type.name === 'bool') return false;
      if (type.name === 'string') return '';
      if (type.name === 'integer' || type.name === 'float') return range ? range[0] : 0;
      return null;
    }
  }
}

export function defaultOf(setting: Setting): unknown {
  const decided = DECIDED[`${setting.module}.${setting.field}`];
  return decided !== undefined ? structuredClone(decided) : defaultOfType(setting.type, setting.range);
}

/** The decided defaults, for the test that holds each to its setting's type and range. */
export const DECIDED_DEFAULTS = DECIDED;
