import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchFolder } from '../support/scratch-folder';
import { waitFor } from '../support/wait-for';

describe('a debug adapter served on stdio (node dist/python-debug-adapter.js)', function () {
  this.timeout(20_000);
  let interpreter = 0;
  // Left running only when the test failed.
  const scratch = scratchFolder('motion-stdio-', { stopFirst: () => interpreter > 0 && killQuietly(interpreter) });

  it('ends, and ends what it started, when its input ends', async () => {
    const dir = scratch.path;
    // An "interpreter" that runs until it is stopped: only the end of input ends the relay.
    const lasting = join(dir, 'python');
    writeFileSync(lasting, `#!/bin/sh\necho $$ > ${join(dir, 'pid')}\nexec sleep 600\n`);
    chmodSync(lasting, 0o755);
    const relay = spawn(process.execPath, ['dist/python-debug-adapter.js', lasting], { stdio: 'pipe' });
    const ended = new Promise<number | null>((resolve) => relay.once('exit', resolve));
    // Read once whole: the shell creates the file before it writes the number.
    const pidFile = join(dir, 'pid');
    await waitFor(() => existsSync(pidFile) && /^\d+\n$/.test(readFileSync(pidFile, 'utf8')), 'the interpreter');
    interpreter = Number(readFileSync(pidFile, 'utf8'));
    relay.stdin.end();
    const code = await Promise.race([
      ended,
      new Promise((resolve) => setTimeout(() => resolve('running'), 5_000).unref()),
    ]);
    if (code === 'running') relay.kill('SIGKILL');
    assert.equal(code, 0);
    await waitFor(() => !running(interpreter), 'the interpreter to end');
  });
});

/** Kills a process that may have ended already. */
function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Ended already.
  }
}

/** Whether a process runs (Linux): an ended one may stay a zombie here, where nothing reaps orphans. */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false; // no such process
  }
}
