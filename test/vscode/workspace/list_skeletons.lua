local sk = motion.settings.processing.skeleton
for _, id in ipairs(sk.get_skeleton_ids("project")) do
  print(sk.get_skeleton_name("project", id))
end
sk.
