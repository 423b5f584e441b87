import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, readFile, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { MotionState } from '../model/records';
import { StateLock } from './state-lock';
import { decodeState } from './state-format';
import { encodeState } from '../../../src/api/state/state-document';
import { replaceFile } from '../../../src/api/files/replace-file';
import { decodeUserText } from '../../../src/api/files/user-text';

/** Owner read and write only: the state is the user's calibration work. */
const STATE_MODE = 0o600;

/**
 * A JSON state file with durable, atomic writes: a temp file created exclusively (never through a
 * link, with an unpredictable name, mode 0600), fsync, rename, directory fsync. A state file given
 * as a symbolic link is resolved once at start: the link's target is the state file.
 */
export class StateFile {
  private constructor(
    readonly path: string,
    private readonly lock: StateLock,
  ) {}

  /** Locks and reads the file, creating it from `initial` when missing. A corrupt file is an error, never replaced. */
  static async open(
    given: string,
    initial: () => MotionState,
  ): Promise<{ file: StateFile; state: MotionState; created: boolean }> {
    const path = await resolveStatePath(given);
    const lock = StateLock.acquire(path);
    try {
      let text: string | undefined;
      try {
        const info = await stat(path);
        // Another name for the same file would let a second server write it unlocked.
        if (info.nlink > 1)
          throw new Error(
            `state file ${path} has ${info.nlink} hard links: one server per file needs a file with one name; copy it instead`,
          );
        text = decodeUserText(await readFile(path), path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      let state: MotionState;
      if (text === undefined) state = initial();
      else {
        try {
          state = decodeState(text);
        } catch (error) {
          throw new Error(
            `state file ${path} is corrupt: ${(error as Error).message}. It was left as it is; repair it, or move it away to start afresh.`,
            { cause: error },
          );
        }
      }
      const file = new StateFile(path, lock);
      if (text === undefined) await file.write(encodeState(state));
      return { file, state, created: text === undefined };
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /** Writes the whole state durably; first checks that this server still holds the file's lock. */
  async write(text: string): Promise<void> {
    this.lock.verify();
    await writeDurably(this.path, text);
  }

  async close(): Promise<void> {
    this.lock.release();
  }
}

/** The real path of the state file: a symbolic link is followed once, here, and never again. */
async function resolveStatePath(given: string): Promise<string> {
  try {
    if ((await lstat(given)).isSymbolicLink()) return await realpath(given);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // The file may not exist yet; its directory may still be reached through links.
  try {
    return join(await realpath(dirname(given)), basename(given));
  } catch {
    return given;
  }
}

/** The file-system calls a durable write makes (replaceable, so that a test can see their order). */
export interface DurableWriteCalls {
  open: typeof open;
  rename: typeof rename;
  unlink: typeof unlink;
}

const NODE_FS: DurableWriteCalls = { open, rename, unlink };

/**
 * Write, fsync, rename, directory fsync: the order that makes a write all or nothing across a crash.
 * Windows has no fsync of a directory (it refuses one with EPERM): there NTFS's journal keeps the
 * rename, and a rename refused while another program holds the file is tried again.
 */
export async function writeDurably(
  path: string,
  text: string,
  fs: DurableWriteCalls = NODE_FS,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  const temp = `${path}.tmp-${randomBytes(8).toString('hex')}`;
  // O_EXCL with O_NOFOLLOW: a planted file or link at the temp name is refused, never written through.
  const handle = await fs.open(
    temp,
    constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW,
    STATE_MODE,
  );
  try {
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await replaceFile(temp, path, { platform, rename: fs.rename });
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
  if (platform === 'win32') return;
  const dir = await fs.open(dirname(path), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
