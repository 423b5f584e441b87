-- Lists the skeletons of the project and measurement settings with their segment trees.
local skeleton = motion.settings.processing.skeleton

local function print_segment(source, segment_id, depth)
  local name = skeleton.get_segment_name(source, segment_id)
  local markers = skeleton.get_segment_markers(source, segment_id)
  print(string.rep("  ", depth) .. name .. " (" .. #markers .. " markers)")
  for _, child in ipairs(skeleton.get_segment_child_ids(source, segment_id)) do
    print_segment(source, child, depth + 1)
  end
end

for _, source in ipairs({ "project", "measurement" }) do
  print(source .. " settings:")
  for _, skeleton_id in ipairs(skeleton.get_skeleton_ids(source)) do
    local name = skeleton.get_skeleton_name(source, skeleton_id)
    local scale = skeleton.get_skeleton_scale(source, skeleton_id)
    print("  " .. name .. " (scale " .. scale .. ")")
    print_segment(source, skeleton.get_skeleton_root_id(source, skeleton_id), 2)
  end
end
