"""The reference server's own Python: runs start-up scripts as the application's project list does,
and the functions they give to motion.gui when a command is sent or a view draws.

The server talks to it over two pipes, one JSON object a line: fd 4 brings requests (run a file,
call a function, the answer to a motion call), fd 3 takes replies, motion calls and readiness.
Every motion call of a script goes over that channel, never HTTP, and functions travel as handles,
so that a command's function is a real function. While a call waits for its answer, a request
that comes first (a command's function, sent by that very call) runs at once, nested, as in the
application, where a script's call of send_command runs the command before it returns.
"""
import json
import os
import sys
import traceback
import types

_to_server = os.fdopen(3, "w", encoding="utf-8", buffering=1)
_from_server = os.fdopen(4, "r", encoding="utf-8")
_HERE = os.path.dirname(os.path.abspath(__file__))
_functions = {}
_next_seq = [0]


def _send(message):
    _to_server.write(json.dumps(message, default=_encode) + "\n")
    _to_server.flush()


def _encode(value):
    """A function as a handle the server keeps; it calls it back by that handle."""
    if callable(value):
        key = id(value)
        _functions[key] = value
        code = getattr(value, "__code__", None)
        where = f" ({os.path.basename(code.co_filename)}:{code.co_firstlineno})" if code else ""
        return {"$function": key, "name": f"{getattr(value, '__name__', 'function')}{where}"}
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _where(tb_or_frames):
    """The innermost frame of the scripts (not this host, not the motion package): file and line."""
    frames = [f for f in tb_or_frames if not os.path.abspath(f.filename).startswith(_HERE + os.sep)]
    return (frames[-1].filename, frames[-1].lineno) if frames else (None, None)


def _error(error):
    frames = traceback.extract_tb(error.__traceback__)
    if isinstance(error, SyntaxError) and error.filename:
        file, line = error.filename, error.lineno
    else:
        file, line = _where(frames)
    kept = [f for f in frames if not os.path.abspath(f.filename).startswith(_HERE + os.sep)]
    text = "".join(["Traceback (most recent call last):\n"] + traceback.format_list(kept) + traceback.format_exception_only(type(error), error))
    return {"type": type(error).__name__, "message": str(error), "file": file, "line": line, "traceback": text}


def _handle(request):
    """Runs one request of the server and replies: a start-up script, or a function of one."""
    seq = request["seq"]
    try:
        if request["type"] == "run":
            path = request["file"]
            folder = os.path.dirname(os.path.abspath(path))
            # As the application runs a project script: its folder first on sys.path for its
            # helpers, a fresh __main__ namespace each time; sys.modules is kept (helpers a script
            # imports stay imported until it reloads them, as the vendor's tools do).
            if folder not in sys.path:
                sys.path.insert(0, folder)
            with open(path, "rb") as source:
                code = compile(source.read(), path, "exec")
            main = types.ModuleType("__main__")
            main.__file__ = path
            main.__builtins__ = __builtins__
            previous = sys.modules.get("__main__")
            sys.modules["__main__"] = main
            try:
                exec(code, main.__dict__)
            finally:
                if previous is not None:
                    sys.modules["__main__"] = previous
            value = None
        elif request["type"] == "invoke":
            function = _functions.get(request["function"])
            if function is None:
                raise RuntimeError("the function is gone: the scripts were loaded again since it was given")
            value = function(*request.get("args", []))
        elif request["type"] == "listen":
            value = _listen_for_debugger()
        else:
            raise RuntimeError(f"unknown request {request['type']!r}")
        try:
            json.dumps(value, default=_encode)
        except (TypeError, ValueError):
            value = repr(value)
        _send({"type": "done", "seq": seq, "ok": True, "value": value})
    except KeyboardInterrupt:
        _send({"type": "done", "seq": seq, "ok": False, "error": {"type": "KeyboardInterrupt", "message": "stopped", "file": None, "line": None, "traceback": ""}, "interrupted": True})
    except BaseException as error:  # a script's SystemExit too: the host goes on
        _send({"type": "done", "seq": seq, "ok": False, "error": _error(error)})


# The port debugpy listens on, once it does: the interpreter listens once, and is attached to many times.
_debugger_port = []


def _listen_for_debugger():
    """debugpy waiting in this interpreter for VS Code to attach (Attach to the Application).

    Called on the main thread, between requests: debugpy traces the thread that starts it, and
    every script and function runs on this one, so a breakpoint in a command's function stops
    when the command is sent. Without debugpy: which Python lacks it, for the install command.
    """
    if not _debugger_port:
        try:
            import debugpy
        except ImportError:
            return {"debugpy": False, "python": sys.executable}
        _debugger_port.append(debugpy.listen(("127.0.0.1", 0))[1])
    return {"debugpy": True, "python": sys.executable, "port": _debugger_port[0]}


def _call(module_path, operation, args):
    """A motion call over the channel; requests that arrive meanwhile run first (nested)."""
    __tracebackhide__ = True
    _next_seq[0] += 1
    seq = _next_seq[0]
    _send({"type": "call", "seq": seq, "module": module_path, "operation": operation, "args": list(args)})
    while True:
        line = _from_server.readline()
        if not line:
            raise SystemExit(0)  # the server is gone
        message = json.loads(line)
        if message["type"] == "answer" and message["seq"] == seq:
            if message["ok"]:
                return message.get("value")
            import motion

            e = message["error"]
            raise motion.MotionError(e["code"], e["message"], e.get("operation"), e.get("parameter"), e.get("status"))
        _handle(message)


# The motion package finds this channel and uses it instead of HTTP.
_channel = types.ModuleType("_motion_host")
_channel.call = _call
sys.modules["_motion_host"] = _channel


def main():
    sys.stdin = open(os.devnull, "r")
    try:
        import motion  # noqa: F401  (reads the documentation: the channel works)

        _send({"type": "ready", "ok": True})
    except BaseException as error:
        _send({"type": "ready", "ok": False, "error": _error(error)})
        return
    while True:
        line = _from_server.readline()
        if not line:
            return
        _handle(json.loads(line))


if __name__ == "__main__":
    main()
