import { dirname, join, resolve } from 'node:path';
import { SnapshotRefused } from '../dry-run/private-server';
import { ScriptTestError, type ScriptTest } from './script-test';
import { readUserText } from '../../api/files/user-text';

/**
 * A test file names what its tests start from with a comment of its own, the same in both
 * languages: `# motion-snapshot: fixtures/stage.motion.json` (Python) or `-- motion-snapshot: …`
 * (Lua), relative to the file. It wins over the run's snapshot (--snapshot, motion.tests.snapshot).
 */
const NAMED = /^[ \t]*(?:#|--)[ \t]*motion-snapshot:[ \t]*(\S(?:.*\S)?)[ \t]*$/m;

/** The snapshot a test file names, relative to the folder the tests run in; undefined when it names none. */
export function namedSnapshot(file: string, text: string): string | undefined {
  const named = NAMED.exec(text)?.[1];
  return named === undefined ? undefined : join(dirname(file), named).split('\\').join('/');
}

/** The state file's text a test starts from: its file's named snapshot, else the run's (undefined: the demo data). */
export async function snapshotFor(test: ScriptTest, cwd: string, run: string | undefined): Promise<string | undefined> {
  if (test.snapshot === undefined) return run;
  return readUserText(resolve(cwd, test.snapshot)).catch((error: NodeJS.ErrnoException) => {
    throw new ScriptTestError(
      `${test.file} names the snapshot ${test.snapshot}, which cannot be read (${error.code ?? error.message})`,
    );
  });
}

/** The error of a snapshot that cannot be read or served (corrupt, hand-edited, another format, a broken recording). */
export function refusedSnapshot(error: unknown): boolean {
  return error instanceof SnapshotRefused || error instanceof ScriptTestError;
}
