import { findDocumentedOperation } from '../../api/catalogue';
import type { StateChange } from '../../api/state/state-diff';
import type { MadeCall } from './dry-run-gateway';

/**
 * Which line of the script made each change a dry run found. The diff compares two states, so it
 * cannot say; the calls the private server made can. A change is the last call's that named its
 * object (by the interface's own parameters: `source`, `skeleton_id`, `segment_id`, a trajectory's
 * `id`, `bone_id`, or the identifier an `add_…` answered) and could have made it: never a setter of
 * another field; for an object added, the call that added it; for one removed, the first call that
 * removed it.
 */
export function withCallers(changes: readonly StateChange[], made: readonly MadeCall[]): StateChange[] {
  const calls = made.map(readCall);
  const candidates = candidatesOf(calls);
  return changes.map((change) => {
    if (change.caller) return change;
    // A setter of another field never made it; a call that names the object and adds, removes or
    // fills may have (Head's endpoint goes when a segment is added under it).
    const naming = candidates(change).filter((call) => names(call, change) && couldChange(call, change));
    // An object added, then renamed, was added by the add_ call; a changed field is the last call's
    // that could change it (a segment added under Head after Head's endpoint was set took it).
    const adding = change.kind === 'changed' ? [] : naming.filter((call) => addsOrRemoves(call, change));
    // An object is removed once: by the first call that removed it (a clear_ after found it gone).
    const call =
      change.kind === 'removed' && adding.length > 0 ? adding[0] : (adding.length > 0 ? adding : naming).at(-1);
    // The last such call had no caller (the application's own, a tool's click): no line is named.
    return call?.caller ? { ...change, caller: call.caller } : change;
  });
}

/**
 * The calls that may name a change's object, in order: those holding one of its identifiers (an
 * argument, or what an `add_…` answered) and those holding none (`clear_…`, the selection, the
 * file). A long run's calls (a fill, sample by sample) are not all read once per change.
 */
function candidatesOf(calls: readonly ReadCall[]): (change: StateChange) => ReadCall[] {
  const byId = new Map<number, number[]>();
  const none: number[] = [];
  calls.forEach((call, i) => {
    const ids = new Set([...call.args.values(), call.added].filter((v): v is number => typeof v === 'number'));
    if (ids.size === 0) none.push(i);
    for (const id of ids) {
      const holding = byId.get(id);
      if (holding) holding.push(i);
      else byId.set(id, [i]);
    }
  });
  return ({ object }) => {
    const ids =
      object.type === 'skeleton'
        ? [object.skeletonId]
        : object.type === 'segment'
          ? [object.segmentId, object.skeletonId]
          : object.type === 'trajectory'
            ? [object.trajectoryId]
            : object.type === 'bone'
              ? [object.boneId]
              : undefined;
    if (!ids) return [...calls]; // the selection, the file: few changes, each looks at every call
    const at = new Set([...none, ...ids.flatMap((id) => byId.get(id) ?? [])]);
    return [...at].sort((a, b) => a - b).map((i) => calls[i]);
  };
}

/** A made call with its arguments by parameter name. */
interface ReadCall {
  module: string;
  name: string;
  caller?: string;
  args: Map<string, unknown>;
  /** The identifier an `add_…` call answered. */
  added?: number;
}

function readCall(call: MadeCall): ReadCall {
  const cut = call.operation.lastIndexOf('.');
  const [module, name] = [call.operation.slice(0, cut), call.operation.slice(cut + 1)];
  const parameters = findDocumentedOperation(module, name)?.parameters ?? [];
  const args = new Map(parameters.map((p, i) => [p.name, call.args[i]]));
  const added = name.startsWith('add_') && typeof call.answer === 'number' ? call.answer : undefined;
  return { module, name, caller: call.caller, args, ...(added === undefined ? {} : { added }) };
}

const SKELETON_MODULE = /\.skeleton$/;
const TRAJECTORY_MODULE = /^motion\.data\.(object\.trajectory|series\.)/;
/** The parameters that name a trajectory in the trajectory and series modules. */
const TRAJECTORY_PARAMETERS = ['id', 'id_from', 'id_to', 'id_1', 'id_2'];

/** Whether the call named the change's object. */
function names(call: ReadCall, change: StateChange): boolean {
  const { object } = change;
  const arg = (name: string) => call.args.get(name);
  const all = (verb: string) => call.name === verb && change.kind === 'removed';
  switch (object.type) {
    case 'skeleton':
      return (
        SKELETON_MODULE.test(call.module) &&
        arg('source') === object.source &&
        (arg('skeleton_id') === object.skeletonId ||
          (call.name === 'add_skeleton' && call.added === object.skeletonId) ||
          all('clear_skeletons'))
      );
    case 'segment':
      return (
        SKELETON_MODULE.test(call.module) &&
        arg('source') === object.source &&
        (arg('segment_id') === object.segmentId ||
          // A segment added under another changes it too (its endpoint goes: the child's start is its end).
          (call.name === 'add_segment' &&
            (call.added === object.segmentId ||
              (change.kind === 'changed' && arg('parent_id') === object.segmentId))) ||
          (arg('skeleton_id') === object.skeletonId && all('delete_skeleton')) ||
          all('clear_skeletons'))
      );
    case 'trajectory':
      return (
        TRAJECTORY_MODULE.test(call.module) &&
        (TRAJECTORY_PARAMETERS.some((p) => arg(p) === object.trajectoryId) ||
          (call.name === 'add_trajectory' && call.added === object.trajectoryId) ||
          all('clear_trajectories'))
      );
    case 'bone':
      return (
        call.module === 'motion.data.object.bone' &&
        (arg('bone_id') === object.boneId ||
          (call.name === 'add_bone' && call.added === object.boneId) ||
          all('clear_bones'))
      );
    case 'selection':
      return call.module === 'motion.gui.selection';
    case 'measurement':
      return call.module === 'motion.file';
    default:
      return false; // a tool's commands and menus are made inside the application, by no call of the script's
  }
}

/** The field a setter sets (`set_skeleton_scale`: `scale`); undefined for any other call. */
function fieldSet(call: ReadCall): string | undefined {
  return call.name.startsWith('set_') ? call.name.replace(/^set_(skeleton_|segment_|bone_)?/, '') : undefined;
}

/** Whether the call adds what was added, or removes what was removed. */
function addsOrRemoves(call: ReadCall, change: StateChange): boolean {
  return change.kind === 'added' ? call.name.startsWith('add_') : /^(delete|clear)_/.test(call.name);
}

/**
 * Whether the call could have made the change: a setter changes its own field alone; another call
 * (a fill, a segment added under this one) changes the samples and parts of a trajectory, or the
 * endpoint of the segment it adds under.
 */
function couldChange(call: ReadCall, change: StateChange): boolean {
  if (change.kind !== 'changed' || change.object.type === 'selection' || change.object.type === 'measurement')
    return true;
  const field = fieldSet(call);
  if (field !== undefined && !TRAJECTORY_MODULE.test(call.module)) return field === change.field;
  if (change.object.type === 'trajectory')
    return ['label', 'color', 'is_discarded'].includes(field ?? '')
      ? field === change.field
      : change.field === 'samples' || change.field === 'parts';
  return change.field === 'endpoint';
}
