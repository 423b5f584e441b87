import { helpOperation, param, type ModuleSpec } from './operation-spec';
import { SKELETON_OPERATIONS } from './skeleton-operations';
import { SOURCE } from './type-strings';

const SETTINGS_PATH = 'motion.settings.processing.skeleton';
const DATA_PATH = 'motion.data.object.skeleton';

const source = param('source', SOURCE, 'Which settings to use: "project" or "measurement".');

export const SKELETON_SETTINGS: ModuleSpec = {
  path: SETTINGS_PATH,
  brief: 'Read and modify the skeleton definitions held in the project or measurement settings.',
  details:
    'Every operation takes the settings source first: "project" for the project settings, "measurement" for the ' +
    'settings of the current measurement. A skeleton has a name, a scale (0.01 to 100.0) and a tree of segments ' +
    'whose root is created with it. Segments are addressed by their identifier alone. Setting a skeleton name that ' +
    'another skeleton already has overwrites that skeleton. Lengths are in millimetres; transforms are 4x4 ' +
    'row-major matrices in the coordinates of the parent segment.',
  operations: [
    ...SKELETON_OPERATIONS.map(({ inData: _inData, ...op }) => ({ ...op, parameters: [source, ...op.parameters] })),
    helpOperation(SETTINGS_PATH),
  ],
};

export const SKELETON_DATA: ModuleSpec = {
  path: DATA_PATH,
  brief: 'Read the skeletons of the current data (read-only).',
  details:
    'The skeletons solved in the current measurement data, with the same getters as ' +
    `${SETTINGS_PATH} but no source parameter and no setters. To change a skeleton, edit its definition in the ` +
    'settings and reprocess.',
  operations: [
    ...SKELETON_OPERATIONS.filter((op) => op.inData).map(({ inData: _inData, ...op }) => op),
    helpOperation(DATA_PATH),
  ],
};
