import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * One server per state file: `<file>.lock` holds the owner's pid. A lock whose process is gone
 * (a crash, SIGKILL) is stale and taken over at once; a pid check is exact on one machine, where
 * mtime-based locks would make a restart after a crash wait out a staleness period.
 */
export class StateLock {
  private constructor(
    private readonly path: string,
    private readonly stateFile: string,
  ) {}

  static acquire(stateFile: string): StateLock {
    const path = `${stateFile}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return new StateLock(path, stateFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(readFileSync(path, 'utf8').trim());
        if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
          throw new Error(
            `state file ${stateFile} is in use by another motion-server (pid ${owner}); stop it or use another --state file`,
            { cause: error },
          );
        }
        unlinkSync(path);
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
      owner = Number(readFileSync(this.path, 'utf8').trim());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      try {
        StateLock.acquire(this.stateFile);
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
      unlinkSync(this.path);
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
