from motion.settings.processing import skeleton
sid = skeleton.add_skeleton("project", "FromVSCode")
print("created", skeleton.get_skeleton_name("project", sid))
skeleton.get_skeleton_count("project")
