import { version } from '../../package.json';

const APPLICATION_NAME = 'Motion Reference Server';

/** The application's version as get_version gives it (the application's own form): numbers, not text. */
export const APPLICATION_VERSION = (() => {
  const [major, minor, build] = version.split('.').map((n) => Number.parseInt(n, 10));
  return { major, minor, build };
})();

/** What help() and the log say: the name and the version for people. */
export const APPLICATION_TITLE = `${APPLICATION_NAME} ${version}`;

/** What changed in the interface, newest first; served as the `changelog` help topic. */
export const INTERFACE_CHANGELOG: readonly string[] = [
  `${version}: the four modules of the scripting interface (skeleton settings, skeleton data, GUI selection, ` +
    'documentation) with motion.get_version, motion.data.object.trajectory and motion.data.object.bone, as the ' +
    'application has them: get_version gives {"major", "minor", "build"}; trajectories are found by label and may ' +
    'be unidentified (get_label gives null), with parts as frame ranges (get_part, get_parts) and ' +
    'get_skeleton_segment_id; bones are found by their two trajectories and can be added, deleted, cleared and ' +
    'coloured; the help topics are listed as a table.',
];
