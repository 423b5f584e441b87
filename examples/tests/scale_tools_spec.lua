-- Specs of scale_tools.lua, each against an application of its own (the demo data).
local scale_tools = require("scale_tools")

describe("scale_all", function()
  it("doubles every project skeleton", function()
    assert.same({}, scale_tools.scale_all("project", 2))
    assert.equal(2, motion.testing.skeleton("project", "FullBody").scale)
  end)

  it("skips a scale the application refuses", function()
    assert.same({ "Actor1" }, scale_tools.scale_all("measurement", 1000))
    assert.equal(1.05, motion.testing.skeleton("measurement", "Actor1").scale)
  end)
end)
