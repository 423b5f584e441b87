import { extname, isAbsolute, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import type { Log } from '../log';
import { Fault, invalid } from '../model/faults';
import { DialogDesk } from '../gui/dialog-desk';
import { LuaHost } from './lua-host';
import { GuiModel, ScriptFunction, type BuiltinCommand } from '../gui/gui-model';
import type { Shape } from '../../../src/api/gui/drawn-shapes';
import { ScriptFailed, type HostCall, type ScriptError } from './host-calls';
import { PythonHost, type DebuggerListening } from './python-host';

/** How long a command's or a draw function may run before it is stopped (the application hangs instead). */
const FUNCTION_DEADLINE_MS = 30_000;

/** What loading one start-up script came to. */
export interface ScriptLoad {
  file: string;
  ok: boolean;
  error?: ScriptError;
}

/**
 * The application's scripting host, in the reference server: the start-up scripts (the project's
 * list), run in the server's own interpreters, and the user interface they build (GuiModel). A
 * command sent runs its function there; what goes wrong is said with the script's file and line,
 * and the server keeps answering.
 */
export class ScriptHost {
  readonly gui = new GuiModel();
  /** Who answers the dialogs the scripts open. */
  readonly dialogs = new DialogDesk();
  private python: PythonHost | undefined;
  private lua: LuaHost | undefined;
  /** The shapes the draw function is drawing, while it runs; null otherwise (drawing is refused then). */
  drawing: Shape[] | null = null;
  /** Calls the operations of the server (set once the table exists): what scripts' motion calls and built-in commands use. */
  call: HostCall = () => Promise.reject(new Error('the server is not ready'));

  constructor(
    private readonly options: {
      log: Log;
      python?: string;
      deadlineMs?: number;
      /** The start-up scripts, in order (the state's list). */
      scripts: () => readonly string[];
    },
  ) {}

  /** Whether a debugger may be attached: a function stopped at a breakpoint has no deadline then. */
  private debuggable = false;
  /** The Python the scripts run in, when one was chosen since the start (for its debugpy). */
  private chosenPython: string | undefined;

  private pythonHost(): PythonHost {
    return (this.python ??= new PythonHost({
      python: this.chosenPython ?? this.options.python,
      call: (module, operation, args) => this.call(module, operation, args),
      onOutput: (_stream, text) => this.gui.writeTerminal(text),
      onExit: (why) => this.restarted(why),
    }));
  }

  private lastRestart = -Infinity;

  /**
   * The scripts' Python ended on its own (a crash, a script's os._exit): the next one starts with
   * the start-up scripts loaded again, as the application would be started again; said. Not more
   * than once in 10 s: a script that ends it as it loads does not start it for ever.
   */
  private restarted(why: string): void {
    const again = Date.now() - this.lastRestart > 10_000;
    this.options.log.warn(`${why}${again ? '; the start-up scripts are loaded again' : ''}`);
    this.gui.addMessage({
      type: 'error',
      message: `The scripts' Python ended: ${why}`,
      details: again
        ? 'It was started again, and the start-up scripts loaded again.'
        : 'It ended again within 10 s: the scripts are loaded again on Reload Scripts.',
    });
    if (!again) return;
    this.lastRestart = Date.now();
    void this.loadScripts();
  }

  /**
   * Runs the start-up scripts in order, as the application does at start and on Reload Scripts:
   * what earlier runs made (commands, menu items, the draw function) goes first, and the
   * interpreter stays (a helper already imported is not read again unless a script reloads it). A
   * script that raises is reported (messages and log, with its traceback); the others still load.
   */
  async loadScripts(): Promise<ScriptLoad[]> {
    this.gui.reset();
    const loads: ScriptLoad[] = [];
    for (const file of this.options.scripts()) {
      try {
        await this.runFile(file);
        loads.push({ file, ok: true });
        this.options.log.info(`loaded start-up script ${file}`);
      } catch (error) {
        const said: ScriptError =
          error instanceof ScriptFailed
            ? error.error
            : { type: 'Error', message: (error as Error).message, file, line: null, traceback: '' };
        loads.push({ file, ok: false, error: said });
        const where = said.file ? ` (${said.file}:${said.line})` : '';
        this.options.log.warn(`start-up script ${file} raised ${said.type}: ${said.message}${where}`);
        this.gui.addMessage({
          type: 'error',
          message: `The start-up script ${file} raised ${said.type}: ${said.message}${where}`,
          details: said.traceback,
        });
      }
    }
    return loads;
  }

  private luaHost(): LuaHost {
    return (this.lua ??= new LuaHost({
      call: (module, operation, args) => this.call(module, operation, args),
      onOutput: (text) => this.gui.writeTerminal(text),
      onExit: (why) => this.restarted(why),
    }));
  }

  private runFile(file: string): Promise<void> {
    return scriptLanguage(file) === 'lua' ? this.luaHost().runFile(file) : this.pythonHost().runFile(file);
  }

  /** The interpreter that holds a function: the Python or the Lua its script runs in. */
  private hostOf(fn: ScriptFunction): PythonHost | LuaHost {
    return fn.language === 'lua' ? this.luaHost() : this.pythonHost();
  }

  /** Sends a command as a click does: a built-in one does its work; a user one runs its function unless its update function says it is disabled. */
  async send(command: string): Promise<void> {
    const found = this.gui.command(command);
    if (found.builtin) return this.builtin(command as BuiltinCommand);
    if (found.update) {
      const enabled = await this.run(found.update, [], `the update function of "${command}"`);
      if (enabled === false) return;
    }
    if (!found.execute) {
      this.gui.addMessage({
        type: 'warning',
        message: `The command "${command}" has no execute function: nothing ran`,
        details: 'Give it one with motion.gui.set_command_execute_function in a start-up script.',
      });
      return;
    }
    await this.run(found.execute, [], `the command "${command}"`);
  }

  private async builtin(command: BuiltinCommand): Promise<void> {
    if (command === 'save_file') await this.call('motion.file', 'save', []);
    else if (command === 'close_file') await this.call('motion.file', 'close', []);
    else await this.loadScripts();
  }

  /** Runs a script's function with a deadline; its refusal says which function, where, and why. */
  async run(fn: ScriptFunction, args: unknown[], what: string): Promise<unknown> {
    const host = this.hostOf(fn);
    const deadline = this.options.deadlineMs ?? FUNCTION_DEADLINE_MS;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const running = host.invoke(fn, args).finally(() => (settled = true));
    const late = new Promise<never>((_, reject) => {
      const expire = () => {
        // The time a person takes to answer a dialog is not the function's: counted again after.
        // So is the time it waits at a breakpoint, once a debugger may be attached.
        if (this.dialogs.asking || this.debuggable) return void (timer = setTimeout(expire, deadline));
        // Interrupted, the function ends with KeyboardInterrupt; one that still runs then (or
        // cannot be interrupted: Windows) is ended with its interpreter, and the scripts are
        // loaded again in a new one.
        const interrupted = host instanceof PythonHost && host.interrupt();
        const restart = setTimeout(
          () => void (settled ? undefined : host.stop().then(() => this.loadScripts())),
          interrupted ? 2_000 : 0,
        );
        restart.unref();
        reject(
          new Fault(
            'request_timeout',
            `${what} (${fn.name}) did not return within ${deadline / 1000} s, so it was stopped`,
          ),
        );
      };
      timer = setTimeout(expire, deadline);
    });
    try {
      return await Promise.race([running, late]);
    } catch (error) {
      if (error instanceof ScriptFailed) {
        const e = error.error;
        const where = e.file ? ` at ${e.file}:${e.line}` : '';
        this.gui.addMessage({
          type: 'error',
          message: `${what} raised ${e.type}: ${e.message}${where}`,
          details: e.traceback,
        });
        throw new Fault('script_error', `${what} raised ${e.type}: ${e.message}${where}\n${e.traceback}`);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * What the draw function draws at `time` (seconds of the measurement): its shapes, or none when
   * there is no draw function. One draw at a time: the view asks again once it has the last.
   */
  async draw(time: number): Promise<Shape[]> {
    const fn = this.gui.drawFunction;
    if (!fn) return [];
    if (this.drawing) throw new Fault('unavailable', 'the draw function is already drawing; ask again when it is done');
    this.drawing = [];
    try {
      await this.run(fn, [time], 'the draw function');
      return this.drawing;
    } finally {
      this.drawing = null;
    }
  }

  /**
   * debugpy listening in the scripts' Python, for VS Code to attach to (Attach to the Application):
   * its port; or that this Python has no debugpy, naming it. Given `python` (one that has debugpy),
   * the scripts first move to it: the interpreter starts again and they load again, as at start.
   */
  async listenForDebugger(python?: string): Promise<DebuggerListening> {
    if (python && python !== (this.chosenPython ?? this.options.python)) {
      // Checked before the scripts leave the interpreter they run in: a Python that is not there changes nothing.
      const problem = await pythonProblem(python);
      if (problem) throw invalid('python', `${python} cannot run the scripts: ${problem}`);
      await this.python?.stop();
      this.python = undefined;
      this.chosenPython = python;
      this.options.log.info(`the start-up scripts now run in ${python}, for its debugpy`);
      await this.loadScripts();
    }
    const listening = await this.pythonHost().listenForDebugger();
    if (listening.debugpy) {
      this.debuggable = true;
      this.options.log.info(`debugpy listens in ${listening.python} on 127.0.0.1:${listening.port}`);
    }
    return listening;
  }

  /**
   * The server's Lua open to VS Code's Lua debugger (Attach to the Application): the port on
   * 127.0.0.1 it attaches on. Functions have no deadline from then on, as with debugpy.
   */
  async listenForLuaDebugger(): Promise<{ port: number }> {
    const port = await this.luaHost().listenForDebugger();
    this.debuggable = true;
    this.options.log.info(`the Lua debugger can attach on 127.0.0.1:${port}`);
    return { port };
  }

  async stop(): Promise<void> {
    this.dialogs.close();
    await Promise.all([this.python?.stop(), this.lua?.stop()]);
  }
}

/** Which interpreter runs a start-up script, by its extension; anything else is refused, naming it. */
export function scriptLanguage(file: string): 'python' | 'lua' {
  const ext = extname(file).toLowerCase();
  if (ext === '.py') return 'python';
  if (ext === '.lua') return 'lua';
  throw invalid('file', `"${file}" is not a Python (.py) or Lua (.lua) script`);
}

/** A start-up script's path as the list keeps it: absolute. */
export function scriptPath(file: string, cwd = process.cwd()): string {
  return isAbsolute(file) ? file : resolve(cwd, file);
}

/** Why `python` cannot run Python (not there, not Python), or undefined when it can. */
function pythonProblem(python: string): Promise<string | undefined> {
  return new Promise((resolve) =>
    execFile(python, ['-c', 'import sys'], { timeout: 15_000 }, (error) =>
      resolve(
        error ? ((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it was not found' : error.message) : undefined,
      ),
    ),
  );
}
