import motion, motion.testing

sk = motion.settings.processing.skeleton


def test_scale_is_kept():
    body = sk.find_skeleton("project", "FullBody")
    sk.set_skeleton_scale("project", body, 2.0)
    assert motion.testing.skeleton("project", "FullBody")["scale"] == 2.0


def test_fresh_application_each_time():
    # Fails on purpose: every test starts from the demo data, where FullBody's scale is 1.
    assert motion.testing.skeleton("project", "FullBody")["scale"] == 2.0
