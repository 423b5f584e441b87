"""A small service: nothing in this project uses motion."""
import json
import os


def add(a, b):
    return a + b


if __name__ == "__main__":
    print(json.dumps({"sum": add(2, 3), "cwd": os.getcwd()}))
