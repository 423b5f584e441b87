import motion.gui.selection as sel
from motion.settings.processing import skeleton

skeleton.get_skeleton_count("scene")
sel.
