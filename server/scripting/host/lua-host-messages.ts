import type { MessagePort } from 'node:worker_threads';
import type { ScriptError } from './host-calls';

/**
 * What the server sends the Lua host's thread: a script to run, a function to call, a motion call's
 * answer, a debugger's port (its commands; `signal[0]` bumped after each, as LuaDebugChannel reads it).
 */
export type ToLuaHost =
  | { type: 'debug'; commands: MessagePort; signal: SharedArrayBuffer }
  | { type: 'run'; seq: number; file: string }
  | { type: 'invoke'; seq: number; function: number; args: unknown[] }
  | { type: 'answer'; seq: number; ok: boolean; value?: unknown; error?: Record<string, unknown> };

/** What the Lua host's thread sends: readiness, output, a motion call of a script, a request's end. */
export type FromLuaHost =
  | { type: 'ready' }
  | { type: 'output'; text: string }
  | { type: 'call'; seq: number; module: string; operation: string; args: unknown[] }
  | { type: 'done'; seq: number; ok: boolean; value?: unknown; error?: ScriptError };
