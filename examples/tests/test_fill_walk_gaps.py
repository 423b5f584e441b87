"""Tests of fill_walk_gaps.py on the demo's walk, in an application of the test's own: the gaps
are the walk's, and they are filled there for real."""
from motion.data.object import trajectory
from motion.data.series import _3d
from fill_walk_gaps import fill_all_gaps


def labelled():
    return [id for id in trajectory.get_trajectory_ids() if trajectory.get_label(id) is not None]


def test_fills_every_gap_of_every_labelled_trajectory():
    assert fill_all_gaps(), "the walk has gaps"
    assert [_3d.get_gap_ranges(id) for id in labelled()] == [[] for _ in labelled()]


def test_a_short_gap_linearly_a_long_one_with_a_polynomial():
    heel = trajectory.find_trajectory("LHEE")
    _3d.delete_samples(heel, {"start": 100, "end": 104})
    filled = {(label, start): algorithm for label, start, _end, algorithm in fill_all_gaps()}
    assert filled[("LHEE", 100)] == "linear"
    assert set(filled.values()) == {"linear", "polynomial"}


def test_a_filled_gap_is_a_filled_part_joining_its_neighbours_smoothly():
    heel = trajectory.find_trajectory("LHEE")
    gap = _3d.get_gap_ranges(heel)[0]
    earlier, before = (_3d.get_sample(heel, gap["start"] - k)["position"] for k in (2, 1))
    fill_all_gaps()
    assert {"range": gap, "type": "filled"} in trajectory.get_parts(heel)
    first = _3d.get_sample(heel, gap["start"])["position"]
    step = lambda a, b: sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5
    # One frame on, the heel has gone about as far as it went in the frame before: no jump.
    assert step(first, before) < 1.5 * step(before, earlier) + 1
