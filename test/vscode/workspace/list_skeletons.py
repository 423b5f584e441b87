"""Lists the skeletons of the project and measurement settings with their segment trees."""
from motion.settings.processing import skeleton


def print_segment(source, segment_id, depth):
    name = skeleton.get_segment_name(source, segment_id)
    markers = skeleton.get_segment_markers(source, segment_id)
    print(f"{'  ' * depth}{name} ({len(markers)} markers)")
    for child in skeleton.get_segment_child_ids(source, segment_id):
        print_segment(source, child, depth + 1)


for source in ("project", "measurement"):
    print(f"{source} settings:")
    for skeleton_id in skeleton.get_skeleton_ids(source):
        name = skeleton.get_skeleton_name(source, skeleton_id)
        scale = skeleton.get_skeleton_scale(source, skeleton_id)
        print(f"  {name} (scale {scale})")
        print_segment(source, skeleton.get_skeleton_root_id(source, skeleton_id), 2)
