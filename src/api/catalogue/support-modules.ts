import { helpOperation, param, returns, type ModuleSpec } from './operation-spec';
import { TRAJECTORY_PART, VERSION } from './type-strings';

/**
 * Modules the spec only mentions (docs/design.md §4): the package root, trajectories and bones, so that
 * selections point at real objects.
 */
export const PACKAGE_ROOT: ModuleSpec = {
  path: 'motion',
  brief: 'The scripting package of the motion-capture application.',
  details:
    'The root of the package. Its modules are reached as motion.<path>, e.g. motion.settings.processing.skeleton. ' +
    'Call help() for an introduction, or help(module) for one module. Strings are Unicode and travel as UTF-8 ' +
    '(JSON over HTTP, str in Python, UTF-8 bytes in Lua): a name such as "Väinö" or "関節" comes back exactly as it ' +
    'was given.',
  operations: [
    {
      name: 'get_version',
      brief: 'Returns the version number of the application.',
      details:
        'As the application gives it: {"major": 2, "minor": 1, "build": 0}. Compare the numbers, not a text: ' +
        'motion.get_version()["major"] >= 2.',
      parameters: [],
      returns: returns(VERSION, 'The version: major, minor and build numbers.'),
      effect: 'read',
    },
    helpOperation('motion'),
  ],
};

const trajectoryId = param('id', 'integer', 'The identifier of the trajectory.');
const index = (what: string) => param('index', 'integer', `0-based index of the ${what}.`);
const OUT_OF_RANGE = 'An index outside 0..count-1 is an out_of_range error.';

export const TRAJECTORIES: ModuleSpec = {
  path: 'motion.data.object.trajectory',
  brief: 'Read the trajectories of the current data.',
  details:
    'A trajectory is the 3D path of one marker over the measurement. A labelled (identified) trajectory carries the ' +
    'name of the marker it belongs to; an unidentified one has no label (null). Gaps split a trajectory into parts, ' +
    'numbered from 0, each covering a range of frames. Use find_trajectory to turn a marker name into the ' +
    'identifier that selections and bones need.',
  operations: [
    {
      name: 'find_trajectory',
      brief: 'Finds a trajectory by its label.',
      details: 'Labels are marker names, compared exactly (case-sensitive). Unidentified trajectories are never found.',
      parameters: [
        param('label', 'string', 'The label of the trajectory, usually a marker name.', {
          kind: 'trajectory',
          called: 'labelled',
          ids: 'get_trajectory_ids',
          name: 'get_label',
        }),
      ],
      returns: returns('integer?', 'The identifier of the trajectory, or null if no trajectory has that label.'),
      effect: 'read',
    },
    {
      name: 'get_trajectory_id',
      brief: 'Returns the identifier of a trajectory by index.',
      details: OUT_OF_RANGE,
      parameters: [index('trajectory')],
      returns: returns('integer', 'The identifier of the trajectory.'),
      effect: 'read',
    },
    {
      name: 'get_trajectory_ids',
      brief: 'Returns the identifiers of all trajectories, labelled and unidentified.',
      details: '',
      parameters: [],
      returns: returns('[integer]', 'Trajectory identifiers.'),
      effect: 'read',
    },
    {
      name: 'get_trajectory_count',
      brief: 'Returns the number of trajectories, labelled and unidentified.',
      details: '',
      parameters: [],
      returns: returns('integer', 'Number of trajectories.'),
      effect: 'read',
    },
    {
      name: 'get_label',
      brief: 'Returns the label of a trajectory.',
      details: '',
      parameters: [trajectoryId],
      returns: returns('string?', 'The label, or null if the trajectory is unidentified.'),
      effect: 'read',
    },
    {
      name: 'get_part',
      brief: 'Returns one part of a trajectory by index.',
      details: OUT_OF_RANGE,
      parameters: [trajectoryId, index('part')],
      returns: returns(TRAJECTORY_PART, 'The part: its first and last frame, and its type.'),
      effect: 'read',
    },
    {
      name: 'get_parts',
      brief: 'Returns all parts of a trajectory, in frame order.',
      details:
        'A part is a gap-free piece of the trajectory: range is its first and last frame (inclusive), type how its ' +
        'samples came about ("measured", "filled" or "virtual").',
      parameters: [trajectoryId],
      returns: returns(`[${TRAJECTORY_PART}]`, 'The parts, in frame order.'),
      effect: 'read',
    },
    {
      name: 'get_part_count',
      brief: 'Returns the number of parts of a trajectory.',
      details: 'A trajectory without gaps has one part. Selection part indices run from 0 to count-1.',
      parameters: [trajectoryId],
      returns: returns('integer', 'Number of parts.'),
      effect: 'read',
    },
    {
      name: 'get_skeleton_segment_id',
      brief: 'Returns the skeleton segment a trajectory belongs to.',
      details:
        'The segment of a skeleton of the current data that has a marker named like the label. If several do, the ' +
        'first found (skeletons in order, segments depth-first) is returned.',
      parameters: [trajectoryId],
      returns: returns('integer?', 'The segment identifier, or null if the trajectory is not part of a skeleton.'),
      effect: 'read',
    },
    helpOperation('motion.data.object.trajectory'),
  ],
};

const boneId = param('bone_id', 'integer', 'The identifier of the bone.');
const firstTrajectory = param('trajectory_id_1', 'integer', 'The identifier of the first trajectory.');
const secondTrajectory = param('trajectory_id_2', 'integer', 'The identifier of the second trajectory.');
const COLOUR_DETAILS =
  'Colours are integers in 0xbbggrr form (blue in the high byte, red in the low byte), 0 to 0xFFFFFF (16777215); ' +
  'anything else is an invalid_argument error.';

export const BONES: ModuleSpec = {
  path: 'motion.data.object.bone',
  brief: 'Read and change the bones of the current data.',
  details:
    'A bone joins two trajectories and is drawn as a line between them. A bone joins two different trajectories, ' +
    'and two trajectories are joined by at most one bone, whichever is first. Deleting a bone also takes it out of ' +
    `the selection. ${COLOUR_DETAILS}`,
  operations: [
    {
      name: 'add_bone',
      brief: 'Adds a bone between two trajectories.',
      details:
        'Unknown trajectories are not_found errors; the same trajectory twice, or two trajectories already joined ' +
        'by a bone (in either order), is an invalid_argument error. Without a colour the bone is white (0xFFFFFF).',
      parameters: [
        firstTrajectory,
        secondTrajectory,
        param('color', 'integer?', 'The colour of the bone, in 0xbbggrr form; null for white.'),
      ],
      returns: returns('integer', 'The identifier of the added bone.'),
      effect: 'write',
    },
    {
      name: 'delete_bone',
      brief: 'Deletes a bone.',
      details: 'The bone is also taken out of the selection.',
      parameters: [boneId],
      returns: null,
      effect: 'write',
    },
    {
      name: 'find_bone',
      brief: 'Finds the bone between two trajectories.',
      details: 'The order of the two trajectories does not matter.',
      parameters: [firstTrajectory, secondTrajectory],
      returns: returns('integer?', 'The identifier of the bone, or null if no bone joins the two.'),
      effect: 'read',
    },
    {
      name: 'clear_bones',
      brief: 'Deletes all bones.',
      details: 'Selected bones are taken out of the selection.',
      parameters: [],
      returns: null,
      effect: 'write',
    },
    {
      name: 'get_bone_id',
      brief: 'Returns the identifier of a bone by index.',
      details: OUT_OF_RANGE,
      parameters: [index('bone')],
      returns: returns('integer', 'The identifier of the bone.'),
      effect: 'read',
    },
    {
      name: 'get_bone_ids',
      brief: 'Returns the identifiers of all bones.',
      details: '',
      parameters: [],
      returns: returns('[integer]', 'Bone identifiers.'),
      effect: 'read',
    },
    {
      name: 'get_bone_count',
      brief: 'Returns the number of bones.',
      details: '',
      parameters: [],
      returns: returns('integer', 'Number of bones.'),
      effect: 'read',
    },
    {
      name: 'get_bone_trajectory_ids',
      brief: 'Returns the identifiers of the two trajectories a bone joins.',
      details: 'In the order they were given to add_bone.',
      parameters: [boneId],
      returns: returns('[integer]', 'The trajectory identifiers [trajectory_id_1, trajectory_id_2].'),
      effect: 'read',
    },
    {
      name: 'get_bone_color',
      brief: 'Returns the colour of a bone.',
      details: COLOUR_DETAILS,
      parameters: [boneId],
      returns: returns('integer', 'The colour, in 0xbbggrr form.'),
      effect: 'read',
    },
    {
      name: 'set_bone_color',
      brief: 'Sets the colour of a bone.',
      details: COLOUR_DETAILS,
      parameters: [boneId, param('color', 'integer', 'The colour, in 0xbbggrr form.')],
      returns: null,
      effect: 'write',
    },
    helpOperation('motion.data.object.bone'),
  ],
};
