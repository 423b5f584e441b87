import type { MotionClient } from '../../api/client/motion-client';

/**
 * How to take one change back. `check` says what would stop it (the thing changed is gone, or was
 * changed again since); `caveat` says, before undoing, where the interface cannot restore exactly.
 */
export interface Undo {
  readonly caveat?: string;
  check(client: MotionClient): Promise<string | undefined>;
  run(client: MotionClient): Promise<void>;
}

/** What an edit tells the history: the user's words for it, and its undo. */
export interface ChangeRecord {
  /** "Set the scale of FullBody to 2.5". */
  readonly description: string;
  /** "Project settings › FullBody". */
  readonly where: string;
  readonly undo: Undo;
}

export interface Change extends ChangeRecord {
  readonly id: number;
  readonly when: Date;
  /** The application it was made on (see ChangeHistory): undone only there. */
  readonly application: string;
}

/** The most changes kept per application: older ones can no longer be undone. */
export const HISTORY_LIMIT = 100;

/**
 * Every change the extension made to an application, newest last, kept per application so that a
 * change made on one is never "undone" on another. No `vscode` import.
 */
export class ChangeHistory {
  private readonly changes: Change[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  record(application: string, record: ChangeRecord, when = new Date()): Change {
    const change: Change = { ...record, id: this.nextId++, when, application };
    this.changes.push(change);
    const mine = this.changes.filter((c) => c.application === application);
    if (mine.length > HISTORY_LIMIT) this.changes.splice(this.changes.indexOf(mine[0]), 1);
    this.fire();
    return change;
  }

  /** The changes made on an application, newest first. */
  list(application: string): Change[] {
    return this.changes.filter((c) => c.application === application).reverse();
  }

  /** The changes to undo, newest first, to take the application back to before `change`. */
  backTo(application: string, changeId: number): Change[] {
    const list = this.list(application);
    // Not found: -1, so nothing.
    return list.slice(0, list.findIndex((c) => c.id === changeId) + 1);
  }

  /**
   * Undoes changes newest first, each checked just before it runs. Stops at the first one that
   * cannot be undone or fails; what was undone before that leaves the history.
   */
  async undo(
    client: MotionClient,
    changes: Change[],
  ): Promise<{ undone: Change[]; failed?: { change: Change; reason: string } }> {
    const undone: Change[] = [];
    for (const change of changes) {
      const mine = this.list(change.application);
      if (!mine.includes(change))
        return { undone, failed: { change, reason: 'it is no longer in the history (undone already, or too old)' } };
      if (mine[0] !== change) return { undone, failed: { change, reason: 'a later change must be undone first' } };
      let reason = await change.undo.check(client).catch((error: Error) => error.message);
      if (!reason) {
        reason = await change.undo.run(client).then(
          () => undefined,
          (error: Error) => error.message,
        );
      }
      if (reason) return { undone, failed: { change, reason } };
      this.changes.splice(this.changes.indexOf(change), 1);
      undone.push(change);
      this.fire();
    }
    return { undone };
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private fire(): void {
    for (const listener of this.listeners) listener();
  }
}

/** "just now", "5 min ago", "2 h ago", else the date: when a change was made, for the history list. */
export function describeWhen(when: Date, now = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - when.getTime()) / 1000));
  const clock = when.toTimeString().slice(0, 8);
  if (seconds < 60) return `just now (${clock})`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago (${clock})`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago (${clock})`;
  // The local date, as the clock is local (an ISO date is UTC's, a day off near midnight).
  const day = [when.getFullYear(), when.getMonth() + 1, when.getDate()].map((n) => String(n).padStart(2, '0'));
  return `${day.join('-')} ${clock}`;
}

/** What undoing these changes will do, for the confirmation: the list, and every caveat. */
export function describeUndo(changes: Change[]): { message: string; detail: string } {
  const message =
    changes.length === 1
      ? `Undo: ${changes[0].description}?`
      : `Undo the last ${changes.length} changes, back to: ${changes[changes.length - 1].description}?`;
  const lines = changes.map((c) => `• ${c.description} — ${c.where}`);
  const caveats = changes.flatMap((c) => (c.undo.caveat ? [c.undo.caveat] : []));
  return { message, detail: [...lines, ...(caveats.length ? ['', ...caveats] : [])].join('\n') };
}
