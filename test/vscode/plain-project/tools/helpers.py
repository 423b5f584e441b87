"""Helpers for the service's maintenance: plain Python."""


def slug(text):
    return "-".join(text.lower().split())
