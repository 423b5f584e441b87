-- A tool to require: fill the gaps of the selected trajectories, short ones linearly, longer ones
-- with a polynomial, and say what it did. Its specs replay what the application answered
-- (tests/gap_filler.motion.json, recorded with `motion snapshot --record gap_filler.py`).
local trajectory = motion.data.object.trajectory
local series = motion.data.series._3d
local message = motion.gui.message
local selection = motion.gui.selection

local M = { max_linear_gap = 10 }

-- Fills every gap of every selected trajectory; returns how many it filled and the labels it could not fill.
function M.fill_selected_gaps(max_linear_gap)
  max_linear_gap = max_linear_gap or M.max_linear_gap
  local filled, failed = 0, {}
  for _, item in ipairs(selection.get_selections("trajectory")) do
    for _, gap in ipairs(series.get_gap_ranges(item.id)) do
      local length = gap["end"] - gap.start + 1
      local algorithm = length <= max_linear_gap and "linear" or "polynomial"
      local ok = pcall(trajectory.fill_trajectory, item.id, algorithm, gap, nil)
      if ok then filled = filled + 1 else failed[#failed + 1] = trajectory.get_label(item.id) end
    end
  end
  local details = #failed > 0 and ("could not fill: " .. table.concat(failed, ", ")) or ""
  message.add_message("Filled " .. filled .. " gaps", details, #failed > 0 and "warning" or "info")
  return filled, failed
end

return M
