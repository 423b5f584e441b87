import { open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { MotionState } from '../model/records';
import { StateLock } from './state-lock';
import { decodeState, encodeState } from './state-format';

/**
 * A JSON state file with durable, atomic writes: temp file, fsync, rename, directory fsync.
 * Changes that arrive while a write is under way share the next write (group commit).
 */
export class StateFile {
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  private constructor(
    readonly path: string,
    private readonly lock: StateLock,
    private readonly current: () => MotionState,
  ) {}

  /** Locks and reads the file, creating it from `initial` when missing. A corrupt file is an error, never replaced. */
  static async open(path: string, initial: () => MotionState, current: () => MotionState): Promise<{ file: StateFile; state: MotionState; created: boolean }> {
    const lock = StateLock.acquire(path);
    try {
      let text: string | undefined;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      let state: MotionState;
      if (text === undefined) state = initial();
      else {
        try {
          state = decodeState(text);
        } catch (error) {
          throw new Error(`state file ${path} is corrupt: ${(error as Error).message}. It was left as it is; repair it, or move it away to start afresh.`);
        }
      }
      const file = new StateFile(path, lock, current);
      if (text === undefined) await writeDurably(path, encodeState(state));
      return { file, state, created: text === undefined };
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /** Resolves once the state as it is now is on disk. */
  save(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.writing) return this.startWrite();
    this.queued = this.writing.then(
      () => this.startWrite(),
      () => this.startWrite(),
    );
    return this.queued;
  }

  async close(): Promise<void> {
    await (this.queued ?? this.writing)?.catch(() => undefined);
    this.lock.release();
  }

  private startWrite(): Promise<void> {
    this.queued = null;
    const text = encodeState(this.current());
    this.writing = writeDurably(this.path, text).finally(() => {
      this.writing = null;
    });
    return this.writing;
  }
}

async function writeDurably(path: string, text: string): Promise<void> {
  const temp = `${path}.tmp-${process.pid}`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  const dir = await open(dirname(path), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
