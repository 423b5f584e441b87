import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** The file-system calls the lock makes (replaceable, so that a test can stage another server's moves between them). */
export interface LockCalls {
  openSync: typeof openSync;
  writeSync: (fd: number, text: string) => unknown;
  closeSync: typeof closeSync;
  readFileSync: (path: string, encoding: 'utf8') => string;
  unlinkSync: typeof unlinkSync;
}

const NODE_FS: LockCalls = { openSync, writeSync, closeSync, readFileSync, unlinkSync };

/**
 * One server per state file: `<file>.lock` holds the owner's pid. A lock whose process is gone
 * (a crash, SIGKILL) is stale and taken over at once; a pid check is exact on one machine, where
 * mtime-based locks would make a restart after a crash wait out a staleness period.
 */
export class StateLock {
  private constructor(
    private readonly path: string,
    private readonly stateFile: string,
    private readonly fs: LockCalls,
  ) {}

  /**
   * Takes the lock, taking over a stale one; twice at most, since a lock that keeps coming back
   * between our unlink and open is another server starting at the same moment.
   */
  static acquire(stateFile: string, fs: LockCalls = NODE_FS): StateLock {
    const path = `${stateFile}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = fs.openSync(path, 'wx');
        fs.writeSync(fd, String(process.pid));
        fs.closeSync(fd);
        return new StateLock(path, stateFile, fs);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(fs.readFileSync(path, 'utf8').trim());
        if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
          throw new Error(
            `state file ${stateFile} is in use by another motion-server (pid ${owner}); stop it or use another --state file`,
            { cause: error },
          );
        }
        fs.unlinkSync(path);
      }
    }
    throw new Error(`could not lock state file ${stateFile}`);
  }

  /**
   * Before each write: is the lock still this server's? Its file can vanish with the state directory
   * (removed and created again): then it is taken again if nobody else has, and the write is refused
   * if another server has, so that two servers never write one file.
   */
  verify(): void {
    let owner: number;
    try {
      owner = Number(this.fs.readFileSync(this.path, 'utf8').trim());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      try {
        StateLock.acquire(this.stateFile, this.fs);
        return;
      } catch (again) {
        if ((again as NodeJS.ErrnoException).code === 'ENOENT')
          throw new Error(`the directory of ${this.stateFile} is gone`, { cause: again });
        throw again;
      }
    }
    if (owner !== process.pid)
      throw new Error(
        `another motion-server (pid ${owner}) has taken over ${this.stateFile}; this one no longer writes it`,
      );
  }

  release(): void {
    try {
      this.fs.unlinkSync(this.path);
    } catch {
      // already gone
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
