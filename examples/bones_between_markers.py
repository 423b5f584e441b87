"""Joins the markers of one segment with bones, in the application's current data, and colours them.

A bone joins two trajectories; two trajectories have at most one bone, so pairs that are joined
already are left as they are. Colours are 0xbbggrr integers.

Usage: motion run examples/bones_between_markers.py [segment name] [skeleton name]
"""
import sys
from itertools import combinations

from motion.data.object import bone, skeleton, trajectory

ORANGE = 0x0080FF  # blue 0x00, green 0x80, red 0xFF

segment_name = sys.argv[1] if len(sys.argv) > 1 else "Head"
skeleton_name = sys.argv[2] if len(sys.argv) > 2 else "Actor1"

skeleton_id = skeleton.find_skeleton(skeleton_name)
segment_id = skeleton_id is not None and skeleton.find_segment(skeleton_id, segment_name)
if not segment_id:
    raise SystemExit(f"no segment {segment_name!r} in skeleton {skeleton_name!r} of the current data")

labelled = []
for marker in skeleton.get_segment_markers(segment_id):
    trajectory_id = trajectory.find_trajectory(marker["name"])
    if trajectory_id is not None:
        labelled.append(trajectory_id)

added = kept = 0
for first, second in combinations(labelled, 2):
    existing = bone.find_bone(first, second)
    if existing is None:
        bone.add_bone(first, second, ORANGE)
        added += 1
    else:
        bone.set_bone_color(existing, ORANGE)
        kept += 1
print(f"{segment_name}: {added} bones added, {kept} already there, all coloured orange")
