"""Reads a JSON list of Python expressions on stdin and prints, for each, what the language
service's literal reader must make of it, decided by CPython's own parser: numbers, strings (quotes,
prefixes, escapes) and nesting come from `ast`. Values that are not literals the reader knows are
{"$unknown": true}, as deep in the structure as they are; what is not Python is {"$invalid": true}."""
import ast
import json
import math
import re
import sys

UNKNOWN = {"$unknown": True}
# A \N{…} escape (an odd number of backslashes before N{) in a string without an r prefix.
NAMED_ESCAPE = re.compile(r"^[^'\"rR]*['\"](?:.|\n)*?(?<!\\)(?:\\\\)*\\N\{")
SOURCE = [""]
SAFE = 2**53 - 1


def value(node):
    if isinstance(node, ast.Constant):
        v = node.value
        if isinstance(v, str) and NAMED_ESCAPE.search(ast.get_source_segment(SOURCE[0], node) or ""):
            return UNKNOWN  # \N{name}: the reader has no table of Unicode names
        if isinstance(v, bool) or v is None or isinstance(v, str):
            return v
        if isinstance(v, int):
            return v if -SAFE <= v <= SAFE else UNKNOWN
        if isinstance(v, float):
            return v if math.isfinite(v) else UNKNOWN
        return UNKNOWN  # bytes, complex, Ellipsis
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = value(node.operand)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return UNKNOWN
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, (ast.List, ast.Tuple)):
        if any(isinstance(e, ast.Starred) for e in node.elts):
            return UNKNOWN
        return [value(e) for e in node.elts]
    if isinstance(node, ast.Dict):
        out = {}
        for k, v in zip(node.keys, node.values):
            key = value(k) if k is not None else UNKNOWN  # None: a `**d` spread
            if not isinstance(key, str):
                return UNKNOWN
            out[key] = value(v)
        return out
    return UNKNOWN


def decided(source):
    SOURCE[0] = source
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return {"$invalid": True}  # the generator's combinations are not all Python
    return value(tree.body)


print(json.dumps([decided(source) for source in json.load(sys.stdin)]))
