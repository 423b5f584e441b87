import type { LuaEngine } from 'wasmoon';
import { installUserFiles } from '../../api/runtime/lua/lua-user-files';
import { LUA_TESTING } from './lua-testing.lua';
import { userTraceback } from './motion-lua';

/** What a Lua test's VM is given besides the motion table: its folder's files, and describe/it. */
export async function installTestRunner(lua: LuaEngine, cwd: string): Promise<void> {
  // dofile, loadfile and require read from the test's folder.
  await installUserFiles(lua, () => [cwd]);
  await lua.doString(LUA_TESTING);
}

/** How a Lua test ended, as the runner in its VM says it (lua-testing.lua.ts). */
export interface LuaOutcome {
  outcome: 'passed' | 'failed' | 'errored' | 'skipped';
  message?: string;
  traceback?: string;
  line?: number;
  expected?: string;
  actual?: string;
}

/** The outcome with the user's frames only: the runner's own (describe, it, the hooks' calls) are not theirs. */
export function usersOutcome(outcome: LuaOutcome): LuaOutcome {
  if (!outcome.traceback) return outcome;
  return { ...outcome, traceback: userTraceback(outcome.traceback).replace(/\n\t\[C\]: in function 'x?pcall'$/, '') };
}
