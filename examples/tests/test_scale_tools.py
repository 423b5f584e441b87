"""Tests of scale_tools.py, each against an application of its own (the demo data): run them from
the Testing view, or with `motion test examples/tests`."""
import motion.testing
from scale_tools import scale_all


def test_doubles_every_project_skeleton():
    assert scale_all("project", 2) == []
    assert motion.testing.skeleton("project", "FullBody")["scale"] == 2


def test_skips_a_scale_the_application_refuses():
    assert scale_all("measurement", 1000) == ["Actor1"]
    assert motion.testing.skeleton("measurement", "Actor1")["scale"] == 1.05
