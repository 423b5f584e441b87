"""Runs a Python program under the rules of Python on Windows that differ from Linux:

- sys.stdout and sys.stderr are text streams that write "\\n" as "\\r\\n";
- there is no signal.pthread_kill (nor any POSIX signal a thread can be sent), and
  signal.raise_signal(SIGINT) from any thread does what it does on Windows: the C runtime calls
  Python's handler, which trips the flag the main thread checks and sets the SIGINT event that its
  waits (time.sleep) end on; here that is a SIGINT sent to the main thread;
- os.name stays "posix", so that the rest of the standard library still works here.

Arguments as python's own: `-c CODE`, `-m MODULE`, or a script, each followed by its arguments
(a leading -u is taken: this process is unbuffered already).
"""
import io
import runpy
import signal
import sys
import threading

for name in ("stdout", "stderr"):
    stream = getattr(sys, name)
    setattr(
        sys,
        name,
        io.TextIOWrapper(stream.buffer, encoding=stream.encoding, errors=stream.errors, newline="\r\n", write_through=True),
    )
_to_thread = signal.pthread_kill
del signal.pthread_kill
_main = threading.main_thread().ident
signal.raise_signal = lambda signum: _to_thread(_main, signum)

args = sys.argv[1:]
while args and args[0] == "-u":
    args = args[1:]
if args[:1] == ["-c"]:
    sys.argv = ["-c", *args[2:]]
    exec(compile(args[1], "<string>", "exec"), {"__name__": "__main__"})
elif args[:1] == ["-m"]:
    sys.argv = [args[1], *args[2:]]
    runpy.run_module(args[1], run_name="__main__", alter_sys=True)
else:
    sys.argv = args
    sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(args[0])))
    runpy.run_path(args[0], run_name="__main__")
