import { WHOLE_INTERFACE, type ModuleSpec, type OperationSpec } from '../../../src/api/catalogue';
import { requiredArgumentCount } from '../../../src/api/types/required-arguments';
import { catalogueDocumentation } from '../../../src/api/docs/catalogue-documentation';
import { parseTypeCached } from '../../../src/api/types/parse-type';
import type { TypeNode } from '../../../src/api/types/type-tree';
import { APPLICATION_TITLE, APPLICATION_VERSION, INTERFACE_CHANGELOG } from '../version';
import { BONE_HANDLERS, TRAJECTORY_HANDLERS } from './data-object-handlers';
import { documentationHandlers, helpHandler } from './documentation-handlers';
import type { SkeletonSource } from '../model/records';
import type { Handler, ModuleHandlers } from './handler';
import { SELECTION_HANDLERS } from './selection-handlers';
import { fileHandlers } from './file-handlers';
import { guiHandlers } from '../gui/gui-handlers';
import type { ScriptHost } from '../host/script-host';
import { FILE_WRITER, type MeasurementWriter } from '../measurement/measurement-files';
import { SERIES_3D_HANDLERS } from './series-3d-handlers';
import { SKELETON_HANDLERS } from './skeleton-handlers';
import { notModelled } from './not-modelled';
import { settingsHandlers } from './settings-handlers';
import { CAMERA_HANDLERS } from './camera-handlers';
import { COLOR_HANDLERS } from './color-handlers';
import { TRAJECTORY_EDIT_HANDLERS } from './trajectory-edit-handlers';
import { ANALOG_OBJECT_HANDLERS, ANALOG_SERIES_HANDLERS } from './analog-handlers';
import { FORCE_SERIES_HANDLERS } from './force-handlers';
import { EVENT_HANDLERS } from './event-handlers';
import { TIMELINE_HANDLERS } from './timeline-handlers';
import { absentSeriesHandlers } from './sampled-series-handlers';

/** The data series a C3D measurement does not hold, and what they are called in errors. */
const ABSENT_SERIES: readonly [string, string][] = [
  ['motion.data.series._2d', '2D'],
  ['motion.data.series._6d', '6DOF'],
  ['motion.data.series.skeleton', 'skeleton'],
  ['motion.data.series.gaze', 'gaze'],
  ['motion.data.series.time.irig', 'IRIG timecode'],
  ['motion.data.series.time.ptp', 'PTP timestamp'],
  ['motion.data.series.time.smpte', 'SMPTE timecode'],
];
import { DIRECTORY_HANDLERS } from './directory-handlers';

/** One servable operation: its catalogue entry, parsed parameter types and implementation. */
export interface OperationEntry {
  module: ModuleSpec;
  spec: OperationSpec;
  /** `motion.gui.selection.select`, as errors name it. */
  fullName: string;
  parameterTypes: TypeNode[];
  requiredCount: number;
  handler: Handler;
}

/**
 * module path → operation name → entry. Built from the whole interface: an operation the model has
 * no behaviour for answers not_modelled (notModelled), never a made-up value.
 */
export type OperationTable = Map<string, Map<string, OperationEntry>>;

/** What the operations work with besides the model: where saves go, and the scripting host (the GUI modules). */
export interface TableServices {
  writer?: MeasurementWriter;
  /** Without one, the GUI modules answer not_modelled. */
  host?: ScriptHost;
}

/** Which application the table answers as: its version as get_version gives it, and its title for help(). */
interface AnsweringAs {
  version: { major: number; minor: number; build: number };
  title: string;
}

export function buildOperationTable(
  modules: readonly ModuleSpec[] = WHOLE_INTERFACE,
  as: AnsweringAs = { version: APPLICATION_VERSION, title: APPLICATION_TITLE },
  { writer = FILE_WRITER, host }: TableServices = {},
): OperationTable {
  const pkg = catalogueDocumentation(modules);
  const settings = settingsHandlers(modules);
  const implementations: Record<string, ModuleHandlers> = {
    ...settings,
    'motion.settings.camera': { ...settings['motion.settings.camera'], ...CAMERA_HANDLERS },
    'motion.settings.directory': { ...settings['motion.settings.directory'], ...DIRECTORY_HANDLERS },
    motion: { get_version: () => ({ ...as.version }) },
    'motion.settings.processing.skeleton': settingsSkeletonHandlers(),
    'motion.data.object.skeleton': dataSkeletonHandlers(),
    'motion.data.object.trajectory': { ...TRAJECTORY_HANDLERS, ...TRAJECTORY_EDIT_HANDLERS },
    'motion.data.object.bone': BONE_HANDLERS,
    'motion.gui.selection': SELECTION_HANDLERS,
    'motion.file': fileHandlers(writer),
    'motion.utilities.color': COLOR_HANDLERS,
    'motion.data.series._3d': SERIES_3D_HANDLERS,
    'motion.data.object.analog': ANALOG_OBJECT_HANDLERS,
    'motion.data.series.analog': ANALOG_SERIES_HANDLERS,
    'motion.data.series.force': FORCE_SERIES_HANDLERS,
    'motion.data.object.event': EVENT_HANDLERS,
    'motion.gui.timeline': TIMELINE_HANDLERS,
    ...Object.fromEntries(ABSENT_SERIES.map(([path, what]) => [path, absentSeriesHandlers(what)])),
    'motion.utilities.documentation': documentationHandlers(pkg, as.title, INTERFACE_CHANGELOG),
    ...(host ? guiHandlers(host) : {}),
  };
  const table: OperationTable = new Map();
  for (const module of modules) {
    const ops = new Map<string, OperationEntry>();
    for (const spec of module.operations) {
      const handler =
        spec.name === 'help'
          ? helpHandler(pkg, module.path)
          : (implementations[module.path]?.[spec.name] ?? notModelled(`${module.path}.${spec.name}`));
      const parameterTypes = spec.parameters.map((p) => parseTypeCached(p.type));
      ops.set(spec.name, {
        module,
        spec,
        fullName: `${module.path}.${spec.name}`,
        parameterTypes,
        requiredCount: requiredArgumentCount(parameterTypes),
        handler,
      });
    }
    table.set(module.path, ops);
  }
  return table;
}

function settingsSkeletonHandlers(): ModuleHandlers {
  return Object.fromEntries(
    Object.entries(SKELETON_HANDLERS).map(([name, h]): [string, Handler] => [
      name,
      (tx, [source, ...rest]) => h(tx, source as SkeletonSource, rest),
    ]),
  );
}

function dataSkeletonHandlers(): ModuleHandlers {
  return Object.fromEntries(
    Object.entries(SKELETON_HANDLERS).map(([name, h]): [string, Handler] => [name, (tx, args) => h(tx, 'data', args)]),
  );
}
