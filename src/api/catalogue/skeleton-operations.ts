import { param, returns, type OperationSpec, type ParameterSpec } from './operation-spec';
import { DEGREES_OF_FREEDOM, MARKER, RIGID_BODY, SOLVER } from './type-strings';

/**
 * The skeleton operations in the order of the settings module. `inData` marks the getters that the
 * read-only `motion.data.object.skeleton` module offers too (without the `source` parameter).
 */
interface SkeletonOperation extends OperationSpec {
  inData: boolean;
}

const MATRIX_LAYOUT =
  'The matrix is four rows of four numbers, row-major: [[r00, r01, r02, tx], [r10, r11, r12, ty], ' +
  '[r20, r21, r22, tz], [0, 0, 0, 1]], where r is the rotation and (tx, ty, tz) the translation in millimetres.';

const skeletonId = param('skeleton_id', 'integer', 'Identifier of the skeleton.');
const segmentId = param(
  'segment_id',
  'integer',
  'Identifier of the segment (segment identifiers are unique on their own).',
);

function read(
  name: string,
  brief: string,
  details: string,
  parameters: ParameterSpec[],
  ret: OperationSpec['returns'],
): SkeletonOperation {
  return { name, brief, details, parameters, returns: ret, effect: 'read', inData: true };
}

function write(
  name: string,
  brief: string,
  details: string,
  parameters: ParameterSpec[],
  ret: OperationSpec['returns'] = null,
): SkeletonOperation {
  return { name, brief, details, parameters, returns: ret, effect: 'write', inData: false };
}

export const SKELETON_OPERATIONS: SkeletonOperation[] = [
  write(
    'add_skeleton',
    'Adds a skeleton and returns its identifier.',
    'The new skeleton has scale 1.0 and one segment, its root, created automatically with the name "root" and the ' +
      'solver "global_optimization". If a skeleton with the same name already exists, it is overwritten: the old ' +
      'skeleton and all its segments are deleted, and the new skeleton (with a new identifier) is added last.',
    [param('name', 'string', 'Name of the new skeleton; must not be empty.')],
    returns('integer', 'Identifier of the new skeleton.'),
  ),
  write(
    'add_segment',
    'Adds a segment as the last child of a parent segment and returns its identifier.',
    'The new segment is a leaf with solver null (solved with its ancestors), identity transforms, unconstrained ' +
      'degrees of freedom, endpoint [0, 0, 0], and no markers or rigid bodies. The parent now has children, so its ' +
      'endpoint becomes null. Segment names are unique within a skeleton, because couplings refer to segments by name.',
    [
      param('parent_id', 'integer', 'Identifier of the parent segment.'),
      param('name', 'string', 'Name of the new segment; unique within its skeleton.'),
    ],
    returns('integer', 'Identifier of the new segment.'),
  ),
  write('delete_skeleton', 'Deletes a skeleton and all its segments.', 'Identifiers are never reused.', [skeletonId]),
  write(
    'delete_segment',
    'Deletes a segment and its whole subtree.',
    'All descendants of the segment are deleted with it. The root segment cannot be deleted: delete the skeleton instead.',
    [segmentId],
  ),
  write('clear_skeletons', 'Deletes all skeletons of the source.', 'Identifiers are never reused.', []),
  read(
    'get_skeleton_id',
    'Returns the identifier of the skeleton at an index.',
    'Skeletons are ordered by creation. An index outside 0..count-1 is an out_of_range error.',
    [param('index', 'integer', '0-based index of the skeleton.')],
    returns('integer', 'Identifier of the skeleton.'),
  ),
  read(
    'get_skeleton_ids',
    'Returns the identifiers of all skeletons.',
    'In the order of creation.',
    [],
    returns('[integer]', 'Skeleton identifiers.'),
  ),
  read('get_skeleton_count', 'Returns the number of skeletons.', '', [], returns('integer', 'Number of skeletons.')),
  read(
    'get_skeleton_name',
    'Returns the name of a skeleton.',
    '',
    [skeletonId],
    returns('string', 'Name of the skeleton.'),
  ),
  write(
    'set_skeleton_name',
    'Renames a skeleton.',
    'If another skeleton already has this name, that other skeleton is overwritten: it is deleted with all its ' +
      'segments. Renaming a skeleton to its own name changes nothing.',
    [skeletonId, param('name', 'string', 'New name; must not be empty.')],
  ),
  read(
    'get_skeleton_scale',
    'Returns the scale of a skeleton.',
    'The scale is the size of the skeleton relative to, for example, an avatar. Exports and streams divide by it so ' +
      'that the output always has scale 1.0.',
    [skeletonId],
    returns('float', 'Scale, between 0.01 and 100.0.'),
  ),
  write(
    'set_skeleton_scale',
    'Sets the scale of a skeleton.',
    'The scale must be within 0.01 to 100.0, both inclusive; anything else is an invalid_argument error and changes nothing.',
    [skeletonId, param('scale', 'float', 'New scale, 0.01 to 100.0.')],
  ),
  read(
    'get_skeleton_root_id',
    'Returns the identifier of the root segment of a skeleton.',
    'The root is created with the skeleton and lives as long as it.',
    [skeletonId],
    returns('integer', 'Identifier of the root segment.'),
  ),
  read(
    'get_segment_id',
    'Returns the identifier of the segment of a skeleton at an index.',
    'Segments are listed depth-first in pre-order, children in insertion order; index 0 is the root.',
    [skeletonId, param('index', 'integer', '0-based index of the segment.')],
    returns('integer', 'Identifier of the segment.'),
  ),
  read(
    'get_segment_ids',
    'Returns the identifiers of all segments of a skeleton.',
    'Depth-first in pre-order, children in insertion order; the root is first.',
    [skeletonId],
    returns('[integer]', 'Segment identifiers.'),
  ),
  read(
    'get_segment_count',
    'Returns the number of segments of a skeleton, its root included.',
    '',
    [skeletonId],
    returns('integer', 'Number of segments.'),
  ),
  read(
    'get_segment_name',
    'Returns the name of a segment.',
    '',
    [segmentId],
    returns('string', 'Name of the segment.'),
  ),
  write(
    'set_segment_name',
    'Renames a segment.',
    'The name must be unique within the skeleton. Couplings of other segments that named the old name are not rewritten.',
    [segmentId, param('name', 'string', 'New name; must not be empty.')],
  ),
  read(
    'get_segment_solver',
    'Returns the solver of a segment.',
    'Solving is hierarchical from the root, which always has a solver. "global_optimization" solves the segment and ' +
      'the descendants that have no solver of their own; "none" leaves it unsolved; null means the segment is solved ' +
      'together with its ancestors, in the coordinate system of its parent.',
    [segmentId],
    returns(SOLVER, 'The solver, or null when the segment is solved with its ancestors.'),
  ),
  write(
    'set_segment_solver',
    'Sets the solver of a segment.',
    'A skeleton can have several solvers. The root must keep a solver: null on the root is an invalid_argument error.',
    [segmentId, param('solver', SOLVER, '"none", "global_optimization", or null to solve with the ancestors.')],
  ),
  read(
    'get_segment_transform',
    'Returns the calibrated pose of a segment.',
    `The transform is in local coordinates (relative to the parent segment) and is the initial solution when solving. ${MATRIX_LAYOUT}`,
    [segmentId],
    returns('mat4x4f', 'The transform.'),
  ),
  write(
    'set_segment_transform',
    'Sets the calibrated pose of a segment.',
    `Local coordinates, relative to the parent segment. ${MATRIX_LAYOUT}`,
    [segmentId, param('transform', 'mat4x4f', 'The new transform.')],
  ),
  read(
    'get_segment_default_transform',
    'Returns the default transform of a segment.',
    'The default transform brings skeletons with different zero poses (all rotations zero) to the same default pose, ' +
      `such as a T-pose; it is used mainly for retargeting. ${MATRIX_LAYOUT}`,
    [segmentId],
    returns('mat4x4f', 'The default transform.'),
  ),
  write(
    'set_segment_default_transform',
    'Sets the default transform of a segment.',
    `Used mainly for retargeting. ${MATRIX_LAYOUT}`,
    [segmentId, param('transform', 'mat4x4f', 'The new default transform.')],
  ),
  read(
    'get_segment_degrees_of_freedom',
    'Returns the degrees of freedom of a segment.',
    'Every degree of freedom (rotation_x/y/z, translation_x/y/z) is present, each with "constraint" ' +
      '({"lower_bound", "upper_bound"} or null when unconstrained), "couplings" (to degrees of freedom of other ' +
      'segments, by segment name) and "goal" ({"value", "weight"} or null). Rotation bounds are in degrees, ' +
      'translation bounds in millimetres.',
    [segmentId],
    returns(DEGREES_OF_FREEDOM, 'The degrees of freedom, keyed by name.'),
  ),
  write(
    'set_segment_degrees_of_freedom',
    'Replaces the degrees of freedom of a segment.',
    'The whole object is replaced: a degree of freedom left out is reset to its default (unconstrained, no couplings, ' +
      'no goal). Unknown keys, a lower bound above its upper bound, or a coupling to a segment that is not in the ' +
      'skeleton (or to the segment itself) are invalid_argument errors.',
    [segmentId, param('degrees_of_freedom', DEGREES_OF_FREEDOM, 'The new degrees of freedom, keyed by name.')],
  ),
  read(
    'get_segment_endpoint',
    'Returns the endpoint of a segment.',
    'The endpoint is the far end of a leaf segment, in local coordinates and millimetres. It is null when the segment ' +
      'has children (or was declared to have them).',
    [segmentId],
    returns('vec3f?', 'The endpoint [x, y, z] in millimetres, or null.'),
  ),
  write(
    'set_segment_endpoint',
    'Sets the endpoint of a segment.',
    'Setting null declares that the segment has children. A segment that has children cannot have an endpoint: a ' +
      'non-null endpoint on it is an invalid_argument error.',
    [segmentId, param('endpoint', 'vec3f?', 'The endpoint [x, y, z] in millimetres, local coordinates, or null.')],
  ),
  read(
    'get_segment_markers',
    'Returns the markers of a segment.',
    'Each marker has a name, a position in local coordinates (millimetres) and a weight used when solving.',
    [segmentId],
    returns(`[${MARKER}]`, 'The markers.'),
  ),
  write(
    'set_segment_markers',
    'Replaces the markers of a segment.',
    'Positions are in local coordinates, millimetres. Weights must not be negative. Marker names must be unique within the segment.',
    [segmentId, param('markers', `[${MARKER}]`, 'The new markers.')],
  ),
  read(
    'get_segment_rigid_bodies',
    'Returns the rigid bodies of a segment.',
    `Each rigid body has a name, a transform in local coordinates and a weight. ${MATRIX_LAYOUT}`,
    [segmentId],
    returns(`[${RIGID_BODY}]`, 'The rigid bodies.'),
  ),
  write(
    'set_segment_rigid_bodies',
    'Replaces the rigid bodies of a segment.',
    `Weights must not be negative; names must be unique within the segment. ${MATRIX_LAYOUT}`,
    [segmentId, param('rigid_bodies', `[${RIGID_BODY}]`, 'The new rigid bodies.')],
  ),
  read(
    'get_segment_skeleton_id',
    'Returns the identifier of the skeleton a segment belongs to.',
    '',
    [segmentId],
    returns('integer', 'Identifier of the owning skeleton.'),
  ),
  read(
    'get_segment_parent_id',
    'Returns the identifier of the parent of a segment.',
    'The root has no parent.',
    [segmentId],
    returns('integer?', 'Identifier of the parent, or null for the root.'),
  ),
  read(
    'get_segment_child_id',
    'Returns the identifier of the child of a segment at an index.',
    'Children are in insertion order. An index outside 0..count-1 is an out_of_range error.',
    [segmentId, param('index', 'integer', '0-based index of the child.')],
    returns('integer', 'Identifier of the child segment.'),
  ),
  read(
    'get_segment_child_ids',
    'Returns the identifiers of the children of a segment.',
    'In insertion order.',
    [segmentId],
    returns('[integer]', 'Child segment identifiers.'),
  ),
  read(
    'get_segment_child_count',
    'Returns the number of children of a segment.',
    '',
    [segmentId],
    returns('integer', 'Number of children.'),
  ),
  read(
    'find_skeleton',
    'Finds a skeleton by name.',
    'Names are compared exactly (case-sensitive).',
    [
      param('name', 'string', 'Name of the skeleton.', {
        kind: 'skeleton',
        called: 'named',
        ids: 'get_skeleton_ids',
        name: 'get_skeleton_name',
      }),
    ],
    returns('integer?', 'Identifier of the skeleton, or null if there is none with that name.'),
  ),
  read(
    'find_segment',
    'Finds a segment of a skeleton by name.',
    'Names are compared exactly (case-sensitive).',
    [
      skeletonId,
      param('name', 'string', 'Name of the segment.', {
        kind: 'segment',
        called: 'named',
        ids: 'get_segment_ids',
        name: 'get_segment_name',
      }),
    ],
    returns('integer?', 'Identifier of the segment, or null if the skeleton has none with that name.'),
  ),
];
