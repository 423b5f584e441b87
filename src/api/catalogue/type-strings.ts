/**
 * Type strings shared by several operations, written inline as the application writes them
 * (docs/design.md §4). Composed here once so that every operation that takes a marker, say, names
 * exactly the same structure.
 */
export const SOURCE = '"project"|"measurement"';
export const SOLVER = '"none"|"global_optimization"?';
const DOF_NAME = '"rotation_x"|"rotation_y"|"rotation_z"|"translation_x"|"translation_y"|"translation_z"';
export const DOF_NAMES = [
  'rotation_x',
  'rotation_y',
  'rotation_z',
  'translation_x',
  'translation_y',
  'translation_z',
] as const;
export type DofName = (typeof DOF_NAMES)[number];

const CONSTRAINT = '{"lower_bound": float, "upper_bound": float}?';
const COUPLING = `{"segment": string, "degree_of_freedom": ${DOF_NAME}, "coefficient": float}`;
const GOAL = '{"value": float, "weight": float}?';
const DEGREE_OF_FREEDOM = `{"constraint": ${CONSTRAINT}, "couplings": [${COUPLING}], "goal": ${GOAL}}`;
export const DEGREES_OF_FREEDOM = `{${DOF_NAME}: ${DEGREE_OF_FREEDOM}}`;

export const MARKER = '{"name": string, "position": vec3f, "weight": float}';
export const RIGID_BODY = '{"name": string, "transform": mat4x4f, "weight": float}';

export const SELECTION_TYPE = '"trajectory"|"bone"';
export const SELECTION_ITEM = `{"type": ${SELECTION_TYPE}, "id": integer, "part_index": integer?}`;

export const PARAMETER_DOC = '{"name": string, "type": string, "description": string}';
export const RETURN_DOC = '{"type": string, "description": string}';
export const METHOD_DOC = `{"name": string, "brief": string, "details": string, "parameters": [${PARAMETER_DOC}], "return_value": ${RETURN_DOC}?}`;
export const MODULE_DOC = `{"path": string, "brief": string, "details": string, "methods": [${METHOD_DOC}]}`;
export const PACKAGE_DOC = `{"name": string, "modules": [${MODULE_DOC}]}`;
export const HELP_TOPIC = '"overview"|"modules"|"types"|"signatures"|"changelog"?';

export const SCALE_MIN = 0.01;
export const SCALE_MAX = 100.0;

export const VERSION = '{"major": integer, "minor": integer, "build": integer}';
export const TRAJECTORY_PART = '{"range": {"start": integer, "end": integer}, "type": string}';
