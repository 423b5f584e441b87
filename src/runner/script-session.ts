import type { LuaDebugLink } from '../api/runtime/lua/lua-debug-messages';
import type { Completeness } from './repl/statements';

/** Where a session's output goes: the code's own stdout and stderr, and the session's notices. */
export type SessionOutput = (stream: 'stdout' | 'stderr' | 'system', text: string) => void;

export interface RunError {
  type: string;
  message: string;
  /** MotionError's code, when the application refused a call. */
  code?: string;
  /** The line where it happened: in the script, or in `file` when that is given. */
  line?: number;
  /** The file it happened in, when another than the code run (a helper module the script imported). */
  file?: string;
}

export interface RunResult {
  ok: boolean;
  error?: RunError;
}

/** Where code comes from: the script's file name and the line its first line has there (tracebacks use them). */
export interface CodeOrigin {
  filename: string;
  line?: number;
  /**
   * The folder the code runs in (Python's working directory; Lua's VM has none): the workspace
   * folder of its file, so that a multi-root workspace's scripts each run in their own.
   */
  cwd?: string;
  /** Typed at a console: every expression statement's value is shown, as the language's own console does. */
  interactive?: boolean;
  /**
   * Shown where rich output can be drawn (a notebook cell): the last expression's value is also
   * given as a display (a list of records as a table), and so are the figures the code drew.
   */
  rich?: boolean;
  /**
   * Lua: run under the debugger, whose adapter holds the other end of this link (Debug Cell).
   * Python's debugger attaches to the session itself instead (PythonSession.listenForDebugger).
   */
  debugger?: LuaDebugLink;
}

/** One way to show a value: its MIME type and its data (text, or base64 for images). */
export interface DisplayItem {
  mime: string;
  data: string;
}

/** Where a session's displays go: each display is one value in the forms it can take, richest first. */
export type SessionDisplay = (items: DisplayItem[]) => void;

/**
 * A line for code that reads one (Python's input() and sys.stdin, Lua's io.read), asked of the
 * user with its prompt; null when the user ends input (or there is nobody to ask).
 */
export type LineReader = (prompt: string) => Promise<string | null>;

/**
 * A script session of one language (Python in the user's interpreter, Lua in a worker thread):
 * variables live from one run to the next; runs queue; interrupt stops the one running.
 */
export interface ScriptSession {
  /** Whether code is running (or queued) now. */
  readonly running: boolean;
  run(code: string, where?: CodeOrigin): Promise<RunResult>;
  /** Whether code typed at a console is a whole statement, or needs more lines; answered while code runs. */
  isComplete(code: string): Promise<Completeness>;
  /** Stops the code running now; the session and its variables stay. */
  interrupt(): void;
  /** A fresh session: variables are gone. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}
