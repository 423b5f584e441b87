import { outOfRange } from '../model/faults';
import { rootKey } from '../settings/settings-store';
import type { Handler, ModuleHandlers } from './handler';

/**
 * `motion.settings.camera` beyond its typed settings: the reference server has no camera system, so
 * it counts no cameras and every camera's index is out of range, saying so.
 */
const noCamera: Handler = (_tx, [, index]) => {
  throw outOfRange('index', index as number, 0, 'cameras: the reference server has no camera system');
};

const CAMERA_READS = [
  'get_camera_type',
  'get_camera_model',
  'get_serial_number',
  'get_ip_address',
  'get_memory_size',
  'get_view_rotation',
  'is_active',
  'is_master',
  'is_linearized',
  'is_calibrated',
  'is_waterproof',
  'is_protected',
  'is_shielded',
  'is_wireless',
  'is_highspeed',
  'is_color',
  'is_twin',
];

const CIRCULARITY = rootKey('motion.settings.camera', 'use_circularity_filtering', null);

/**
 * The interface sets circularity filtering without a settings source, and reads it with one: one
 * value, whichever source is asked (docs/design.md §12). Off until set.
 */
export const CAMERA_HANDLERS: ModuleHandlers = {
  ...Object.fromEntries(CAMERA_READS.map((name) => [name, noCamera])),
  get_camera_count: () => 0,
  get_use_circularity_filtering: (tx) => tx.settings().values[CIRCULARITY] ?? false,
  set_use_circularity_filtering: (tx, [enable]) => {
    const settings = tx.settings();
    tx.setSettings({ ...settings, values: { ...settings.values, [CIRCULARITY]: enable } });
    return null;
  },
};
