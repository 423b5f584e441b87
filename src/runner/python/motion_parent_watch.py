"""A pytest plugin of Motion's (`-p motion_parent_watch`, for the test runs it starts): the run
ends when the program that started it is gone. Killed by a CI job's time limit, or by hand, that
program cannot stop a test that never ends; without this, the test ran on with no parent."""
import os
import threading
import time


def _watch(parent):
    # Once the parent is gone the process is given another (init, or a subreaper).
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(70)


def pytest_configure(config):
    # Windows keeps the first parent's id whatever becomes of it: nothing to watch there.
    if os.name == "posix":
        threading.Thread(target=_watch, args=(os.getppid(),), name="motion-parent-watch", daemon=True).start()
