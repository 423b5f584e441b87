import {
  DEGREES_OF_FREEDOM,
  MARKER,
  RIGID_BODY,
  SELECTION_ITEM,
  TRAJECTORY_PART,
} from '../../../src/api/catalogue/type-strings';
import { parseType } from '../../../src/api/types/parse-type';
import { validateValue } from '../../../src/api/types/validate';
import { LIMITS } from '../../../src/api/catalogue/limits';
import { checkSettings } from '../settings/check-settings';
import { DEMO_FRAMES } from '../model/demo-data';
import { SKELETON_SOURCES, type MotionState } from '../model/records';
import { STATE_FORMAT, STATE_VERSION } from '../../../src/api/state/state-document';
import { isColour, WHITE } from '../operations/data-object-handlers';
import {
  checkCount,
  checkName,
  checkNamedWeighted,
  checkScale,
  completeDegreesOfFreedom,
} from '../operations/skeleton-rules';

const SEGMENT =
  `{"id": integer, "name": string, "parentId": integer?, "children": [integer], "solver": "none"|"global_optimization"?, ` +
  `"transform": mat4x4f, "defaultTransform": mat4x4f, "degreesOfFreedom": ${DEGREES_OF_FREEDOM}, "endpoint": vec3f?, ` +
  `"markers": [${MARKER}], "rigidBodies": [${RIGID_BODY}]}`;
const SKELETON = `{"id": integer, "name": string, "scale": float, "rootId": integer, "segments": {string: ${SEGMENT}}}`;
const stateType = (trajectory: string, bone: string) =>
  parseType(
    `{"format": "${STATE_FORMAT}", "version": integer, "state": {"nextId": integer, ` +
      `"skeletons": {"project": [${SKELETON}], "measurement": [${SKELETON}], "data": [${SKELETON}]}, ` +
      `"trajectories": [${trajectory}], "bones": [${bone}], "selection": [${SELECTION_ITEM}], "lacking": [string]?, ` +
      `"measurement": {"demo": bool?, "path": string?, "dirty": bool?}?, "scripts": [string]?}, ` +
      `"snapshot": {"application": {"major": integer, "minor": integer, "build": integer}, "url": string, "taken_at": string}?}`,
  );
const STATE_TYPE = stateType(
  `{"id": integer, "label": string?, "parts": [${TRAJECTORY_PART}], "color": integer?, "discarded": bool?}`,
  '{"id": integer, "from": integer, "to": integer, "color": integer}',
);
const STATE_TYPE_1 = stateType(
  '{"id": integer, "label": string, "parts": integer}',
  '{"id": integer, "name": string, "from": integer, "to": integer}',
);
/** Version 1 recorded no frames: its parts are spread over the demo measurement's, as the demo's are now. */
const FRAMES_1 = DEMO_FRAMES;

/** A version-1 state as version 2: n parts become n measured frame ranges with gaps of one frame. */
function upgradeFrom1(state: Record<string, unknown>): MotionState {
  const old = state as unknown as {
    trajectories: { id: number; label: string; parts: number }[];
    bones: { id: number; from: number; to: number }[];
  };
  const frames = FRAMES_1.end - FRAMES_1.start + 1;
  return {
    ...(state as unknown as MotionState),
    trajectories: old.trajectories.map(({ id, label, parts }) => ({
      id,
      label,
      parts: Array.from({ length: parts }, (_, k) => ({
        range: {
          start: FRAMES_1.start + Math.floor((k * frames) / parts),
          end: FRAMES_1.start + Math.floor(((k + 1) * frames) / parts) - (k === parts - 1 ? 1 : 2),
        },
        type: 'measured',
      })),
    })),
    bones: old.bones.map(({ id, from, to }) => ({ id, from, to, color: WHITE })),
  };
}

/** Parses and checks a state file's text; throws an Error naming the first problem. */
export function decodeState(text: string): MotionState {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`it is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  // A snapshot's recorded answers (motion snapshot --record) are for whoever replays them, not state.
  if (document && typeof document === 'object') delete (document as { recorded?: unknown }).recorded;
  // The settings modules' values are a tree the type grammar cannot say: checked on their own.
  const inner = (document as { state?: unknown } | null)?.state;
  const settings = inner && typeof inner === 'object' ? (inner as { settings?: unknown }).settings : undefined;
  if (settings !== undefined) delete (inner as { settings?: unknown }).settings;
  const version = (document as { version?: unknown } | null)?.version;
  const problem = validateValue(document, version === 1 ? STATE_TYPE_1 : STATE_TYPE, 'file');
  if (problem) throw new Error(`${problem.path}: ${problem.message}`);
  if (version !== 1 && version !== STATE_VERSION)
    throw new Error(`it has format version ${String(version)}; this server reads versions 1 and ${STATE_VERSION}`);
  const { state } = document as { state: MotionState };
  if (settings !== undefined) state.settings = checkSettings(settings);
  const current = version === 1 ? upgradeFrom1(state as unknown as Record<string, unknown>) : state;
  checkConsistency(current);
  return current;
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
      if (!trajectories.has(end)) throw new Error(`bone ${b.id} joins trajectory ${end}, which does not exist`);
    if (b.from === b.to) throw new Error(`bone ${b.id} joins trajectory ${b.from} to itself`);
    if (!isColour(b.color)) throw new Error(`bone ${b.id} has colour ${b.color}, outside 0..0xFFFFFF`);
  }
  const pairs = new Set<string>();
  for (const b of state.bones) {
    const pair = [b.from, b.to].sort((x, y) => x - y).join('-');
    if (pairs.has(pair))
      throw new Error(`bone ${b.id} joins trajectories ${pair} again; two trajectories have at most one bone`);
    pairs.add(pair);
  }
  for (const t of state.trajectories) {
    t.parts.forEach(({ range }, i) => {
      const previous = t.parts[i - 1]?.range.end ?? -1;
      if (range.start > range.end || range.start <= previous)
        throw new Error(
          `trajectory ${t.id}: part ${i} (frames ${range.start}..${range.end}) is empty or overlaps the part before; parts are ordered frame ranges`,
        );
    });
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
    if (item.part_index !== null && (item.part_index < 0 || item.part_index >= trajectory.parts.length))
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
  for (const t of state.trajectories)
    claim(t.id, t.label === null ? 'an unidentified trajectory' : `trajectory "${t.label}"`);
  for (const b of state.bones) claim(b.id, `the bone joining trajectories ${b.from} and ${b.to}`);
  // After the tree checks: the rules below walk the tree.
  for (const source of SKELETON_SOURCES) {
    const names = new Set<string>();
    for (const skeleton of state.skeletons[source])
      checkSkeletonRules(skeleton, `skeleton "${skeleton.name}" in ${source}`, names);
  }
  checkDataObjects(state);
}
