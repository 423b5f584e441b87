"""A tool to import: fill the gaps of the selected trajectories, short ones linearly, longer ones
with a polynomial, and say what it did. Most of what it calls (gaps, filling, messages) is the
application's alone: its tests replay what the application answered (tests/gap_filler.motion.json,
recorded with `motion snapshot --record gap_filler.py`)."""
from motion.data.object import trajectory
from motion.data.series import _3d
from motion.gui import message, selection

MAX_LINEAR_GAP = 10


def fill_selected_gaps(max_linear_gap=MAX_LINEAR_GAP):
    """Fills every gap of every selected trajectory; returns how many it filled and the labels it could not fill."""
    filled, failed = 0, []
    for item in selection.get_selections("trajectory"):
        for gap in _3d.get_gap_ranges(item["id"]):
            length = gap["end"] - gap["start"] + 1
            algorithm = "linear" if length <= max_linear_gap else "polynomial"
            try:
                trajectory.fill_trajectory(item["id"], algorithm, gap, None)
                filled += 1
            except RuntimeError:  # a gap the application cannot fill (at the start or end of the measurement)
                failed.append(trajectory.get_label(item["id"]))
    details = ", ".join(failed) and f"could not fill: {', '.join(failed)}"
    message.add_message(f"Filled {filled} gaps", details, "warning" if failed else "info")
    return filled, failed


if __name__ == "__main__":
    fill_selected_gaps()
