"""Helpers for Motion notebook cells.

show_skeleton(source, name) draws skeletons in 3D in the cell's output, as the application has them
when the cell runs: every skeleton of the source, or the one named.
"""
import json

import __main__

SOURCES = ("project", "measurement", "data")


def show_skeleton(source="project", name=None):
    if source not in SOURCES:
        raise ValueError(f"source must be one of {', '.join(SOURCES)}, not {source!r}")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"name must be a skeleton's name (a string) or None, not {type(name).__name__}")
    if not __main__.current_run[1]:
        print("show_skeleton draws in a notebook cell; here, Motion: Show Skeleton in 3D shows one.")
        return
    request = {"source": source, "skeleton": name}
    __main__.display([{"mime": "application/vnd.motion.skeleton-request+json", "data": json.dumps(request)}])
