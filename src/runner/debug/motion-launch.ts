import { delimiter, join } from 'node:path';
import type { LuaTestToDebug } from '../../api/runtime/lua/lua-debug-messages';
import type { CellSource } from './cell-sources';

/** The `motion` debug type's launch configuration, as launch.json and the Debug commands write it. */
export interface MotionLaunchConfiguration {
  type: 'motion';
  request: 'launch';
  name: string;
  /** The script: a Python (.py) or Lua (.lua) file. */
  program: string;
  args?: string[];
  cwd?: string;
  /** The application to run against; filled from the connection when absent. */
  serverUrl?: string;
  stopOnEntry?: boolean;
  /** Python only: the interpreter (default: the one Run uses). */
  python?: string;
  /** Python only: step into library code too. */
  justMyCode?: boolean;
  env?: Record<string, string>;
  /** Lua only: debug one describe/it test of the program (a `*_spec.lua` file); how it ended is written to `report`. */
  luaTest?: Omit<LuaTestToDebug, 'cwd'>;
  [other: string]: unknown;
}

/**
 * Debug Cell's configuration: attach to the debugger of a Motion session (the one notebook cells,
 * Run Selection and the terminals share), where the cell then runs from a file.
 */
export interface MotionAttachConfiguration {
  type: 'motion';
  request: 'attach';
  name: string;
  language: 'python' | 'lua';
  /** Python: the port where debugpy waits (the session's, or the application's); Lua: the application's Lua's debug port. */
  port?: number;
  /** Attach to the Application: the scripting host of the application (or the reference server), not a notebook's session. */
  application?: boolean;
  /** The cells being debugged, and the files they run from. */
  cells: CellSource[];
  justMyCode?: boolean;
  [other: string]: unknown;
}

/**
 * debugpy's own attach arguments for a Motion session: the session's driver and everything else of
 * the extension's in its interpreter (the `motion` package, motion_session.py) are a library, so
 * stepping stays in the user's code and stepping out of a cell ends there.
 */
export function debugpyAttachArguments(config: MotionAttachConfiguration, supportDir: string): Record<string, unknown> {
  const { type: _type, port: _port, cells: _cells, language: _language, ...rest } = config;
  return { ...rest, justMyCode: config.justMyCode ?? true, rules: [{ path: supportDir, include: false }] };
}

/** Which engine runs a script: by its file name, as the Run commands decide. */
export function programLanguage(program: string): 'python' | 'lua' | undefined {
  if (/\.py[w]?$/i.test(program)) return 'python';
  if (/\.lua$/i.test(program)) return 'lua';
  return undefined;
}

/**
 * debugpy's own launch arguments for a motion launch: the script runs in the given interpreter with
 * the `motion` package on its path and the application's URL, its output in the Debug Console, and
 * the `motion` package itself treated as a library (stepping and raised exceptions stop in the
 * user's code, at the call, not inside the package).
 */
export function debugpyLaunchArguments(
  config: MotionLaunchConfiguration,
  supportDir: string,
  inherited: NodeJS.ProcessEnv = process.env,
): Record<string, unknown> {
  const { type: _type, serverUrl, python, env, ...rest } = config;
  if (!python) throw new Error('no Python interpreter was given for the debug session');
  if (!serverUrl) throw new Error('no application URL (serverUrl) was given for the debug session');
  const pythonPath = [supportDir, env?.PYTHONPATH ?? inherited.PYTHONPATH].filter(Boolean).join(delimiter);
  return {
    ...rest,
    python: [python],
    args: config.args ?? [],
    console: 'internalConsole',
    redirectOutput: true,
    justMyCode: config.justMyCode ?? true,
    rules: [{ path: join(supportDir, 'motion'), include: false }],
    env: { ...env, MOTION_URL: serverUrl, PYTHONPATH: pythonPath, PYTHONIOENCODING: 'utf-8' },
  };
}

/** The exception filters of motion debug sessions (Lua offers all but `raised`: pcall hides raised errors from it). */
export const MOTION_EXCEPTION_FILTERS = [
  {
    filter: 'motionError',
    label: 'Raised MotionError',
    description: 'Stop where a call to the application is refused or cannot reach it, even if the script catches it',
    default: false,
  },
  { filter: 'raised', label: 'Raised Exceptions', default: false },
  { filter: 'uncaught', label: 'Uncaught Exceptions', default: true },
] as const;

type ExceptionFilter = (typeof MOTION_EXCEPTION_FILTERS)[number]['filter'];

/**
 * The chosen filters as debugpy's exception options: debugpy knows raised and uncaught exceptions
 * of any type; a break on one exception type (MotionError, and its subclasses) is an exception
 * option naming it. Options replace filters in debugpy, so every choice is written as an option.
 */
export function debugpyExceptionOptions(filters: readonly string[]): {
  filters: string[];
  exceptionOptions: { path: { names: string[] }[]; breakMode: 'always' | 'unhandled' }[];
} {
  const chosen = new Set(filters as ExceptionFilter[]);
  const every = [{ names: ['Python Exceptions'] }];
  const options: { path: { names: string[] }[]; breakMode: 'always' | 'unhandled' }[] = [];
  if (chosen.has('raised')) options.push({ path: every, breakMode: 'always' });
  else if (chosen.has('motionError'))
    options.push({ path: [...every, { names: ['motion.MotionError'] }], breakMode: 'always' });
  if (chosen.has('uncaught')) options.push({ path: every, breakMode: 'unhandled' });
  return { filters: [], exceptionOptions: options };
}

/** The launch configuration that debugs one script file, as F5 without launch.json and Debug File make it. */
export function scriptLaunch(
  program: string,
  name = `Debug ${program.split(/[\\/]/).pop()}`,
): MotionLaunchConfiguration {
  return { type: 'motion', request: 'launch', name, program };
}

/**
 * A selection debugged on its own: its text at its own line numbers (blank lines before it), so
 * that the stops, the call stack and the errors name the lines the user sees in the script.
 */
export function selectionScript(code: string, firstLine: number): string {
  return `${'\n'.repeat(Math.max(0, firstLine - 1))}${code}\n`;
}
