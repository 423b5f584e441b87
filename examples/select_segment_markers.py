"""Selects, in the application, the labelled trajectories of the markers of one segment.

Usage: motion run examples/select_segment_markers.py [segment name] [skeleton name]
"""
import sys

import motion.gui.selection as sel
from motion.data.object import skeleton, trajectory

segment_name = sys.argv[1] if len(sys.argv) > 1 else "Head"
skeleton_name = sys.argv[2] if len(sys.argv) > 2 else "Actor1"

skeleton_id = skeleton.find_skeleton(skeleton_name)
segment_id = skeleton_id is not None and skeleton.find_segment(skeleton_id, segment_name)
if not segment_id:
    raise SystemExit(f"no segment {segment_name!r} in skeleton {skeleton_name!r} of the current data")

items = []
for marker in skeleton.get_segment_markers(segment_id):
    trajectory_id = trajectory.find_trajectory(marker["name"])
    if trajectory_id is None:
        print(f"no labelled trajectory for marker {marker['name']}")
    else:
        items.append({"type": "trajectory", "id": trajectory_id, "part_index": None})

sel.set_selections(items)
print(f"selected {sel.get_selection_count('trajectory')} trajectories of {segment_name}")
