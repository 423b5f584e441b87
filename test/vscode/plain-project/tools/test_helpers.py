from helpers import slug


def test_slug():
    assert slug("Full Body") == "full-body"
