local sk = motion.settings.processing.skeleton
for _, id in ipairs(sk.get_skeleton_ids("project")) do
  local name = sk.get_skeleton_name("project", id)
  print(name)
end
