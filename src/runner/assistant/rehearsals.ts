import { randomUUID } from 'node:crypto';
import type { MotionClient } from '../../api/client/motion-client';
import type { MotionState } from '../../api/state/motion-state';
import { readSnapshot } from '../../api/state/read-snapshot';
import { changeLine, diffStates, type StateChange } from '../../api/state/state-diff';
import type { ScriptLanguage } from '../../api/text/uses-motion';
import { ToolRefusal } from './tool-answer';

/** A dry run an assistant made: what ran, from what, and what it would change. */
export interface Rehearsal {
  id: string;
  script: { path: string; code: string; language: ScriptLanguage; args: string[] };
  /** The script as the answers name it: its path relative to the folder, or "the given code". */
  label: string;
  /** The dry run started from the application as it was (only such a run may be applied), or from a snapshot file. */
  startedFrom: { application: string } | { snapshot: string };
  /** Whether the script was read from its file (and must still read the same to be applied). */
  fromFile: boolean;
  ok: boolean;
  before: MotionState;
  after: MotionState;
  changes: StateChange[];
}

/** The most dry runs kept for apply: an assistant applies the one it just showed, not one from long ago. */
const KEPT = 20;

/** The dry runs of one conversation (one `motion mcp`, one VS Code window), newest kept. */
export class Rehearsals {
  private readonly kept = new Map<string, Rehearsal>();

  add(rehearsal: Omit<Rehearsal, 'id'>): Rehearsal {
    const kept = { ...rehearsal, id: randomUUID().slice(0, 8) };
    this.kept.set(kept.id, kept);
    for (const id of this.kept.keys()) if (this.kept.size > KEPT) this.kept.delete(id);
    return kept;
  }

  get(id: string): Rehearsal | undefined {
    return this.kept.get(id);
  }
}

/**
 * The rehearsal an apply names, when it may run for real: it started from the application (not a
 * snapshot file), it finished and would change something, its script still reads the same, and the
 * application is still in the state the dry run started from (else what the assistant showed is
 * not what would happen). Returns the application's state now; refuses saying why and what to do.
 */
export async function readyToApply(
  rehearsals: Rehearsals,
  id: string,
  client: MotionClient,
  readScript: (path: string) => Promise<string>,
): Promise<{ rehearsal: Rehearsal; now: MotionState }> {
  const rehearsal = rehearsals.get(id);
  const again = 'Dry-run the script again (motion_dry_run_script) and apply the dryRunId it gives.';
  if (!rehearsal)
    throw new ToolRefusal(`No dry run "${id}" was made here (or it is one of more than ${KEPT} ago). ${again}`);
  if ('snapshot' in rehearsal.startedFrom)
    throw new ToolRefusal(
      `The dry run ${id} started from the snapshot ${rehearsal.startedFrom.snapshot}, not from the application: what it showed is not what the application would do. Dry-run the script without a snapshot, then apply that run.`,
    );
  if (!rehearsal.ok)
    throw new ToolRefusal(
      `The dry run ${id} of ${rehearsal.label} stopped with an error: a script that raises is not applied. Fix it and dry-run it again.`,
    );
  if (rehearsal.changes.length === 0)
    throw new ToolRefusal(
      `The dry run ${id} of ${rehearsal.label} found no change to make: there is nothing to apply.`,
    );
  if (rehearsal.fromFile && (await readScript(rehearsal.script.path).catch(() => undefined)) !== rehearsal.script.code)
    throw new ToolRefusal(`${rehearsal.label} changed (or is gone) since the dry run ${id}. ${again}`);
  const now = (await readSnapshot(client)).state;
  const since = diffStates(rehearsal.before, now);
  if (since.length > 0)
    throw new ToolRefusal(
      `The application is not in the state the dry run ${id} started from (${changeLine(since[0])}${since.length > 1 ? ` and ${since.length - 1} more` : ''}). ${again}`,
    );
  return { rehearsal, now };
}
