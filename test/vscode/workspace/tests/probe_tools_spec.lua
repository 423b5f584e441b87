local sk = motion.settings.processing.skeleton

describe("probe tools", function()
  it("keeps the scale", function()
    local body = sk.find_skeleton("project", "FullBody")
    sk.set_skeleton_scale("project", body, 2)
    assert.equal(2, motion.testing.skeleton("project", "FullBody").scale)
  end)
end)
