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
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .yamlsafe import Document

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


_CLASSES: dict[str, tuple[type, ...]] = {
    "integer": (int,), "number": (int, float), "string": (str,), "object": (dict,),
    "array": (list,), "boolean": (bool,), "null": (type(None),),
}
Check = Callable[[Any, Where], "Fault | None"]
_COMPILED: dict[int, tuple[dict[str, Any], Check]] = {}  # the schema kept: its id stays its own


def fault(schema: dict[str, Any], value: Any) -> Fault | None:
    """The first way ``value`` breaks ``schema`` (depth first), or None."""
    return _compiled(schema, schema)(value, ())


def _compiled(schema: dict[str, Any], root: dict[str, Any]) -> Check:
    known = _COMPILED.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    check = _compile(schema, root)
    _COMPILED[id(schema)] = (schema, check)
    return check


def _compile(schema: dict[str, Any], root: dict[str, Any]) -> Check:
    """One schema node as a function of (value, path): every lookup done once, here."""
    target: dict[str, Any] | None = None
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
    names = schema.get("type")
    types = tuple(names) if isinstance(names, list) else (names,) if names else ()
    classes = tuple(c for t in types for c in _CLASSES.get(t, ()))
    expected = f"expected {' or '.join(types)}"
    enum = schema.get("enum")
    branches = schema.get("anyOf")
    low, high = schema.get("minimum"), schema.get("maximum")
    min_len, pattern = schema.get("minLength", 0), schema.get("pattern")
    regex = re.compile(pattern) if pattern else None
    min_items, max_items = schema.get("minItems", 0), schema.get("maxItems")
    unique, items = schema.get("uniqueItems", False), schema.get("items")
    min_props, required = schema.get("minProperties", 0), tuple(schema.get("required", ()))
    props: dict[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    subs: dict[str, Check] = {}  # each key's check, compiled at its first use
    # Keys whose value is plain text or a flag, checked inline (most keys of most laws).
    plain = {k: (_CLASSES[v["type"]], v.get("minLength", 0)) for k, v in props.items()
             if set(v) <= {"type", "description", "minLength"}
             and v.get("type") in ("string", "boolean")}
    try:
        members = {(type(e), e) for e in enum} if enum is not None else None
    except TypeError:  # an enum of lists: compared one by one
        members = None
    ref_box: list[Check] = []  # the check of the $ref's target, compiled at first use
    items_box: list[Check] = []  # the check of each item, likewise

    def sub_check(key: str, sub: dict[str, Any]) -> Check:
        found = subs.get(key)
        if found is None:
            found = subs[key] = _compiled(sub, root)
        return found

    def check(value: Any, path: Where) -> Fault | None:
        if target is not None:
            if not ref_box:
                ref_box.append(_compiled(target, root))
            found = ref_box[0](value, path)
            if found is not None:
                return found
        cls = type(value)
        if cls is float or cls is int:
            if cls is float and not math.isfinite(value):
                return Fault(path, f"expected a finite number, got {value}", number=True)
            if abs(value) > MAX_INT:
                return Fault(path, f"the number is too large (at most {MAX_INT:,})", number=True)
        if classes and cls not in classes:
            if cls is float and "integer" in types:
                return Fault(path, f"expected a whole number, got {value!r}", number=True)
            return Fault(path, expected)
        if cls is float or cls is int:
            if low is not None and value < low:
                return Fault(path, f"below the minimum {low}")
            if high is not None and value > high:
                return Fault(path, f"above the maximum {high}")
        if enum is not None:
            try:
                known = members is not None and (cls, value) in members
            except TypeError:  # the value is a list or a mapping
                known = False
            if not known and not any(value == e and cls is type(e) for e in enum):
                return Fault(path, "not one of the allowed values")
        if branches is not None:
            faults = [_compiled(b, root)(value, path) for b in branches]
            if all(f is not None for f in faults):
                numeric = [f for f in faults if f is not None and f.number]
                return numeric[0] if numeric else faults[0]
        if cls is str:
            if len(value) < min_len:
                return Fault(path, "too short")
            if regex is not None and not regex.search(value):
                return Fault(path, "not of the expected form")
        elif cls is list:
            if len(value) < min_items or (max_items is not None and len(value) > max_items):
                return Fault(path, "wrong number of items")
            if unique and len({repr(v) for v in value}) != len(value):
                return Fault(path, "an item is given twice")
            if isinstance(items, dict):
                if not items_box:
                    items_box.append(_compiled(items, root))
                each = items_box[0]
                for i, item in enumerate(value):
                    found = each(item, (*path, i))
                    if found is not None:
                        return found
        elif cls is dict:
            if len(value) < min_props:
                return Fault(path, "too few keys")
            for k in required:
                if k not in value:
                    return Fault(path, f"missing {k!r}")
            for k, v in value.items():
                simple = plain.get(k)
                if simple is not None and type(v) in simple[0] and (
                        type(v) is bool or len(v) >= simple[1]):
                    continue
                if type(k) is not str:
                    return Fault(path, "a key that is not text")
                sub = props.get(k)
                if sub is None:
                    if extra is False:
                        return Fault((*path, k), "an unknown key")
                    if not isinstance(extra, dict):
                        continue
                    found = sub_check("", extra)(v, (*path, k))
                else:
                    found = sub_check(k, sub)(v, (*path, k))
                if found is not None:
                    return found
        return None

    if set(schema) <= {"type", "description"} and classes and float not in classes:
        def leaf(value: Any, path: Where) -> Fault | None:  # most nodes: text, a flag
            if type(value) in classes and type(value) is not int:
                return None
            return check(value, path)
        return leaf
    return check


MAX_EVENTS = 500  # events in one case: a deal of ten players has fewer than 200


def strict_case(doc: Document) -> None:
    """A case's numbers as the schema cannot see them, seats that differ only in capitals,
    and more events than one deal can hold: each one line with its place in the file."""
    found = fault(schema("case"), doc.data)
    if found is not None:
        raise doc.error(found.path, found.message)
    seats = doc.data["table"]["seats"]
    seen: dict[str, int] = {}
    for i, seat in enumerate(seats):
        if seat.lower() in seen:
            first = seats[seen[seat.lower()]]
            raise doc.error(("table", "seats", i), f"{seat!r} is seat {first!r} again: "
                            "expected names that differ in more than capitals")
        seen[seat.lower()] = i
    case_size(doc)


def case_size(doc: Document) -> None:
    """More events than one deal can hold, refused before any other check spends time on
    them."""
    events = doc.data.get("events") if isinstance(doc.data, dict) else None
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        raise doc.error(("events", MAX_EVENTS), f"more than {MAX_EVENTS} events: "
                        "expected the events of one deal")
