local sk = motion.settings.processing.skeleton
for _, id in ipairs(sk.get_skeleton_ids("measurement")) do
  print("measured", sk.get_skeleton_name("measurement", id))
end
