import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private server's folder, or a test run's reports: `motion-private-PID-…`, `motion-test-PID-…`, PID the process that made it. */
const PRIVATE_FOLDER = /^motion-(?:private|test)-(\d+)-/;

/** Whether a process of that id runs (EPERM: it does, someone else's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let swept: Promise<void> | undefined;

/**
 * The folders of private servers (and test runs' reports) whose process is gone (killed hard, a power cut): removed, once a
 * process, before its first private server starts. A folder of a process that still runs is its
 * own and is left alone.
 */
export function removeOrphanedPrivateFolders(folder = tmpdir()): Promise<void> {
  return (swept ??= sweep(folder));
}

/** The sweep itself, each time asked (tests). */
export async function sweep(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const owner = PRIVATE_FOLDER.exec(name);
    if (owner && Number(owner[1]) !== process.pid && !running(Number(owner[1])))
      await rm(join(folder, name), { recursive: true, force: true }).catch(() => undefined);
  }
}
