"""Copies a skeleton from the measurement settings to the project settings, every field of every segment.

Usage: motion run examples/copy_measurement_skeleton_to_project.py [skeleton name]
A skeleton of the same name in the project settings is overwritten.
"""
import sys

from motion.settings.processing import skeleton

name = sys.argv[1] if len(sys.argv) > 1 else "Actor1"
source_id = skeleton.find_skeleton("measurement", name)
if source_id is None:
    raise SystemExit(f"no skeleton named {name!r} in the measurement settings")

target_id = skeleton.add_skeleton("project", name)
skeleton.set_skeleton_scale("project", target_id, skeleton.get_skeleton_scale("measurement", source_id))


def copy_fields(from_id, to_id):
    skeleton.set_segment_transform("project", to_id, skeleton.get_segment_transform("measurement", from_id))
    skeleton.set_segment_default_transform("project", to_id, skeleton.get_segment_default_transform("measurement", from_id))
    skeleton.set_segment_markers("project", to_id, skeleton.get_segment_markers("measurement", from_id))
    skeleton.set_segment_rigid_bodies("project", to_id, skeleton.get_segment_rigid_bodies("measurement", from_id))
    skeleton.set_segment_solver("project", to_id, skeleton.get_segment_solver("measurement", from_id))


def copy_children(from_id, to_id):
    for child in skeleton.get_segment_child_ids("measurement", from_id):
        copy = skeleton.add_segment("project", to_id, skeleton.get_segment_name("measurement", child))
        copy_fields(child, copy)
        copy_children(child, copy)
    endpoint = skeleton.get_segment_endpoint("measurement", from_id)
    if endpoint is not None:
        skeleton.set_segment_endpoint("project", to_id, endpoint)


source_root = skeleton.get_skeleton_root_id("measurement", source_id)
target_root = skeleton.get_skeleton_root_id("project", target_id)
skeleton.set_segment_name("project", target_root, skeleton.get_segment_name("measurement", source_root))
copy_fields(source_root, target_root)
copy_children(source_root, target_root)

# Degrees of freedom last: couplings name other segments, which must exist first.
for from_id, to_id in zip(skeleton.get_segment_ids("measurement", source_id), skeleton.get_segment_ids("project", target_id)):
    skeleton.set_segment_degrees_of_freedom("project", to_id, skeleton.get_segment_degrees_of_freedom("measurement", from_id))

print(f"copied {name} ({skeleton.get_segment_count('project', target_id)} segments) to the project settings")
