import type { MessagePort } from 'node:worker_threads';

/**
 * The two ends of a debugged run in a Motion session (Debug Cell): commands to it and its messages
 * back on `commands` (a port of a channel whose other end the debug adapter holds), and the signal
 * as in LuaDebugStart.
 */
export interface LuaDebugLink {
  commands: MessagePort;
  signal: SharedArrayBuffer;
}

/** What starts the debug worker (workerData). */
export interface LuaDebugStart {
  serverUrl: string;
  program: string;
  args: string[];
  stopOnEntry: boolean;
  /** The folder the script runs in: require and dofile look there after the script's own folder. */
  cwd?: string;
  /** Commands come on this port; `signal[0]` is bumped after each one, `signal[1]` asks for a pause. */
  commands: MessagePort;
  signal: SharedArrayBuffer;
  /** Debugging one describe/it test of the program (a spec file) rather than running it as a script. */
  test?: LuaTestToDebug;
}

/** The test to debug: its names, its application's state file, its folder, and where to write how it ended (JSON). */
export interface LuaTestToDebug {
  names: string[];
  stateFile: string;
  cwd: string;
  report: string;
}

/** Commands to the debugged script. `run` starts it; the others are answered while it is stopped. */
export type LuaDebugCommand =
  | { command: 'run' }
  | { command: 'breakpoints'; path: string; breakpoints: { line: number; condition?: string; logMessage?: string }[] }
  | { command: 'filters'; filters: string[] }
  | { command: 'continue' | 'next' | 'stepIn' | 'stepOut' }
  /** Ends the run as an interrupt does (Stop, in a Motion session: the session itself goes on). */
  | { command: 'terminate' }
  /** Stops the running script at its next line (also asked through the signal, where there is one). */
  | { command: 'pause' }
  /** The debugger leaves a host it attached to: breakpoints gone, a stopped script goes on. */
  | { command: 'detach' }
  | (LuaDebugQuestion & { id: number });

/** What the adapter asks the stopped script; the reply names the question's id. */
export type LuaDebugQuestion =
  | { command: 'stack' }
  | { command: 'scopes'; frame: number }
  | { command: 'variables'; reference: number }
  | { command: 'evaluate'; expression: string; frame?: number };

export type FromLuaDebug =
  | { kind: 'ready' }
  | { kind: 'output'; stream: 'stdout' | 'stderr' | 'system'; text: string }
  | { kind: 'stopped'; reason: string; text?: string; motionError?: boolean }
  | { kind: 'log'; text: string }
  | { kind: 'reply'; id: number; body: Record<string, unknown> }
  | { kind: 'done'; ok: boolean };
