import { DEGREES_OF_FREEDOM, MARKER, RIGID_BODY, SELECTION_ITEM } from '../../../src/api/catalogue/type-strings';
import { parseType } from '../../../src/api/types/parse-type';
import { validateValue } from '../../../src/api/types/validate';
import { SKELETON_SOURCES, type MotionState } from '../model/records';

/** The state file: `{"format": "motion-server-state", "version": 1, "state": {...}}`. */
export const STATE_FORMAT = 'motion-server-state';
export const STATE_VERSION = 1;

const SEGMENT =
  `{"id": integer, "name": string, "parentId": integer?, "children": [integer], "solver": "none"|"global_optimization"?, ` +
  `"transform": mat4x4f, "defaultTransform": mat4x4f, "degreesOfFreedom": ${DEGREES_OF_FREEDOM}, "endpoint": vec3f?, ` +
  `"markers": [${MARKER}], "rigidBodies": [${RIGID_BODY}]}`;
const SKELETON = `{"id": integer, "name": string, "scale": float, "rootId": integer, "segments": {string: ${SEGMENT}}}`;
const STATE_TYPE = parseType(
  `{"format": "${STATE_FORMAT}", "version": integer, "state": {"nextId": integer, ` +
    `"skeletons": {"project": [${SKELETON}], "measurement": [${SKELETON}], "data": [${SKELETON}]}, ` +
    `"trajectories": [{"id": integer, "label": string, "parts": integer}], ` +
    `"bones": [{"id": integer, "name": string, "from": integer, "to": integer}], "selection": [${SELECTION_ITEM}]}}`,
);

export function encodeState(state: MotionState): string {
  return JSON.stringify({ format: STATE_FORMAT, version: STATE_VERSION, state });
}

/** Parses and checks a state file's text; throws an Error naming the first problem. */
export function decodeState(text: string): MotionState {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`it is not valid JSON (${(error as Error).message})`);
  }
  const problem = validateValue(document, STATE_TYPE, 'file');
  if (problem) throw new Error(`${problem.path}: ${problem.message}`);
  const { version, state } = document as { version: number; state: MotionState };
  if (version !== STATE_VERSION) throw new Error(`it has format version ${version}; this server reads version ${STATE_VERSION}`);
  checkConsistency(state);
  return state;
}

/** The tree and id rules that the type cannot express. */
function checkConsistency(state: MotionState): void {
  const ids = new Set<number>();
  const claim = (id: number, what: string) => {
    if (id <= 0 || id >= state.nextId) throw new Error(`${what} has id ${id}, outside 1..nextId-1 (nextId ${state.nextId})`);
    if (ids.has(id)) throw new Error(`id ${id} is used twice (${what})`);
    ids.add(id);
  };
  for (const source of SKELETON_SOURCES) {
    for (const skeleton of state.skeletons[source]) {
      const where = `skeleton "${skeleton.name}" in ${source}`;
      claim(skeleton.id, where);
      const root = skeleton.segments[skeleton.rootId];
      if (!root || root.parentId !== null) throw new Error(`${where}: root segment ${skeleton.rootId} is missing or has a parent`);
      for (const [key, segment] of Object.entries(skeleton.segments)) {
        if (Number(key) !== segment.id) throw new Error(`${where}: segment keyed ${key} has id ${segment.id}`);
        claim(segment.id, `segment "${segment.name}" of ${where}`);
        for (const child of segment.children) {
          if (skeleton.segments[child]?.parentId !== segment.id) throw new Error(`${where}: segment ${segment.id} lists child ${child}, whose parent differs`);
        }
        if (segment.parentId !== null && !skeleton.segments[segment.parentId]?.children.includes(segment.id)) {
          throw new Error(`${where}: segment ${segment.id} is not among its parent's children`);
        }
      }
    }
  }
  for (const t of state.trajectories) claim(t.id, `trajectory "${t.label}"`);
  for (const b of state.bones) claim(b.id, `bone "${b.name}"`);
}
