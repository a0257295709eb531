"""A strict, small checker of data against the published JSON Schemas.

It knows only the keywords arbiter's schemas use, answers with the first place
the data breaks them (or ``None``), and is stricter than JSON Schema about
numbers: a whole-number float (``2.0``) is not an integer, a boolean is not a
number, every number is finite, and no number is larger than ``MAX_INT``.

Two uses: after the schema check of a file, it finds the numbers the schema
let through (the error then names the value's line); and on reading a cached
rulebook, any answer but ``None`` means the entry is rebuilt.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

MAX_INT = 1_000_000_000  # counters, cards, pages: no real value comes near it

Where = tuple[str | int, ...]


class Fault:
    __slots__ = ("message", "number", "path")

    def __init__(self, path: Where, message: str, number: bool = False) -> None:
        self.path = path
        self.message = message
        self.number = number  # a fault the schema check does not see (floats, nan, size)


@lru_cache(maxsize=4)
def schema(name: str) -> dict[str, Any]:
    """One of the published schemas, ``case`` or ``rulebook``."""
    import json
    from pathlib import Path

    data: dict[str, Any] = json.loads((Path(__file__).parent / "schemas" /
                                       f"{name}.schema.json").read_bytes())
    return data


@lru_cache(maxsize=64)
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _types(schema: dict[str, Any]) -> tuple[str, ...]:
    t = schema.get("type")
    if t is None:
        return ()
    return tuple(t) if isinstance(t, list) else (t,)


def _type_ok(value: Any, t: str) -> bool:
    if t == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if t == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if t == "string":
        return isinstance(value, str)
    if t == "object":
        return isinstance(value, dict)
    if t == "array":
        return isinstance(value, list)
    if t == "boolean":
        return isinstance(value, bool)
    if t == "null":
        return value is None
    return False


def fault(schema: dict[str, Any], value: Any, root: dict[str, Any] | None = None,
          path: Where = ()) -> Fault | None:
    """The first way ``value`` breaks ``schema`` (depth first), or None."""
    root = schema if root is None else root
    ref = schema.get("$ref")
    if ref is not None:
        target: Any = root
        for part in ref.lstrip("#/").split("/"):
            target = target[part]
        found = fault(target, value, root, path)
        if found is not None:
            return found
    if isinstance(value, float) and not math.isfinite(value):
        return Fault(path, f"expected a finite number, got {value}", number=True)
    if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_INT:
        return Fault(path, f"the number is too large (at most {MAX_INT:,})", number=True)
    types = _types(schema)
    if types and not any(_type_ok(value, t) for t in types):
        if isinstance(value, float) and "integer" in types:
            return Fault(path, f"expected a whole number, got {value!r}", number=True)
        return Fault(path, f"expected {' or '.join(types)}")
    if "enum" in schema and not any(value == e and type(value) is type(e)
                                    for e in schema["enum"]):
        return Fault(path, "not one of the allowed values")
    if "anyOf" in schema:
        branches = [fault(s, value, root, path) for s in schema["anyOf"]]
        if all(b is not None for b in branches):
            numeric = [b for b in branches if b is not None and b.number]
            return numeric[0] if numeric else branches[0]
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return Fault(path, f"below the minimum {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            return Fault(path, f"above the maximum {schema['maximum']}")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            return Fault(path, "too short")
        if "pattern" in schema and not _regex(schema["pattern"]).search(value):
            return Fault(path, "not of the expected form")
    if isinstance(value, list):
        if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
            return Fault(path, "wrong number of items")
        if schema.get("uniqueItems") and len({repr(v) for v in value}) != len(value):
            return Fault(path, "an item is given twice")
        items = schema.get("items")
        if isinstance(items, dict):
            for i, item in enumerate(value):
                found = fault(items, item, root, (*path, i))
                if found is not None:
                    return found
    if isinstance(value, dict):
        if len(value) < schema.get("minProperties", 0):
            return Fault(path, "too few keys")
        for k in schema.get("required", ()):
            if k not in value:
                return Fault(path, f"missing {k!r}")
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for k, v in value.items():
            if not isinstance(k, str):
                return Fault(path, "a key that is not text")
            sub = props.get(k)
            if sub is None:
                if extra is False:
                    return Fault((*path, k), "an unknown key")
                if not isinstance(extra, dict):
                    continue
                sub = extra
            found = fault(sub, v, root, (*path, k))
            if found is not None:
                return found
    return None
