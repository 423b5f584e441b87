"""Lists the help topics the way the application's own example scripts build their Help menu.

They read get_help_text() as a table: skip the line naming the columns (it holds "Topic"), split
every other line holding "|" on "|", and take the second field, without its quotes, as a topic.

Usage: motion run examples/help_topics.py [topic]
"""
import sys

from motion.utilities import documentation


def help_topics():
    topics = []
    for line in documentation.get_help_text(None).splitlines():
        if "Topic" in line or "|" not in line:
            continue
        topics.append(line.split("|")[1].strip().strip('"'))
    return topics


if len(sys.argv) > 1:
    print(documentation.get_help_text(sys.argv[1]))
else:
    for topic in help_topics():
        print(topic)
