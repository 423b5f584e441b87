// One Lua test file's work on a thread of its own (dist/lua-test-worker.js): find its tests, or run
// one of them, in a Lua VM with the motion table of the test's own application. A test that never
// ends is stopped by terminating this thread (lua-tests.ts holds the deadline).
import { resolve } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { installTestRunner, usersOutcome, type LuaOutcome } from './lua-test-host';
import { createMotionLua } from './motion-lua';
import { readUserTextSync } from '../../api/files/user-text';

/** What the thread is asked to do. */
export interface LuaTestJob {
  serverUrl: string;
  /** The state file of the test's application (motion.testing.state()). */
  stateFile: string;
  /** The folder the test's files are found from (dofile, require). */
  cwd: string;
  /** The spec file, relative to cwd. */
  file: string;
  /** The names of the test to run (describe blocks, then the test's own); none: find the tests. */
  names?: string[];
}

async function main(): Promise<void> {
  const job = workerData as LuaTestJob;
  let output = '';
  const lua = await createMotionLua(job.serverUrl, (_stream, text) => (output += text), job.stateFile);
  await installTestRunner(lua, job.cwd);
  lua.global.set('__motion_cwd', () => job.cwd); // what motion.testing.load_script's relative paths start from
  lua.global.set('__spec_code', readUserTextSync(resolve(job.cwd, job.file)));
  lua.global.set('__spec_file', job.file);
  lua.global.set('__spec_wanted', job.names);
  const outcome = (await lua.doString(
    job.names
      ? 'return __motion_run_test(__spec_code, __spec_file, __spec_wanted)'
      : 'return __motion_collect(__spec_code, __spec_file)',
  )) as LuaOutcome;
  parentPort!.postMessage({ outcome: job.names ? usersOutcome(outcome) : outcome, output });
}

main().catch((error: Error) => parentPort!.postMessage({ failure: error.message }));
