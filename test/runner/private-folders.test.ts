import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sweep } from '../../src/runner/dry-run/private-folders';
import { scratchFolder } from '../support/scratch-folder';

/** A private server killed hard leaves its folder: the next process to start one removes it, and only such. */
describe('the folders private servers leave behind', () => {
  const scratch = scratchFolder('motion-test-private-folders-');

  it('removes the folders whose process is gone, and keeps those of processes that run and everything else', async () => {
    // A process id that was and is no more.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const at = (name: string) => join(scratch.path, name);
    for (const name of [
      `motion-private-${gone}-abc`,
      `motion-private-${process.pid}-def`,
      `motion-private-${process.ppid}-ghi`,
      'motion-test-x',
      `other-${gone}`,
    ]) {
      mkdirSync(at(name));
      writeFileSync(join(at(name), 'state.motion.json'), '{}');
    }
    await sweep(scratch.path);
    assert.equal(existsSync(at(`motion-private-${gone}-abc`)), false, 'the folder of a process that is gone');
    assert.equal(existsSync(at(`motion-private-${process.pid}-def`)), true, 'this process’s own');
    assert.equal(existsSync(at(`motion-private-${process.ppid}-ghi`)), true, 'a process that still runs');
    assert.equal(existsSync(at(`motion-test-${gone}-jkl`)), false, 'a test run’s reports whose process is gone');
    assert.equal(existsSync(at('motion-test-x')), true, 'a folder not named after a process');
    assert.equal(existsSync(at(`other-${gone}`)), true);
  });
});
