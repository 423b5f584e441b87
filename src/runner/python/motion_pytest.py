"""Runs pytest in this interpreter with the arguments given: how a test of a script is debugged
(the debugger launches this file; pytest then runs the test, and breakpoints in it stop)."""
import sys

import pytest

if __name__ == "__main__":
    sys.exit(pytest.main(sys.argv[1:]))
