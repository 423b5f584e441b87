"""Tests of gap_filler.py with no application: the selection and the gaps are as the application
answered them when tests/gap_filler.motion.json was recorded; nothing is filled anywhere, and
motion.testing.calls says what the tool asked for."""
# motion-snapshot: gap_filler.motion.json
import motion.testing
from gap_filler import fill_selected_gaps

FILL = "motion.data.object.trajectory.fill_trajectory"


def test_fills_short_gaps_linearly_and_long_ones_with_a_polynomial():
    assert fill_selected_gaps() == (4, [])
    assert [(id, algorithm) for id, algorithm, _gap, _ in motion.testing.calls(FILL)] == [
        (73, "linear"),
        (73, "polynomial"),
        (74, "linear"),
        (74, "polynomial"),
    ]


def test_a_longer_linear_limit_fills_every_gap_linearly():
    fill_selected_gaps(max_linear_gap=100)
    assert {call[1] for call in motion.testing.calls(FILL)} == {"linear"}


def test_says_what_it_did():
    fill_selected_gaps()
    assert motion.testing.calls("motion.gui.message.add_message") == [["Filled 4 gaps", "", "info"]]


def test_a_trajectory_without_gaps():
    # Declared in the test: this trajectory's gaps are none (the recording had some).
    motion.testing.answer("motion.data.series._3d.get_gap_ranges", [], args=[74])
    assert fill_selected_gaps() == (2, [])
