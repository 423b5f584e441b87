-- A tool to load with require: scale every skeleton of a source, skipping the scales the application refuses.
local skeleton = motion.settings.processing.skeleton
local scale_tools = {}

function scale_tools.scale_all(source, factor)
  local refused = {}
  for _, skeleton_id in ipairs(skeleton.get_skeleton_ids(source)) do
    local scale = skeleton.get_skeleton_scale(source, skeleton_id) * factor
    if not pcall(skeleton.set_skeleton_scale, source, skeleton_id, scale) then
      refused[#refused + 1] = skeleton.get_skeleton_name(source, skeleton_id)
    end
  end
  return refused
end

return scale_tools
