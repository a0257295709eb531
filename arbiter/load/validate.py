"""Every fault of a file against its format, worded as a line a club secretary can act on.

The formats are declared once (``arbiter.load.formats``); msgspec checks a file against
them and stops at the first fault. To list every fault at once (``arbiter check``), or to
word the first one as well as it can be worded, the file is validated again here by
jsonschema, over the schema generated from the same declaration, in which an integer is
an ``int`` (never ``2.0`` or ``true``). jsonschema takes longer to import than a ruling
takes: this module is imported only on a fault, by the commands.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped,unused-ignore]
from jsonschema.exceptions import (  # type: ignore[import-untyped,unused-ignore]
    best_match,
    relevance,
)
from jsonschema.validators import extend  # type: ignore[import-untyped,unused-ignore]

from ..errors import InputError, clip, did_you_mean
from .formats.check import FormatFault, conform, describe
from .formats.schema import TYPES, schema
from .yamlsafe import Document

MAX_ERRORS = 20  # the most faults one file reports at once

Where = tuple[str | int, ...]


def reword(exc: InputError) -> InputError:
    """A format fault worded by the most telling of the file's faults; any other error as
    it is."""
    if not isinstance(exc, FormatFault):
        return exc
    found = problems(exc.doc, exc.fmt, limit=None, best_first=True)
    return found[0][1] if found else exc


_TYPE_WORDS = {
    "integer": "a whole number",
    "string": "text",
    "object": "a mapping",
    "array": "a list",
    "boolean": "true or false",
    "number": "a number",
    "null": "nothing",
}


def _expected_type(t: Any) -> str:
    if isinstance(t, list):
        return " or ".join(_TYPE_WORDS.get(str(x), str(x)) for x in t)
    return _TYPE_WORDS.get(t, str(t))


def problems(doc: Document, schema_name: str, limit: int | None = MAX_ERRORS,
             best_first: bool = False) -> list[tuple[Where, InputError]]:
    """Every fault of ``doc`` against the named format, each with the path of the value it
    is about, in the order they stand in the file (or the most telling first); an empty
    list if the document conforms."""
    try:
        conform(doc, schema_name, TYPES[schema_name])
    except FormatFault as first:
        fault = first
    else:
        return []
    errors = validator(schema_name).iter_errors(doc.data)
    if best_first:
        errors = sorted(errors, key=_relevance, reverse=True)
    found: dict[str, tuple[Where, InputError]] = {}
    for error in errors:
        where, message = _word(error)
        exc = doc.error(where, message)
        if error.validator == "required":  # the fault is the key that is not there
            where = (*where, *(k for k in error.validator_value if k not in error.instance))
        # One fault a value: .inf for a count is not also out of range.
        found.setdefault(exc.path or str(exc), (where, exc))
    if not found:  # what only msgspec sees: 2**40, .nan
        found[str(fault)] = (fault.where, fault)
    out = list(found.values())
    if not best_first:
        out.sort(key=lambda f: (f[1].line or 0, f[1].column or 0))
    return out[:limit]


@cache
def validator(schema_name: str) -> Any:
    """A jsonschema validator for the named schema, in which an integer is an ``int``:
    JSON Schema counts 2.0 as an integer, but a stake of 2.0 is a typing slip here."""
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, v: isinstance(v, int) and not isinstance(v, bool))
    strict = extend(Draft202012Validator, type_checker=checker)
    return strict(schema(schema_name))


def _word(top: Any) -> tuple[Where, str]:
    """Where one jsonschema error is, and what it says, in the words of the table."""
    # Inside anyOf/oneOf, jsonschema's own ranking descends to the branch the value was
    # meant for (the deepest error): a mapping event with a bad count is about its count,
    # not "expected text".
    error = best_match([top])
    path: tuple[str | int, ...] = tuple(error.absolute_path)
    said = _word_keys(error, path) or _word_value(error, path) or _word_forms(error, path)
    return said if said is not None else (path, error.message)


def _word_keys(error: Any, path: Where) -> tuple[Where, str] | None:
    """An unknown or a missing key."""
    inst = error.instance
    kind = error.validator
    if kind == "additionalProperties" and isinstance(inst, dict):
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in inst if k not in allowed]
        key = extra[0] if extra else "?"
        return (
            (*path, key),
            f"unknown key {clip(str(key), 80)!r}; {did_you_mean(str(key), allowed)} "
            f"(allowed: {', '.join(allowed)})",
        )
    if kind == "required":
        missing = [k for k in error.validator_value if k not in inst]
        about = error.schema.get("properties", {}).get(missing[0], {}).get("description")
        what = f": {about[0].lower()}{about[1:].rstrip('.')}" if about else ""
        return (path, f"missing required key {missing[0]!r}{what}")
    return None


def _word_value(error: Any, path: Where) -> tuple[Where, str] | None:
    """A value of the wrong type, choice, length, form or size."""
    inst = error.instance
    kind = error.validator
    if kind == "type":
        return (
            path, f"expected {_expected_type(error.validator_value)}, got {describe(inst)}"
        )
    if kind == "enum":
        choices = [str(c) for c in error.validator_value]
        return (
            path, f"expected one of {', '.join(choices)}; got {describe(inst)}"
            + (f"; {did_you_mean(str(inst), choices)}" if isinstance(inst, str) else "")
        )
    if kind == "minLength":
        return (path, "must not be empty")
    if kind == "minItems":
        n = error.validator_value
        return (path, f"expected at least {n} item{'' if n == 1 else 's'}")
    if kind == "pattern":
        hint = error.schema.get("description", f"matching {error.validator_value}")
        return (path, f"{describe(inst)} is not of the expected form ({hint})")
    if kind in ("minimum", "maximum"):
        return (path, f"{describe(inst)} is out of range ({kind} {error.validator_value})")
    if kind == "maxItems":
        return (path, f"expected at most {error.validator_value} items")
    if kind == "uniqueItems":
        return (path, "names the same thing twice; expected each once")
    return None


def _word_forms(error: Any, path: Where) -> tuple[Where, str] | None:
    """A value that is none of the forms an anyOf allows."""
    inst = error.instance
    kind = error.validator
    if kind == "anyOf" and path[:1] == ("events",) and len(path) == 2:
        hint = ""
        if isinstance(inst, dict) and "act" not in inst and len(inst) == 1:
            hint = ("; a colon after the player's name makes YAML read a mapping: write "
                    "'B discards 3', or put the line in quotes")
        return (path, "expected an event: one line such as 'B discards 3', or a mapping "
                        f"with 'act'; got {describe(inst)}{hint}")
    if kind == "anyOf":
        forms = [s.get("enum") or _expected_type(s.get("type")) for s in error.validator_value]
        words = ", ".join(", ".join(map(str, f)) if isinstance(f, list) else str(f)
                          for f in forms)
        return (path, f"expected {words}; got {describe(inst)}")
    return None


def _relevance(error: Any) -> Any:
    # Prefer errors deepest in the document, then jsonschema's own ranking.
    return (len(error.absolute_path), relevance(error))
