"""A parsed file checked against its format: msgspec's strict conversion, to the first fault.

msgspec converts the whole file at C speed and stops at its first fault, with a path
such as ``$.events[4].count``; the fault is raised as a ``FormatFault`` at that value's
line and column. ``arbiter.load.validate`` can word it again, with every fault of the
file, by jsonschema over the schema generated from the same types; jsonschema takes
longer to import than a ruling takes, so only the commands ask for that, and only on a
fault.
"""

from __future__ import annotations

import math
import re
from typing import Any

import msgspec
import msgspec.inspect as mi

from ...errors import InputError, clip, did_you_mean
from ..yamlsafe import Document, Path, format_path
from .common import MAX_INT


class FormatFault(InputError):
    """A file that breaks its format, at the first fault msgspec found."""

    def __init__(self, doc: Document, fmt: str, where: Path, message: str) -> None:
        line, column = doc.where(where)
        super().__init__(message, file=doc.file, line=line or 1, column=column or 1,
                         path=format_path(where))
        self.doc = doc
        self.fmt = fmt
        self.where = where


def conform(doc: Document, fmt: str, struct: type[msgspec.Struct]) -> Any:
    """The document as its format's Structs (``fmt`` names the format, ``struct`` is its
    declaration: the caller imports only the one it needs); a ``FormatFault`` at its
    first fault."""
    try:
        return msgspec.convert(doc.data, struct, strict=True)
    except msgspec.ValidationError as exc:
        where, message = worded(doc.data, str(exc))
        if message.startswith("unknown key "):
            allowed = keys_at(struct, where[:-1])
            message += f"; {did_you_mean(str(where[-1]), allowed)} (allowed: {', '.join(allowed)})"
        raise FormatFault(doc, fmt, where, message) from None


def keys_at(top: type[msgspec.Struct], where: Path) -> list[str]:
    """The keys the format allows in the mapping at ``where`` (only asked on a fault)."""
    def structs(t: Any) -> list[Any]:
        while isinstance(t, mi.Metadata):
            t = t.type
        if isinstance(t, mi.UnionType):
            return [s for u in t.types for s in structs(u)]
        return [t]

    found = structs(mi.type_info(top))
    for part in where:
        nxt: list[Any] = []
        for t in found:
            if isinstance(t, mi.StructType) and isinstance(part, str):
                nxt += [s for f in t.fields if f.encode_name == part for s in structs(f.type)]
            elif isinstance(t, mi.ListType | mi.VarTupleType) and isinstance(part, int):
                nxt += structs(t.item_type)
            elif isinstance(t, mi.DictType):
                nxt += structs(t.value_type)
        found = nxt
    return sorted({f.encode_name for t in found if isinstance(t, mi.StructType)
                   for f in t.fields})


def fits(data: Any, struct: type[msgspec.Struct]) -> bool:
    """Whether ``data`` is a whole, well-formed file of the format (a cache entry's data)."""
    try:
        msgspec.convert(data, struct, strict=True)
    except (msgspec.ValidationError, RecursionError):
        return False
    return True


# compiled by re (and kept in its cache) on the first fault, not at every start
_PART = r"\.(\w+)|\[(\d+)\]|\[\.\.\.\]"
_NAMES = {"int": "a whole number", "str": "text", "object": "a mapping", "array": "a list",
          "bool": "true or false", "float": "a number", "null": "nothing"}


def worded(data: Any, said: str) -> tuple[Path, str]:
    """Where msgspec's message (``Expected `int`, got `float` - at `$.table.blind```) points
    in the document, and what it says in the words of the table."""
    message, _, at = said.partition(" - at `")
    where: list[str | int] = []
    value = data
    for name, index in (m.groups() for m in re.finditer(_PART, at.rstrip("`")[1:])):
        if name is None and index is None:  # a value under a key msgspec does not name
            break
        part: str | int = name if name is not None else int(index)
        where.append(part)
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            break
    said_here = _word(message, value, where)  # an unknown key is added to ``where``
    return tuple(where), said_here


def _word(message: str, value: Any, where: list[str | int]) -> str:
    key = re.search(r"field `([^`]*)`", message)
    if message.startswith("Object contains unknown field") and key:
        where.append(key.group(1))
        return f"unknown key {key.group(1)!r}"
    if message.startswith("Object missing required field") and key:
        return f"missing required key {key.group(1)!r}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"expected a finite number, got {value}"
    if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_INT:
        return f"the number is too large (at most {MAX_INT:,})"
    expected = re.match(r"Expected `([^`]*)`, got `([^`]*)`", message)
    if expected:
        wanted = " or ".join(_NAMES.get(t.strip(), t.strip())
                             for t in expected.group(1).split("|"))
        return f"expected {wanted}, got {describe(value)}"
    if message.startswith("Invalid enum value"):
        return f"{describe(value)} is not one of the allowed values"
    if "matching regex" in message:
        return f"{describe(value)} is not of the expected form"
    return message.replace("`", "'")[:1].lower() + message.replace("`", "'")[1:]


def describe(value: Any) -> str:
    """A value of a file as a fault names it (long text cut to its head and tail)."""
    if isinstance(value, bool):
        return f"{value!r} (true/false)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"text {clip(value, 80)!r}"
    return "nothing" if value is None else f"{type(value).__name__} {value!r}"
