import { version } from '../../package.json';

const APPLICATION_NAME = 'Motion Reference Server';
export const APPLICATION_VERSION = `${APPLICATION_NAME} ${version}`;

/** What changed in the interface, newest first; served as the `changelog` help topic. */
export const INTERFACE_CHANGELOG: readonly string[] = [
  `${version}: the four modules of the scripting interface (skeleton settings, skeleton data, GUI selection, ` +
    'documentation) with motion.get_version, motion.data.object.trajectory and motion.data.object.bone.',
];
