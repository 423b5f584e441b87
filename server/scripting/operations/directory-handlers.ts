import { join } from 'node:path';
import type { ModuleHandlers } from './handler';

/**
 * `motion.settings.directory`'s two folders a script cannot set: the reference server's project is
 * the folder it was started in, and the cameras' linearization files are in its Linearization
 * folder (docs/design.md §12). The others are typed settings, empty until set.
 */
export const DIRECTORY_HANDLERS: ModuleHandlers = {
  get_project_directory: () => process.cwd(),
  get_linearization_directory: () => join(process.cwd(), 'Linearization'),
};
