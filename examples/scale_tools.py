"""A tool to import: scale every skeleton of a source, skipping the scales the application refuses."""
from motion.settings.processing import skeleton


def scale_all(source, factor):
    """Multiplies every skeleton's scale in `source` by `factor`; returns the names it could not scale."""
    refused = []
    for skeleton_id in skeleton.get_skeleton_ids(source):
        scale = skeleton.get_skeleton_scale(source, skeleton_id) * factor
        try:
            skeleton.set_skeleton_scale(source, skeleton_id, scale)
        except RuntimeError:  # a scale outside 0.01 to 100: the application refuses it, as it does here
            refused.append(skeleton.get_skeleton_name(source, skeleton_id))
    return refused
