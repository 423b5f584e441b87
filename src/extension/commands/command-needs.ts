import { CATALOGUE } from '../../api/catalogue';

const SETTINGS = 'motion.settings.processing.skeleton';
const DATA = 'motion.data.object.skeleton';
const SELECTION = 'motion.gui.selection';
const TRAJECTORIES = 'motion.data.object.trajectory';

/**
 * The modules each command that changes or draws the application calls, whole: the operations of
 * our interface in them must all be there before it starts, since a command that stopped half way
 * at a missing one would leave a change half made. No `vscode` import.
 */
const COMMAND_MODULES: Record<string, readonly string[]> = {
  'motion.addSkeleton': [SETTINGS],
  'motion.renameSkeleton': [SETTINGS],
  'motion.deleteSkeleton': [SETTINGS],
  'motion.setSkeletonScale': [SETTINGS],
  'motion.addSegment': [SETTINGS],
  'motion.renameSegment': [SETTINGS],
  'motion.deleteSegment': [SETTINGS],
  'motion.setSegmentSolver': [SETTINGS],
  'motion.setSegmentEndpoint': [SETTINGS],
  'motion.copySkeleton': [SETTINGS, DATA],
  'motion.importSkeleton': [SETTINGS],
  'motion.exportSkeleton': [SETTINGS, DATA],
  'motion.exportSkeletons': [SETTINGS, DATA],
  'motion.applySegment': [SETTINGS],
  'motion.undoLastChange': [SETTINGS, SELECTION],
  'motion.selectMarkers': [SETTINGS, DATA, SELECTION, TRAJECTORIES],
  'motion.addMarkersToSelection': [SETTINGS, DATA, SELECTION, TRAJECTORIES],
  'motion.deselect': [SELECTION],
  'motion.clearSelection': [SELECTION],
};

/**
 * The operations `command` calls that the application does not have (`has` says which it has, from
 * its own documentation), as dotted paths; empty when it has them all or the command needs none.
 */
export function missingOperations(command: string, has: (path: string) => boolean): string[] {
  const modules = COMMAND_MODULES[command] ?? [];
  return CATALOGUE.filter((m) => modules.includes(m.path)).flatMap((m) =>
    m.operations.map((op) => `${m.path}.${op.name}`).filter((path) => !has(path)),
  );
}
