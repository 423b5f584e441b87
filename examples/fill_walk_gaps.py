"""Fill every gap of the open measurement's labelled trajectories: short gaps linearly, longer ones
with a polynomial, and print what was filled. With no application, the reference server's demo
walk is open (its markers were hidden for 40 frames here and there); or open your own recording
first: motion.file.open(r"C:\\Data\\walk.c3d")."""
import motion
from motion.data.object import trajectory
from motion.data.series import _3d

MAX_LINEAR_GAP = 10


def fill_all_gaps(max_linear_gap=MAX_LINEAR_GAP):
    """Fills the gaps; returns (label, first frame, last frame, algorithm) for each one filled."""
    filled = []
    for id in trajectory.get_trajectory_ids():
        label = trajectory.get_label(id)
        if label is None:  # stray reflections: nothing to fill
            continue
        for gap in _3d.get_gap_ranges(id):
            length = gap["end"] - gap["start"] + 1
            algorithm = "linear" if length <= max_linear_gap else "polynomial"
            trajectory.fill_trajectory(id, algorithm, gap, None)
            filled.append((label, gap["start"], gap["end"], algorithm))
    return filled


if __name__ == "__main__":
    if not motion.file.is_open():
        raise SystemExit("No measurement is open: open one with motion.file.open(path)")
    for label, start, end, algorithm in fill_all_gaps():
        print(f"{label}: frames {start}-{end} filled ({algorithm})")
