"""The scripting interface of the motion-capture application, package ``motion``.

Every module and operation comes from the application's own documentation module, read once at
import, so ``dir()``, ``help()`` and completion show exactly what the connected application offers.
Calls go over HTTP (JSON) to ``MOTION_URL`` (default http://127.0.0.1:7979). Standard library only.
"""
import json
import os
import sys
import types
import urllib.error
import urllib.parse
import urllib.request


def _application_url(url):
    """`localhost` as 127.0.0.1: the application listens on IPv4, and Windows tries ::1 first, where a
    refused connection costs about 2 s before IPv4 is tried."""
    parts = urllib.parse.urlsplit(url.rstrip("/"))
    if parts.hostname and parts.hostname.lower() == "localhost":
        port = f":{parts.port}" if parts.port else ""
        return urllib.parse.urlunsplit(parts._replace(netloc=f"127.0.0.1{port}"))
    return url.rstrip("/")


_URL = _application_url(os.environ.get("MOTION_URL", "http://127.0.0.1:7979"))
# Straight to the application, never through the system's proxy (the environment's or, on Windows,
# the registry's): it is on this machine or on the lab's network.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_TIMEOUT = float(os.environ.get("MOTION_TIMEOUT", "30"))
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class MotionError(RuntimeError):
    """Raised when the application refuses a call (code and message say why) or cannot be reached.

    A RuntimeError, as the application raises: scripts written for it catch `except RuntimeError:`."""

    def __init__(self, code, message, operation=None, parameter=None, status=None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.operation = operation
        self.parameter = parameter
        self.status = status


def _unsendable(value):
    """A value JSON cannot hold, as text that names it: a callback (`function` parameters) works only
    inside the application; sent over HTTP it is `"<function draw>"`, which a dry run lists and the
    application refuses with its own words."""
    if callable(value):
        return f"<function {getattr(value, '__name__', 'callable')}>"
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _caller():
    """Where the script made this call (`tool.py:14`): the first frame outside this package.

    Sent with the call, so that a dry run names the line of each call it did not send."""
    frame = sys._getframe(2)
    while frame is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == _PACKAGE_DIR:
        frame = frame.f_back
    where = f"{frame.f_code.co_filename}:{frame.f_lineno}" if frame is not None else ""
    # Percent-encoded UTF-8, as callerHeaderValue in src/api/client/motion-client.ts: a header holds
    # bytes, and a script under C:\\Users\\Łukasz must still name its file.
    return urllib.parse.quote(where, safe="/:\\")


# Inside the reference server's own Python (start-up scripts), calls go over its private channel,
# where a function travels as a handle: a command's function is a real function there.
_HOST = sys.modules.get("_motion_host")


def _call(module_path, operation, args):
    __tracebackhide__ = True  # pytest shows the test's line, not this package's
    if _HOST is not None:
        return _HOST.call(module_path, operation, args)
    parts = module_path.split(".")[1:]
    path = "/".join(parts + [operation])
    full_name = f"{module_path}.{operation}"
    body = json.dumps(list(args), default=_unsendable).encode("utf-8")
    request = urllib.request.Request(
        f"{_URL}/api/scripting/motion/{path}/",
        data=body,
        headers={"Content-Type": "application/json", "Motion-Caller": _caller()},
        method="POST",
    )
    try:
        with _OPENER.open(request, timeout=_TIMEOUT) as response:
            text = response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        body = error.read().decode("utf-8", "replace")
        try:
            detail = json.loads(body)["error"]
            raise MotionError(detail["code"], detail["message"], detail.get("operation", full_name), detail.get("parameter"), error.code) from None
        except (ValueError, KeyError, TypeError):
            raise MotionError(f"http_{error.code}", body.strip() or error.reason, full_name, None, error.code) from None
    except urllib.error.URLError as error:
        host = _URL.split("//", 1)[-1]
        if isinstance(error.reason, (BrokenPipeError, ConnectionResetError)):
            # It answered (413) and closed the connection while the request was still being sent.
            raise MotionError("connection_closed", f"{host} closed the connection while the request ({len(body)} bytes) was being sent: it is probably larger than the application accepts", full_name) from None
        raise MotionError("unreachable", f"nothing is listening on {host} — start the application or the embedded server ({error.reason})", full_name) from None
    except TimeoutError:
        raise MotionError("timeout", f"no answer within {_TIMEOUT:g} s", full_name) from None
    return json.loads(text) if text.strip() else None


def _signature(method):
    params = ", ".join(f"{p['name']}: {p['type']}" for p in method["parameters"])
    result = f" -> {method['return_value']['type']}" if method.get("return_value") else ""
    return f"{method['name']}({params}){result}"


def _required_count(parameters):
    """How many leading arguments a call must give: trailing nullable parameters may be left out.

    The same rule as requiredArgumentCount in src/api/types/required-arguments.ts; a test checks
    that the two agree on every documented operation."""
    required = len(parameters)
    while required > 0 and parameters[required - 1]["type"].rstrip().endswith("?"):
        required -= 1
    return required


def _operation(module_path, method):
    required = _required_count(method["parameters"])

    total = len(method["parameters"])
    expected = f"{required}" if required == total else f"{required} to {total}"
    names = ", ".join(p["name"] for p in method["parameters"]) or "none"

    def operation(*args):
        __tracebackhide__ = True  # pytest shows the test's line, not this package's
        if len(args) < required or len(args) > total:
            raise TypeError(f"{method['name']}() takes {expected} arguments ({names}), got {len(args)}")
        return _call(module_path, method["name"], args)

    operation.__name__ = operation.__qualname__ = method["name"]
    operation.__module__ = module_path
    lines = [f"{module_path}.{_signature(method)}", "", method["brief"]]
    if method.get("details"):
        lines += ["", method["details"]]
    for p in method["parameters"]:
        lines.append(f"  {p['name']} ({p['type']}): {p['description']}")
    if method.get("return_value"):
        lines.append(f"Returns ({method['return_value']['type']}): {method['return_value']['description']}")
    operation.__doc__ = "\n".join(lines)
    return operation


def _install(documentation):
    """Creates a module object for every documented path and registers it, so imports work."""
    root = sys.modules[__name__]
    for module in documentation["modules"]:
        segments = module["path"].split(".")
        # Only the package's own modules: a documented "os.path" must never replace the standard library's.
        if segments[0] != __name__ or not all(s.isidentifier() for s in segments):
            print(f"motion: skipped the documented module {module['path']!r}: it is not under the {__name__} package", file=sys.stderr)
            continue
        parent = root
        for depth in range(1, len(segments)):
            path = ".".join(segments[: depth + 1])
            node = sys.modules.get(path)
            if node is None:
                node = types.ModuleType(path, f"The {path} namespace.")
                node.__path__ = []  # a package, so that its children can be imported
                sys.modules[path] = node
            setattr(parent, segments[depth], node)
            parent = node
        target = sys.modules[module["path"]] if len(segments) > 1 else root
        if len(segments) > 1:
            target.__doc__ = f"{module['brief']}\n\n{module['details']}"
        for method in module["methods"]:
            if method["name"].isidentifier() and not method["name"].startswith("_"):
                setattr(target, method["name"], _operation(module["path"], method))


_install(_call("motion.utilities.documentation", "get_package_documentation", []))
