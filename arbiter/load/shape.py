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

from ..errors import clip
from ..terms.seats import seat_key

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
    import os

    from .files import json_value

    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "schemas", f"{name}.schema.json"), "rb") as fh:
        data: dict[str, Any] = json_value(fh.read().decode())
    return data


# The keywords this checker knows; a schema with any other is refused (``Unsupported``),
# never half-checked.
KEYWORDS = frozenset({
    "type", "enum", "$ref", "anyOf", "properties", "additionalProperties", "required",
    "minProperties", "items", "minItems", "maxItems", "uniqueItems", "minLength", "pattern",
    "minimum", "maximum",
    "$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples",
})


class Unsupported(Exception):
    """The schema uses a keyword this checker does not know."""


def conforms(doc: Document, name: str) -> None:
    """Raise the error for the way ``doc`` breaks the named schema, or for a number the
    schema lets through (2.0 for 2, .nan, 10**400). This checker answers first; only on a
    fault (or a schema it does not know) is the document handed to
    :func:`arbiter.validate.check`, which words the most telling fault as a line a club
    secretary can act on."""
    try:
        found = fault(schema(name), doc.data)
    except Unsupported:
        found = Fault((), "does not match the schema")
    if found is None:
        return
    from .validate import check

    check(doc, name)
    raise doc.error(found.path, found.message)  # what only this checker sees


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
    node = _Node(schema, root)
    classes, check = node.classes, node.check
    if set(schema) <= {"type", "description"} and classes and float not in classes:
        def leaf(value: Any, path: Where) -> Fault | None:  # most nodes: text, a flag
            if type(value) in classes and type(value) is not int:
                return None
            return check(value, path)
        return leaf
    return check


class _Node:
    """One schema node, its keywords looked up once; ``check`` is its function."""

    __slots__ = ("branches", "classes", "enum", "expected", "extra", "high", "items",
                 "items_check", "low", "max_items", "members", "min_items", "min_len",
                 "min_props", "plain", "props", "ref_check", "regex", "required", "root",
                 "subs", "target", "types", "unique")

    def __init__(self, schema: dict[str, Any], root: dict[str, Any]) -> None:
        unknown = set(schema) - KEYWORDS
        if unknown:
            raise Unsupported(", ".join(sorted(unknown)))
        self.root = root
        target: dict[str, Any] | None = None
        if "$ref" in schema:
            target = root
            for part in schema["$ref"].lstrip("#/").split("/"):
                target = target[part]
        self.target = target
        names = schema.get("type")
        types = tuple(names) if isinstance(names, list) else (names,) if names else ()
        self.types: tuple[str, ...] = types
        self.classes = tuple(c for t in types for c in _CLASSES.get(t, ()))
        self.expected = f"expected {' or '.join(types)}"
        enum = schema.get("enum")
        self.enum: Any = enum
        self.branches: Any = schema.get("anyOf")
        self.low, self.high = schema.get("minimum"), schema.get("maximum")
        self.min_len, pattern = schema.get("minLength", 0), schema.get("pattern")
        self.regex = re.compile(pattern) if pattern else None
        self.min_items, self.max_items = schema.get("minItems", 0), schema.get("maxItems")
        self.unique, self.items = schema.get("uniqueItems", False), schema.get("items")
        self.min_props = schema.get("minProperties", 0)
        self.required = tuple(schema.get("required", ()))
        props: dict[str, Any] = schema.get("properties", {})
        self.props = props
        self.extra = schema.get("additionalProperties", True)
        self.subs: dict[str, Check] = {}  # each key's check, compiled at its first use
        # Keys whose value is plain text or a flag, checked inline (most keys of most laws).
        self.plain = {k: (_CLASSES[v["type"]], v.get("minLength", 0))
                      for k, v in props.items()
                      if set(v) <= {"type", "description", "minLength"}
                      and v.get("type") in ("string", "boolean")}
        try:
            self.members = {(type(e), e) for e in enum} if enum is not None else None
        except TypeError:  # an enum of lists: compared one by one
            self.members = None
        self.ref_check: Check | None = None  # the $ref's target's, compiled at first use
        self.items_check: Check | None = None  # each item's, likewise

    def check(self, value: Any, path: Where) -> Fault | None:
        if self.target is not None:
            if self.ref_check is None:
                self.ref_check = _compiled(self.target, self.root)
            found = self.ref_check(value, path)
            if found is not None:
                return found
        cls = type(value)
        found = self._kind_fault(value, cls, path)
        if found is None and self.enum is not None:
            found = self._enum_fault(value, cls, path)
        if found is None and self.branches is not None:
            found = self._branches_fault(value, path)
        if found is not None:
            return found
        if cls is str:
            if len(value) < self.min_len:
                return Fault(path, "too short")
            if self.regex is not None and not self.regex.search(value):
                return Fault(path, "not of the expected form")
        elif cls is list:
            return self._list_fault(value, path)
        elif cls is dict:
            return self._dict_fault(value, path)
        return None

    def _kind_fault(self, value: Any, cls: type, path: Where) -> Fault | None:
        """A number not finite or too large, a value of the wrong type, or out of range."""
        if cls is float or cls is int:
            if cls is float and not math.isfinite(value):
                return Fault(path, f"expected a finite number, got {value}", number=True)
            if abs(value) > MAX_INT:
                return Fault(path, f"the number is too large (at most {MAX_INT:,})", number=True)
        if self.classes and cls not in self.classes:
            if cls is float and "integer" in self.types:
                return Fault(path, f"expected a whole number, got {value!r}", number=True)
            return Fault(path, self.expected)
        if cls is float or cls is int:
            if self.low is not None and value < self.low:
                return Fault(path, f"below the minimum {self.low}")
            if self.high is not None and value > self.high:
                return Fault(path, f"above the maximum {self.high}")
        return None

    def _enum_fault(self, value: Any, cls: type, path: Where) -> Fault | None:
        try:
            known = self.members is not None and (cls, value) in self.members
        except TypeError:  # the value is a list or a mapping
            known = False
        if not known and not any(value == e and cls is type(e) for e in self.enum):
            return Fault(path, "not one of the allowed values")
        return None

    def _branches_fault(self, value: Any, path: Where) -> Fault | None:
        faults: list[Fault] = []
        for b in self.branches:  # the first branch that holds settles it
            found = _compiled(b, self.root)(value, path)
            if found is None:
                return None
            faults.append(found)
        numeric = [f for f in faults if f.number]
        return numeric[0] if numeric else faults[0]

    def _list_fault(self, value: list[Any], path: Where) -> Fault | None:
        if len(value) < self.min_items or (
                self.max_items is not None and len(value) > self.max_items):
            return Fault(path, "wrong number of items")
        if self.unique and len({repr(v) for v in value}) != len(value):
            return Fault(path, "an item is given twice")
        if isinstance(self.items, dict):
            if self.items_check is None:
                self.items_check = _compiled(self.items, self.root)
            each = self.items_check
            for i, item in enumerate(value):
                found = each(item, (*path, i))
                if found is not None:
                    return found
        return None

    def _dict_fault(self, value: dict[Any, Any], path: Where) -> Fault | None:
        if len(value) < self.min_props:
            return Fault(path, "too few keys")
        for k in self.required:
            if k not in value:
                return Fault(path, f"missing {k!r}")
        plain, props, extra = self.plain, self.props, self.extra
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
                found = self._sub_check("", extra)(v, (*path, k))
            else:
                found = self._sub_check(k, sub)(v, (*path, k))
            if found is not None:
                return found
        return None

    def _sub_check(self, key: str, sub: dict[str, Any]) -> Check:
        found = self.subs.get(key)
        if found is None:
            found = self.subs[key] = _compiled(sub, self.root)
        return found


MAX_EVENTS = 500  # events in one case: a deal of ten players has fewer than 200


def strict_case(doc: Document) -> None:
    """A case's numbers as the schema cannot see them, seats that differ only in capitals,
    and more events than one deal can hold: each one line with its place in the file."""
    conforms(doc, "case")
    seats = doc.data["table"]["seats"]
    seen: dict[str, int] = {}
    for i, seat in enumerate(seats):
        key = seat_key(seat)  # composed and case-folded: Zoë and ZOË are one player
        if key in seen:
            first = seats[seen[key]]
            raise doc.error(("table", "seats", i), f"{clip(seat, 80)!r} is seat "
                            f"{clip(first, 80)!r} again: expected names that differ in more "
                            "than capitals")
        seen[key] = i
    case_size(doc)


def case_size(doc: Document) -> None:
    """More events than one deal can hold, refused before any other check spends time on
    them."""
    events = doc.data.get("events") if isinstance(doc.data, dict) else None
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        raise doc.error(("events", MAX_EVENTS), f"more than {MAX_EVENTS} events: "
                        "expected the events of one deal")
