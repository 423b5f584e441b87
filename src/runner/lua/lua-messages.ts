import type { RunError } from '../script-session';
import type { LuaDebugLink } from '../../api/runtime/lua/lua-debug-messages';

/** A run; with `debugger`, under the debugger, whose adapter holds the link's other end (Debug Cell). */
export type ToLua = {
  id: number;
  code: string;
  filename: string;
  line: number;
  /** The folder the code runs in: require and dofile look there after the script's own folder. */
  cwd?: string;
  debugger?: LuaDebugLink;
};
export type FromLua =
  | { kind: 'ready' }
  | { kind: 'output'; stream: 'stdout' | 'stderr' | 'system'; text: string }
  /** The code reads a line (io.read): the answer comes on the answers port. */
  | { kind: 'ask'; question: number; prompt: string }
  | { kind: 'done'; id: number; ok: boolean; error?: RunError };

/** The answer to an ask: the line, or null when the user ended input. */
export type Answer = { question: number; text: string | null };

/** The slots of the session's shared flags: [INTERRUPT] set to stop the code, [ANSWERED] bumped when an answer is posted. */
export const INTERRUPT = 0;
export const ANSWERED = 1;
