-- Specs of gap_filler.lua with no application: the selection and the gaps are as the application
-- answered them when gap_filler.motion.json was recorded; nothing is filled anywhere.
-- motion-snapshot: gap_filler.motion.json
local gap_filler = require("gap_filler")
local FILL = "motion.data.object.trajectory.fill_trajectory"

describe("fill_selected_gaps", function()
  it("fills short gaps linearly and long ones with a polynomial", function()
    assert.equal(4, gap_filler.fill_selected_gaps())
    local algorithms = {}
    for _, call in ipairs(motion.testing.calls(FILL)) do algorithms[#algorithms + 1] = call[2] end
    assert.same({ "linear", "polynomial", "linear", "polynomial" }, algorithms)
  end)

  it("says what it did", function()
    gap_filler.fill_selected_gaps()
    assert.same({ { "Filled 4 gaps", "", "info" } }, motion.testing.calls("motion.gui.message.add_message"))
  end)
end)
