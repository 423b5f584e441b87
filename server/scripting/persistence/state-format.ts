import { DEGREES_OF_FREEDOM, MARKER, RIGID_BODY, SELECTION_ITEM } from '../../../src/api/catalogue/type-strings';
import { parseType } from '../../../src/api/types/parse-type';
import { validateValue } from '../../../src/api/types/validate';
import { LIMITS } from '../../../src/api/catalogue/limits';
import { SKELETON_SOURCES, type MotionState } from '../model/records';
import {
  checkCount,
  checkName,
  checkNamedWeighted,
  checkScale,
  completeDegreesOfFreedom,
} from '../operations/skeleton-rules';

/** The state file: `{"format": "motion-server-state", "version": 1, "state": {...}}`. */
const STATE_FORMAT = 'motion-server-state';
const STATE_VERSION = 1;

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
    throw new Error(`it is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const problem = validateValue(document, STATE_TYPE, 'file');
  if (problem) throw new Error(`${problem.path}: ${problem.message}`);
  const { version, state } = document as { version: number; state: MotionState };
  if (version !== STATE_VERSION)
    throw new Error(`it has format version ${version}; this server reads version ${STATE_VERSION}`);
  checkConsistency(state);
  return state;
}

/** Runs a rule of the model on loaded data, naming where it was broken. */
function rule(where: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
  }
}

/** The model's rules on a loaded skeleton: what a call could never have made. */
function checkSkeletonRules(
  skeleton: MotionState['skeletons']['project'][number],
  where: string,
  names: Set<string>,
): void {
  rule(where, () => checkName(skeleton.name));
  if (names.has(skeleton.name))
    throw new Error(`${where}: the name appears twice in that source; skeleton names are unique`);
  names.add(skeleton.name);
  rule(where, () => checkScale(skeleton.scale));
  const segments = Object.values(skeleton.segments);
  rule(where, () => checkCount(segments.length, LIMITS.segmentsPerSkeleton, 'segments', 'segments in the skeleton'));
  if (skeleton.segments[skeleton.rootId]?.solver === null)
    throw new Error(`${where}: the root segment has no solver; the root must keep one`);
  const segmentNames = new Set<string>();
  for (const segment of segments) {
    const at = `${where}, segment "${segment.name}" (${segment.id})`;
    rule(at, () => checkName(segment.name));
    if (segmentNames.has(segment.name))
      throw new Error(`${at}: the name appears twice in the skeleton; segment names are unique within a skeleton`);
    segmentNames.add(segment.name);
    if (segment.children.length > 0 && segment.endpoint !== null)
      throw new Error(`${at}: it has children and an endpoint; only a leaf has an endpoint`);
    rule(at, () => checkNamedWeighted(segment.markers, 'markers'));
    rule(at, () => checkNamedWeighted(segment.rigidBodies, 'rigid_bodies'));
    rule(at, () => completeDegreesOfFreedom(structuredClone(segment.degreesOfFreedom), skeleton, segment.name));
  }
}

/** Bones join existing trajectories; the selection points at existing objects, one type at a time. */
function checkDataObjects(state: MotionState): void {
  const trajectories = new Map(state.trajectories.map((t) => [t.id, t]));
  const bones = new Set(state.bones.map((b) => b.id));
  for (const b of state.bones) {
    for (const end of [b.from, b.to])
      if (!trajectories.has(end))
        throw new Error(`bone "${b.name}" (${b.id}) joins trajectory ${end}, which does not exist`);
  }
  const types = new Set(state.selection.map((item) => item.type));
  if (types.size > 1) throw new Error('the selection mixes trajectories and bones; one type is selected at a time');
  state.selection.forEach((item, i) => {
    const where = `selection[${i}]`;
    if (item.type === 'bone') {
      if (!bones.has(item.id)) throw new Error(`${where} points at bone ${item.id}, which does not exist`);
      if (item.part_index !== null) throw new Error(`${where}: a bone has no parts (part_index must be null)`);
      return;
    }
    const trajectory = trajectories.get(item.id);
    if (!trajectory) throw new Error(`${where} points at trajectory ${item.id}, which does not exist`);
    if (item.part_index !== null && (item.part_index < 0 || item.part_index >= trajectory.parts))
      throw new Error(`${where}: trajectory ${item.id} has no part ${item.part_index}`);
  });
}

/** The tree and id rules that the type cannot express, and every rule of the model a call enforces. */
function checkConsistency(state: MotionState): void {
  const ids = new Set<number>();
  const claim = (id: number, what: string) => {
    if (id <= 0 || id >= state.nextId)
      throw new Error(`${what} has id ${id}, outside 1..nextId-1 (nextId ${state.nextId})`);
    if (ids.has(id)) throw new Error(`id ${id} is used twice (${what})`);
    ids.add(id);
  };
  for (const source of SKELETON_SOURCES) {
    if (state.skeletons[source].length > LIMITS.skeletonsPerSource)
      throw new Error(
        `${source} has ${state.skeletons[source].length} skeletons; at most ${LIMITS.skeletonsPerSource} are allowed`,
      );
    for (const skeleton of state.skeletons[source]) {
      const where = `skeleton "${skeleton.name}" in ${source}`;
      claim(skeleton.id, where);
      const root = skeleton.segments[skeleton.rootId];
      if (!root || root.parentId !== null)
        throw new Error(`${where}: root segment ${skeleton.rootId} is missing or has a parent`);
      for (const [key, segment] of Object.entries(skeleton.segments)) {
        if (Number(key) !== segment.id) throw new Error(`${where}: segment keyed ${key} has id ${segment.id}`);
        claim(segment.id, `segment "${segment.name}" of ${where}`);
        for (const child of segment.children) {
          if (skeleton.segments[child]?.parentId !== segment.id)
            throw new Error(`${where}: segment ${segment.id} lists child ${child}, whose parent differs`);
        }
        if (segment.parentId !== null && !skeleton.segments[segment.parentId]?.children.includes(segment.id)) {
          throw new Error(`${where}: segment ${segment.id} is not among its parent's children`);
        }
      }
    }
  }
  for (const t of state.trajectories) claim(t.id, `trajectory "${t.label}"`);
  for (const b of state.bones) claim(b.id, `bone "${b.name}"`);
  // After the tree checks: the rules below walk the tree.
  for (const source of SKELETON_SOURCES) {
    const names = new Set<string>();
    for (const skeleton of state.skeletons[source])
      checkSkeletonRules(skeleton, `skeleton "${skeleton.name}" in ${source}`, names);
  }
  checkDataObjects(state);
}
