import { connect } from 'node:net';
import { askReference } from '../../api/client/reference-controls';
import { debugpyStatus, type DebugpyStatus } from './debugpy-check';
import { firstWithDebugpy } from './debugpy-search';

/** Where the listener start-up script waits for VS Code's debugger in a real application. */
const APPLICATION_DEBUG_PORT = 5678;

/** What Attach to the Application does, as decided before VS Code attaches. */
export type AttachPlan =
  /** Attach to debugpy on this port of the application's machine; `movedFrom`: the reference server's scripts moved to a Python that has it. */
  | { kind: 'attach'; host: string; port: number; movedFrom?: string; python?: string }
  /** The reference server's Python has no debugpy, and no other Python here has it: how to install it. */
  | { kind: 'no-debugpy'; status: DebugpyStatus }
  /** A real application that does not listen for the debugger (the listener start-up script is not loaded). */
  | { kind: 'not-listening'; host: string; port: number };

type Listening = { debugpy: true; python: string; port: number } | { debugpy: false; python: string };

/**
 * How to attach to the application at `url`. The reference server listens when asked (docs/design.md
 * §13); when the Python its scripts run in lacks debugpy, they move to the first of `candidates`
 * that has it, else the plan says how to install it. A real application listens only once its
 * start-up scripts include Motion's listener: on `port`, checked before VS Code waits on it.
 */
export async function planApplicationAttach(
  url: string,
  candidates: readonly string[],
  port = APPLICATION_DEBUG_PORT,
): Promise<AttachPlan> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const asked = await askReference<Listening>(url, 'debug', ['listen']);
  if (!asked)
    return (await listening(host, port)) ? { kind: 'attach', host, port } : { kind: 'not-listening', host, port };
  if (asked.debugpy) return { kind: 'attach', host, port: asked.port, python: asked.python };
  const other = await firstWithDebugpy([...candidates], [asked.python]);
  if (!other) return { kind: 'no-debugpy', status: await debugpyStatus(asked.python) };
  const moved = await askReference<Listening>(url, 'debug', ['listen', other.executable]);
  if (!moved?.debugpy) return { kind: 'no-debugpy', status: await debugpyStatus(asked.python) };
  return { kind: 'attach', host, port: moved.port, movedFrom: asked.python, python: moved.python };
}

/** Attach to the Application in Lua: the reference server's Lua on its debug port, or a real application, which has none. */
type LuaAttachPlan = { kind: 'attach'; host: string; port: number } | { kind: 'no-lua-debugger' };

/** How to attach to the Lua of the application at `url`: the reference server opens its Lua's debug port when asked. */
export async function planLuaApplicationAttach(url: string): Promise<LuaAttachPlan> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const asked = await askReference<{ port: number }>(url, 'debug', ['listen-lua']);
  return asked ? { kind: 'attach', host, port: asked.port } : { kind: 'no-lua-debugger' };
}

/**
 * Which of the application's interpreters Attach to the Application debugs: the one the
 * configuration names; else the language of the script in the editor, when a start-up script of
 * that language is loaded; else Lua when every start-up script is Lua; else Python (the
 * application's first language, and a real application's, whose list Motion cannot read).
 */
export function attachLanguage(
  named: unknown,
  editing: string | undefined,
  scripts: readonly string[] | undefined,
): 'python' | 'lua' {
  if (named === 'lua' || named === 'python') return named;
  const languages = (scripts ?? []).map((file) => (/\.lua$/i.test(file) ? 'lua' : 'python'));
  if ((editing === 'lua' || editing === 'python') && languages.includes(editing)) return editing;
  return languages.length > 0 && languages.every((l) => l === 'lua') ? 'lua' : 'python';
}

/** Whether something accepts connections on host:port (the application's listener), within 2 s. */
function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Motion's start-up script for a real application: debugpy listening in the application's own
 * Python, for Attach to the Application. Without debugpy it says so in the application's messages
 * and terminal, with the command that installs it into that Python.
 */
export function debugListenerScript(port = APPLICATION_DEBUG_PORT): string {
  return `"""Lets VS Code's debugger attach to the tools running inside the application (Motion: Attach to
the Application). Add this file once to the application's list of start-up scripts, then press F5
there (Reload Scripts). A breakpoint in a command's function then stops when the command is clicked.
Written by Motion Scripting; it only listens on this machine (127.0.0.1:${port}).
"""
import os
import sys

import motion

PORT = ${port}


def _python():
    """The application's own Python: sys.executable is the application itself when Python is embedded."""
    if os.path.basename(sys.executable).lower().startswith("python"):
        return sys.executable
    name = "python.exe" if os.name == "nt" else "bin/python3"
    return os.path.join(sys.exec_prefix, name)


try:
    import debugpy
except ImportError:
    _install = f'"{_python()}" -m pip install debugpy'
    motion.gui.message.add_message(
        "VS Code cannot attach: debugpy is not installed in the application's Python",
        f"Install it with: {_install} — then press F5 (Reload Scripts).",
        "error",
    )
    motion.gui.terminal.write(f"Motion: debugpy is missing. Install it with:\\n  {_install}\\n")
else:
    if not getattr(sys, "_motion_debugger_port", None):
        debugpy.listen(("127.0.0.1", PORT))
        sys._motion_debugger_port = PORT
    motion.gui.terminal.write(f"Motion: VS Code's debugger can attach on 127.0.0.1:{PORT} (Attach to the Application)\\n")
`;
}
