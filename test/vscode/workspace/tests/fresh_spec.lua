describe("a fresh application", function()
  it("has the demo scale", function()
    -- Fails on purpose: every test starts from the demo data, where FullBody's scale is 1.
    assert.equal(2, motion.testing.skeleton("project", "FullBody").scale)
  end)
end)
