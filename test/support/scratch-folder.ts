import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A scratch folder for the calling describe: made before each test (or once before all of them,
 * `per: 'suite'`) under the system's temporary folder, and removed after, whatever happened. Read
 * `path` inside tests and hooks.
 */
export function scratchFolder(prefix: string, { per = 'test' }: { per?: 'test' | 'suite' } = {}): { path: string } {
  const folder = { path: '' };
  const make = () => void (folder.path = mkdtempSync(join(tmpdir(), prefix)));
  const remove = () => rmSync(folder.path, { recursive: true, force: true });
  if (per === 'suite') {
    before(make);
    after(remove);
  } else {
    beforeEach(make);
    afterEach(remove);
  }
  return folder;
}
