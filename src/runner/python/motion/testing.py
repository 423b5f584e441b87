"""Helpers for tests of scripts, run by ``motion test`` or VS Code's Test Explorer.

Each test runs against an application of its own (a reference server started from a snapshot, or
the demo data), so a test may change it freely and then look at what its script did::

    import motion, motion.testing
    from my_tools import scale_all

    def test_scales_every_skeleton():
        scale_all(2.0)
        assert motion.testing.skeleton("project", "FullBody")["scale"] == 2.0
"""
import json
import os


def state():
    """The whole state of the test's application, as its state file holds it: ``skeletons`` (by
    source: ``project``, ``measurement``, ``data``; each with ``segments`` by id), ``trajectories``,
    ``bones`` and ``selection``."""
    path = os.environ.get("MOTION_TEST_STATE")
    if not path:
        raise RuntimeError(
            "motion.testing.state() works in tests run by motion test or the Test Explorer "
            "(they give each test an application of its own)"
        )
    with open(path, encoding="utf-8") as file:
        return json.load(file)["state"]


def skeleton(source, name):
    """The skeleton of that name in a source, with its segments by name instead of by id; None when there is none."""
    for record in state()["skeletons"][source]:
        if record["name"] == name:
            by_name = {segment["name"]: segment for segment in record["segments"].values()}
            return {**record, "segments": by_name}
    return None
