import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface ScratchOptions {
  /** Once for the whole describe ('suite'), or afresh for each test ('test', the default). */
  per?: 'test' | 'suite';
  /**
   * What writes in the folder (a server, a session), stopped before the folder is removed: a
   * hook of the caller's own would run after the removal, since mocha runs hooks in their order.
   */
  stopFirst?: () => unknown;
}

/**
 * A scratch folder for the calling describe: made before each test (or once before all of them,
 * `per: 'suite'`) under the system's temporary folder, and removed after, whatever happened. Read
 * `path` inside tests and hooks.
 */
export function scratchFolder(prefix: string, { per = 'test', stopFirst }: ScratchOptions = {}): { path: string } {
  const folder = { path: '' };
  const make = () => void (folder.path = mkdtempSync(join(tmpdir(), prefix)));
  const remove = async () => {
    try {
      await stopFirst?.();
    } finally {
      rmSync(folder.path, { recursive: true, force: true });
    }
  };
  if (per === 'suite') {
    before(make);
    after(remove);
  } else {
    beforeEach(make);
    afterEach(remove);
  }
  return folder;
}
