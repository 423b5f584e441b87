"""A long-lived scripting session: runs code sent by the editor in one set of globals.

The session's own protocol never touches the script's streams: requests arrive on file descriptor
4, one JSON object per line; replies go to file descriptor 3. Requests:
  {"id", "code", "filename", "line", "interactive"?, "rich"?}
                                                        run code ("interactive": as typed at a console;
                                                        "rich": in a notebook cell, see display_value)
  {"check": n, "code"}                                  is this a whole statement? (answered at once,
                                                        even while code runs)
  {"answer": n, "text"}                                 the line that question n asked for (null: end of input)
  {"listen": n}                                         debugpy in this session, for VS Code to attach to
                                                        (taken in turn with runs: see listen_for_debugger)
  {"interrupt": id}                                     Ctrl+C for run id, if it is still running (KeyboardInterrupt)
Replies: {"id", "ok", "error"?, "exited"?} when a run ends, {"check": n, "complete"},
{"listening": n, "port"} or {"listening": n, "error"} (the port debugpy waits on, or why it cannot),
{"ask": n, "prompt"} when the running code calls input() or reads sys.stdin, and
{"display": id, "items": [{"mime", "data"}]} for a rich run's value or figure, before its reply.
What the code prints goes to stdout and stderr as usual; a marker with a secret token
(MOTION_SESSION_TOKEN, removed from the environment) ends each run's output, so no script can print
it. A lone expression at the end is echoed like a REPL. An interrupt request raises KeyboardInterrupt
in the running code and leaves the session usable: a request, not a signal, because Windows has no
signal a parent can send (Node's kill ends a Windows process at once); every platform works this way.
"""
import ast
import base64
import builtins
import html
import codeop
import io
import json
import linecache
import os
import queue
import signal
import sys
import threading
import traceback

for stream in (sys.stdout, sys.stderr):
    stream.reconfigure(encoding="utf-8", errors="backslashreplace", line_buffering=True)
# The process's own output streams: the end-of-run markers go there even while a script has put
# something else in sys.stdout (contextlib.redirect_stdout, an io.StringIO it never put back).
OUTPUT_STREAMS = (sys.stdout, sys.stderr)

control = os.fdopen(3, "w", encoding="utf-8", buffering=1)
control_lock = threading.Lock()
requests = os.fdopen(4, "r", encoding="utf-8")
TOKEN = os.environ.pop("MOTION_SESSION_TOKEN", "")
# Ctrl+C is KeyboardInterrupt even when the parent started Python with SIGINT ignored (Python then
# keeps it ignored).
signal.signal(signal.SIGINT, signal.default_int_handler)
# The id of the run whose code is executing now (None between runs), and the lock that keeps an
# interrupt from landing in the next run.
running = [None]
running_lock = threading.Lock()
session_globals = {"__name__": "__main__", "__builtins__": builtins}
runs = queue.Queue()
answers = queue.Queue()
questions = iter(range(1, sys.maxsize))


def send(message):
    with control_lock:
        control.write(json.dumps(message) + "\n")
        control.flush()


def reply(message):
    # A marker on each output stream first, so the editor knows it has all the output of this run.
    # Written as bytes under the text layer: on Windows the text streams write "\n" as "\r\n", and the
    # editor looks for the marker byte for byte.
    marker = f"\x00motion-done:{TOKEN}:{message['id']}\x00\n".encode("ascii")
    for stream in OUTPUT_STREAMS:
        stream.flush()
        stream.buffer.write(marker)
        stream.buffer.flush()
    send(message)


def read_line(prompt=""):
    """A line typed in the Motion terminal, asked for with its prompt; EOFError when the user ends input."""
    sys.stdout.flush()
    sys.stderr.flush()
    asked = next(questions)
    send({"ask": asked, "prompt": str(prompt)})
    while True:
        number, text = answers.get()
        if number == asked:
            break  # answers to earlier questions (interrupted since) are dropped
    if text is None:
        raise EOFError("EOF when reading a line")
    return text


class TerminalStdin(io.TextIOBase):
    """sys.stdin for scripts: each line is typed in the Motion terminal."""

    def readable(self):
        return True

    def readline(self, size=-1):
        try:
            return read_line() + "\n"
        except EOFError:
            return ""

    def read(self, size=-1):
        return self.readline()


builtins.input = read_line
sys.stdin = TerminalStdin()


def is_complete(code):
    """As code.InteractiveConsole decides: a statement that compiles, or one that never will, is complete."""
    try:
        return codeop.compile_command(code, "<console>", "single") is not None
    except (SyntaxError, OverflowError, ValueError):
        return True


def read_requests():
    """Reads requests while code runs: checks are answered here at once, answers handed to the code."""
    # Not the user's: a debugger attached to the session (Debug Cell) neither lists nor pauses it,
    # so that the terminal's questions are still answered while a cell is stopped at a breakpoint.
    threading.current_thread().is_pydev_daemon_thread = True
    for text in requests:
        request = json.loads(text)
        if "check" in request:
            send({"check": request["check"], "complete": is_complete(request["code"])})
        elif "answer" in request:
            answers.put((request["answer"], request.get("text")))
        elif "interrupt" in request:
            interrupt(request["interrupt"])
        else:
            runs.put(request)
    runs.put(None)


def interrupt(run_id):
    """KeyboardInterrupt in the main thread, if run `run_id` is still executing there."""
    with running_lock:
        if running[0] is None or running[0] != run_id:
            return
        if hasattr(signal, "pthread_kill"):
            # A real SIGINT to the main thread: it also ends a blocking call (time.sleep, a socket read).
            signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
        else:
            # Windows: raise() calls Python's SIGINT handler in this thread, which also sets the event
            # that the main thread's waits (time.sleep) end on; the handler runs there.
            signal.raise_signal(signal.SIGINT)


PACKAGE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "motion")


def user_frames(tb):
    """Keeps the user's frames: drops this driver's at the start and the motion package's at the end."""
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    last_user = None
    node = tb
    while node is not None:
        if not os.path.abspath(node.tb_frame.f_code.co_filename).startswith(PACKAGE_DIR):
            last_user = node
        node = node.tb_next
    if last_user is not None:
        last_user.tb_next = None
    return tb


# The run going on now, and whether it is rich: its displays are sent under its id.
current_run = [None, False]
# Tables of more rows than this are cut (the rest said in a last row): a notebook is no spreadsheet.
TABLE_ROWS = 500


def display(items):
    send({"display": current_run[0], "items": items})


def records_table(value):
    """A list of records (dicts) as an HTML table: a column per key, in the order first seen."""
    if not isinstance(value, (list, tuple)) or not value or not all(isinstance(v, dict) for v in value):
        return None
    columns = []
    for record in value:
        columns.extend(k for k in record if k not in columns)
    cell = lambda v: html.escape(v if isinstance(v, str) else repr(v))
    rows = [
        "<tr>" + "".join(f"<td>{cell(record[c])}</td>" if c in record else "<td></td>" for c in columns) + "</tr>"
        for record in value[:TABLE_ROWS]
    ]
    if len(value) > TABLE_ROWS:
        more = len(value) - TABLE_ROWS
        rows.append(f'<tr><td colspan="{len(columns)}">… {more} more row{"" if more == 1 else "s"}</td></tr>')
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def display_value(value):
    """A cell's value: a table when it is a list of records, its repr too (what a terminal would show)."""
    table = records_table(value)
    items = ([{"mime": "text/html", "data": table}] if table else []) + [{"mime": "text/plain", "data": repr(value)}]
    display(items)


def show_figures():
    """Every figure matplotlib holds, as a PNG, then closed (as Jupyter's inline backend does)."""
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is None:
        return
    for number in pyplot.get_fignums():
        buffer = io.BytesIO()
        pyplot.figure(number).savefig(buffer, format="png", bbox_inches="tight")
        display([{"mime": "image/png", "data": base64.b64encode(buffer.getvalue()).decode("ascii")}])
    pyplot.close("all")


def run_in(cwd, filename):
    # As `python script.py` does: the script's folder is where its helper modules are imported from;
    # its workspace folder is the working directory (each folder's scripts run in their own).
    if cwd and os.path.isdir(cwd):
        os.chdir(cwd)
    if os.path.isfile(filename):
        folder = os.path.dirname(os.path.abspath(filename))
        if folder not in sys.path:
            sys.path.insert(0, folder)


def run(code, filename, line, interactive=False, rich=False):
    # Padding keeps the script's own line numbers for a selection that starts further down.
    source = "\n" * (line - 1) + code
    if not os.path.exists(filename):
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    elif not interactive:
        # Code of a file knows where it is, as `python FILE` tells it (tools find their folder so).
        session_globals["__file__"] = os.path.abspath(filename)
    if interactive:
        # As typed at Python's console: every expression statement's value is shown (sys.displayhook).
        exec(compile(source + "\n", filename, "single"), session_globals)
        return
    if rich and "matplotlib" not in sys.modules:
        # Figures drawn in a cell are shown in it (motion_inline: plt.show() shows them there).
        os.environ.setdefault("MPLBACKEND", "module://motion_inline")
    tree = ast.parse(source, filename, "exec")
    echo = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, filename, "exec"), session_globals)
    if echo is not None:
        value = eval(compile(ast.Expression(echo.value), filename, "eval"), session_globals)
        if value is not None:
            builtins._ = value
            if rich:
                display_value(value)
            else:
                print(repr(value))
    if rich:
        show_figures()


# The port debugpy listens on in this session, once it does: a process listens once, and is attached to many times.
debugger_port = []


def listen_for_debugger():
    """debugpy waiting in this session for VS Code to attach (Debug Cell), on a port of loopback.

    Called on the main thread, between runs: debugpy traces the thread that starts it, and every
    run happens on this one, so breakpoints bind in the code the next run compiles.
    """
    if not debugger_port:
        try:
            import debugpy

            debugger_port.append(debugpy.listen(("127.0.0.1", 0))[1])
        except Exception as error:  # noqa: BLE001 - no debugpy here, or it could not listen: said to the editor
            return {"error": {"type": type(error).__name__, "message": str(error)}}
    return {"port": debugger_port[0]}


def main():
    try:
        import motion  # noqa: F401 - reads the application's documentation
        from motion import _help

        _help.install()
        session_globals["motion"] = motion
        reply({"id": 0, "ok": True, "ready": True})
    except Exception as error:  # the application is away: say so, and still run plain Python
        reply({"id": 0, "ok": False, "ready": True, "error": {"type": type(error).__name__, "message": str(error)}})
    threading.Thread(target=read_requests, daemon=True).start()
    while True:
        try:
            request = runs.get()
        except KeyboardInterrupt:
            continue
        if request is None:
            return
        if "listen" in request:
            send({"listening": request["listen"], **listen_for_debugger()})
            continue
        try:
            current_run[0], current_run[1] = request["id"], request.get("rich", False)
            run_in(request.get("cwd"), request.get("filename", "<selection>"))
            with running_lock:
                running[0] = request["id"]
            try:
                run(
                    request["code"],
                    request.get("filename", "<selection>"),
                    request.get("line", 1),
                    request.get("interactive", False),
                    request.get("rich", False),
                )
            finally:
                with running_lock:
                    running[0] = None
            sys.stdout.flush()
            reply({"id": request["id"], "ok": True})
        except KeyboardInterrupt:
            print("KeyboardInterrupt: interrupted", file=sys.stderr)
            reply({"id": request["id"], "ok": False, "error": {"type": "KeyboardInterrupt", "message": "interrupted"}})
        except BaseException as error:  # noqa: BLE001 - everything the user's code raises is reported
            if isinstance(error, SystemExit):
                # As Python does: a message goes to stderr; None or 0 is success. The session ends.
                if isinstance(error.code, str):
                    print(error.code, file=sys.stderr)
                success = error.code is None or error.code == 0
                reply({"id": request["id"], "ok": success, "exited": True, **({} if success else {"error": {"type": "SystemExit", "message": str(error.code)}})})
                return
            tb = user_frames(error.__traceback__)
            traceback.print_exception(type(error), error, tb, file=sys.stderr)
            sys.stderr.flush()
            detail = {"type": type(error).__name__, "message": str(error)}
            code = getattr(error, "code", None)
            if type(error).__name__ == "MotionError":
                detail["code"] = code
            frames = traceback.extract_tb(tb) if tb else []
            where = None
            if isinstance(error, SyntaxError) and error.lineno:
                where = (error.filename, error.lineno)
            elif frames:
                where = (frames[-1].filename, frames[-1].lineno)
            if where:
                detail["line"] = where[1]
                # Another file than the code run (a helper module it imported): named, so that
                # "line 3" is not read as the script's own line 3.
                if where[0] and where[0] != request.get("filename", "<selection>"):
                    detail["file"] = where[0]
            reply({"id": request["id"], "ok": False, "error": detail})


if __name__ == "__main__":
    main()
