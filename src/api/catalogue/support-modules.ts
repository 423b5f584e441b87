import { helpOperation, param, returns, type ModuleSpec } from './operation-spec';

/**
 * Modules the spec only mentions (design.md §4): the package root, trajectories and bones, so that
 * selections point at real objects.
 */
export const PACKAGE_ROOT: ModuleSpec = {
  path: 'motion',
  brief: 'The scripting package of the motion-capture application.',
  details:
    'The root of the package. Its modules are reached as motion.<path>, e.g. motion.settings.processing.skeleton. ' +
    'Call help() for an introduction, or help(module) for one module.',
  operations: [
    {
      name: 'get_version',
      brief: 'Returns the name and version of the application.',
      details: 'Of the form "<application> <version>", e.g. "Motion Reference Server 0.1.0".',
      parameters: [],
      returns: returns('string', 'Application name and version.'),
      effect: 'read',
    },
    helpOperation('motion'),
  ],
};

const trajectoryId = param('trajectory_id', 'integer', 'Identifier of the trajectory.');

export const TRAJECTORIES: ModuleSpec = {
  path: 'motion.data.object.trajectory',
  brief: 'Read the labelled trajectories of the current data.',
  details:
    'A trajectory is the 3D path of one marker over the measurement, labelled with the marker name. Gaps split it ' +
    'into parts, numbered from 0. Use find_trajectory to turn a marker name into the identifier that selections need.',
  operations: [
    {
      name: 'find_trajectory',
      brief: 'Finds a labelled trajectory by its label.',
      details: 'Labels are marker names, compared exactly (case-sensitive).',
      parameters: [
        param('name', 'string', 'The label, usually a marker name.', {
          kind: 'trajectory',
          called: 'labelled',
          ids: 'get_trajectory_ids',
          name: 'get_label',
        }),
      ],
      returns: returns('integer?', 'Identifier of the trajectory, or null if no trajectory has that label.'),
      effect: 'read',
    },
    {
      name: 'get_trajectory_ids',
      brief: 'Returns the identifiers of all labelled trajectories.',
      details: '',
      parameters: [],
      returns: returns('[integer]', 'Trajectory identifiers.'),
      effect: 'read',
    },
    {
      name: 'get_trajectory_count',
      brief: 'Returns the number of labelled trajectories.',
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
      returns: returns('string', 'The label.'),
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
    helpOperation('motion.data.object.trajectory'),
  ],
};

export const BONES: ModuleSpec = {
  path: 'motion.data.object.bone',
  brief: 'Read the bones of the current data.',
  details:
    'A bone links two labelled trajectories, drawn as a line between them. Its name is "<from label>-<to label>".',
  operations: [
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
      name: 'find_bone',
      brief: 'Finds a bone by name.',
      details: 'Bone names are "<from label>-<to label>", compared exactly.',
      parameters: [param('name', 'string', 'The bone name.')],
      returns: returns('integer?', 'Identifier of the bone, or null if there is none with that name.'),
      effect: 'read',
    },
    {
      name: 'get_bone_trajectory_ids',
      brief: 'Returns the identifiers of the two trajectories a bone links.',
      details: '',
      parameters: [param('bone_id', 'integer', 'Identifier of the bone.')],
      returns: returns('[integer]', 'The trajectory identifiers [from, to].'),
      effect: 'read',
    },
    helpOperation('motion.data.object.bone'),
  ],
};
