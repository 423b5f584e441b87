import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { debugpyStatus } from '../../src/runner/debug/debugpy-check';
import { scratchFolder } from '../support/scratch-folder';

/** An interpreter as users have them: a wrapper script around python3 that prints lines of its own. */
function wrapper(dir: string, name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('asking an interpreter whether it can debug', function () {
  this.timeout(30_000);
  const scratch = scratchFolder('motion-probe-', { per: 'suite' });

  it('finds its answer among lines the interpreter prints before it and after it', async () => {
    const chatty = wrapper(
      scratch.path,
      'chatty-python',
      'echo "Activating the studio environment"\necho "{\\"not\\": \\"the probe\\"}"\n/usr/bin/python3 "$@"\necho "bye"',
    );
    const status = await debugpyStatus(chatty);
    assert.equal(status.problem, undefined);
    assert.equal(status.executable, '/usr/bin/python3', 'the interpreter’s own path, not the wrapper’s');
    assert.equal(typeof status.installed, 'boolean');
  });

  it('an interpreter that does not answer as Python does is named, with what it printed', async () => {
    const silent = wrapper(scratch.path, 'not-python', 'echo "usage: not-python"');
    const status = await debugpyStatus(silent);
    assert.equal(status.installed, false);
    assert.equal(status.problem, `"${silent}" did not answer as Python does (it printed: "usage: not-python")`);
    assert.equal(status.installCommand, `${silent} -m pip install debugpy`);
  });
});
