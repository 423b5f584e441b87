"""Helpers for tests of scripts, run by ``motion test`` or VS Code's Test Explorer.

Each test runs against an application of its own (a reference server started from a snapshot, or
the demo data), so a test may change it freely and then look at what its script did::

    import motion, motion.testing
    from my_tools import scale_all

    def test_scales_every_skeleton():
        scale_all(2.0)
        assert motion.testing.skeleton("project", "FullBody")["scale"] == 2.0

The reads the test's application does not model (the timeline, series, messages...) are answered
as the test's snapshot recorded them (``motion snapshot --record``) or as the test declares with
``answer``; no change is sent anywhere, and ``calls`` lists the ones the script asked for::

    def test_labels_by_table():
        motion.testing.answer("motion.data.object.trajectory.get_label", "LFHD", args=[3])
        relabel({"LFHD": "LeftHead"})
        assert motion.testing.calls("motion.data.object.trajectory.set_label") == [[3, "LeftHead"]]
"""
import json
import os

import motion


def _in_a_test(name):
    if not os.environ.get("MOTION_TEST_STATE"):
        raise RuntimeError(
            f"motion.testing.{name}() works in tests run by motion test or the Test Explorer "
            "(they give each test an application of its own)"
        )


def answer(operation, value, args=None):
    """Answers the script's calls of ``operation`` (its full name, ``motion.gui.timeline.get_measured_range``)
    with ``value``: every call, or with ``args`` (a list) only a call with those arguments. For the
    operations the test's application does not model; a declared answer comes before a recorded one.

    A dialog (``motion.gui.dialog.show_string_input_dialog``…) is answered this way too, whoever opens
    it: the script, or a command's function in a loaded start-up script (``load_script``); ``args``
    then names its first arguments (``["Fill gaps"]``: only the dialog of that title)."""
    __tracebackhide__ = True
    _in_a_test("answer")
    motion._call("motion.testing", "answer", [operation, value, args])


def load_script(path):
    """Loads a start-up script into the test's application, as the application's list of start-up
    scripts does: the commands and menus it adds are there after, and ``motion.gui.send_command``
    runs one as a click would. A script that raises as it loads fails the test with its traceback::

        def test_fill_gaps_fills_up_to_the_length_asked():
            motion.testing.load_script("startup_tools.py")
            motion.testing.answer("motion.gui.dialog.show_string_input_dialog", "100")
            motion.gui.send_command("fill_gaps")
            assert "filled" in motion.testing.terminal()
    """
    __tracebackhide__ = True
    _in_a_test("load_script")
    motion._call("motion.testing", "load_script", [os.path.abspath(path)])


def messages():
    """The messages the application's scripts added, in order: dicts with ``type``, ``message`` and ``details``."""
    _in_a_test("messages")
    return motion._call("motion.testing", "messages", [])


def terminal():
    """All the text the application's scripts wrote in its terminal (print() in a start-up script included)."""
    _in_a_test("terminal")
    return motion._call("motion.testing", "terminal", [])


def calls(operation):
    """The arguments of each call the script made of ``operation`` (its full name), in order: a list of lists."""
    __tracebackhide__ = True
    _in_a_test("calls")
    return motion._call("motion.testing", "calls", [operation])


def state():
    """The whole state of the test's application, as its state file holds it: ``skeletons`` (by
    source: ``project``, ``measurement``, ``data``; each with ``segments`` by id), ``trajectories``,
    ``bones`` and ``selection``."""
    _in_a_test("state")
    with open(os.environ["MOTION_TEST_STATE"], encoding="utf-8") as file:
        return json.load(file)["state"]


def skeleton(source, name):
    """The skeleton of that name in a source, with its segments by name instead of by id; None when there is none."""
    for record in state()["skeletons"][source]:
        if record["name"] == name:
            by_name = {segment["name"]: segment for segment in record["segments"].values()}
            return {**record, "segments": by_name}
    return None
