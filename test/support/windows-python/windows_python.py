"""The interpreter process as a Windows parent sees it: a signal ends it at once.

Node's kill('SIGINT'), kill('SIGTERM') and kill('SIGKILL') on Windows all end the process
abruptly (TerminateProcess), so this parent ends itself and the real interpreter on any of them,
with no KeyboardInterrupt and no cleanup. The interpreter itself runs under windows_rules.py.
"""
import os
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The session's own pipes (3: replies, 4: requests) are passed on as they are.
inherited = ()
for fd in (3, 4):
    try:
        os.fstat(fd)
        inherited += (fd,)
    except OSError:
        pass

child = subprocess.Popen([sys.executable, "-u", os.path.join(HERE, "windows_rules.py"), *sys.argv[1:]], pass_fds=inherited)


def terminate(*_):
    child.kill()
    os._exit(1)


for name in ("SIGINT", "SIGTERM"):
    signal.signal(getattr(signal, name), terminate)
sys.exit(child.wait())
