"""Validate parsed YAML against the published JSON Schemas, with one clear message.

The schemas in ``arbiter/schemas`` are both the documentation editors validate
against and the check arbiter runs, so the two cannot drift apart. The
``jsonschema`` library does the validating; this module turns its first error
into a line a club secretary can act on.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from .errors import did_you_mean
from .yamlsafe import Document

SCHEMA_DIR = Path(__file__).parent / "schemas"


@cache
def schema(name: str) -> dict[str, Any]:
    with (SCHEMA_DIR / f"{name}.schema.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{value!r} (true/false)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"text {value!r}"
    return f"{type(value).__name__} {value!r}"


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


def check(doc: Document, schema_name: str) -> None:
    """Raise InputError for the first way ``doc`` breaks the named schema."""
    # jsonschema ships no type hints (types-jsonschema has them, when installed).
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped,unused-ignore]
    from jsonschema.exceptions import best_match  # type: ignore[import-untyped,unused-ignore]

    validator = Draft202012Validator(schema(schema_name))
    top = max(validator.iter_errors(doc.data), key=_relevance, default=None)
    if top is None:
        return
    # Inside anyOf/oneOf, jsonschema's own ranking descends to the branch the value was
    # meant for (the deepest error): a mapping event with a bad count is about its count,
    # not "expected text".
    error = best_match([top])
    path: tuple[str | int, ...] = tuple(error.absolute_path)
    inst = error.instance
    kind = error.validator
    if kind == "additionalProperties" and isinstance(inst, dict):
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in inst if k not in allowed]
        key = extra[0] if extra else "?"
        raise doc.error(
            (*path, key),
            f"unknown key {key!r}; {did_you_mean(str(key), allowed)} "
            f"(allowed: {', '.join(allowed)})",
        )
    if kind == "required":
        missing = [k for k in error.validator_value if k not in inst]
        raise doc.error(path, f"missing required key {missing[0]!r}")
    if kind == "type":
        raise doc.error(
            path, f"expected {_expected_type(error.validator_value)}, got {_describe(inst)}"
        )
    if kind == "enum":
        choices = [str(c) for c in error.validator_value]
        raise doc.error(
            path, f"expected one of {', '.join(choices)}; got {_describe(inst)}"
            + (f"; {did_you_mean(str(inst), choices)}" if isinstance(inst, str) else "")
        )
    if kind == "minLength":
        raise doc.error(path, "must not be empty")
    if kind == "minItems":
        n = error.validator_value
        raise doc.error(path, f"expected at least {n} item{'' if n == 1 else 's'}")
    if kind == "pattern":
        hint = error.schema.get("description", f"matching {error.validator_value}")
        raise doc.error(path, f"{_describe(inst)} is not of the expected form ({hint})")
    if kind in ("minimum", "maximum"):
        raise doc.error(path, f"{_describe(inst)} is out of range ({kind} {error.validator_value})")
    if kind == "maxItems":
        raise doc.error(path, f"expected at most {error.validator_value} items")
    if kind == "uniqueItems":
        raise doc.error(path, "names the same thing twice; expected each once")
    if kind == "anyOf" and path[:1] == ("events",) and len(path) == 2:
        hint = ""
        if isinstance(inst, dict) and "act" not in inst and len(inst) == 1:
            hint = ("; a colon after the player's name makes YAML read a mapping: write "
                    "'B discards 3', or put the line in quotes")
        raise doc.error(path, "expected an event: one line such as 'B discards 3', or a mapping "
                        f"with 'act'; got {_describe(inst)}{hint}")
    if kind == "anyOf":
        forms = [s.get("enum") or _expected_type(s.get("type")) for s in error.validator_value]
        words = ", ".join(", ".join(map(str, f)) if isinstance(f, list) else str(f)
                          for f in forms)
        raise doc.error(path, f"expected {words}; got {_describe(inst)}")
    raise doc.error(path, error.message)


def _relevance(error: Any) -> Any:
    # Prefer errors deepest in the document, then jsonschema's own ranking.
    from jsonschema.exceptions import relevance  # type: ignore[import-untyped,unused-ignore]

    return (len(error.absolute_path), relevance(error))
