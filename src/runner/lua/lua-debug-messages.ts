import type { MessagePort } from 'node:worker_threads';
import type { RunError } from '../script-session';

/** What starts the debug worker (workerData). */
export interface LuaDebugStart {
  serverUrl: string;
  program: string;
  args: string[];
  stopOnEntry: boolean;
  /** Commands come on this port; `signal[0]` is bumped after each one, `signal[1]` asks for a pause. */
  commands: MessagePort;
  signal: SharedArrayBuffer;
}

/** Commands to the debugged script. `run` starts it; the others are answered while it is stopped. */
export type LuaDebugCommand =
  | { command: 'run' }
  | { command: 'breakpoints'; path: string; breakpoints: { line: number; condition?: string; logMessage?: string }[] }
  | { command: 'filters'; filters: string[] }
  | { command: 'stack' | 'continue' | 'next' | 'stepIn' | 'stepOut'; id?: number }
  | { command: 'scopes'; id: number; frame: number }
  | { command: 'variables'; id: number; reference: number }
  | { command: 'evaluate'; id: number; expression: string; frame?: number };

export type FromLuaDebug =
  | { kind: 'ready' }
  | { kind: 'output'; stream: 'stdout' | 'stderr' | 'system'; text: string }
  | { kind: 'stopped'; reason: string; text?: string }
  | { kind: 'log'; text: string }
  | { kind: 'reply'; id: number; body: Record<string, unknown> }
  | { kind: 'done'; ok: boolean; error?: RunError };
