"""Does a document conform to a JSON Schema? A small validator, quick to import.

``jsonschema`` takes longer to import than arbiter takes to rule on a case, so
every case and rulebook is first tested here, against the same published schema,
by a validator for the keywords the shipped schemas use (listed in ``KEYWORDS``).
It only answers where the first fault is; :mod:`arbiter.validate` then asks
``jsonschema`` to find and word every fault. A schema using any other keyword is
refused (``UnsupportedSchema``), never half-checked, and the whole check is then
left to ``jsonschema``.

As in JSON, a bool is not a number. Unlike JSON Schema, a float is never an
``integer`` (2.0 is not a count of cards); :mod:`arbiter.validate` gives
``jsonschema`` the same rule.
"""

from __future__ import annotations

import re
from typing import Any

Where = tuple[str | int, ...]

# Keywords that constrain a value, and the ones that only annotate it.
KEYWORDS = frozenset({
    "type", "enum", "const", "$ref", "anyOf", "allOf", "not",
    "properties", "additionalProperties", "required", "minProperties", "maxProperties",
    "items", "minItems", "maxItems", "uniqueItems",
    "minLength", "maxLength", "pattern", "minimum", "maximum",
})
ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description",
                         "default", "examples"})


class UnsupportedSchema(Exception):
    """The schema uses a keyword this validator does not know."""


def first_fault(value: Any, schema: dict[str, Any]) -> Where | None:
    """The path of the first value in ``value`` that breaks ``schema``; None if none does."""
    return _fault(value, schema, schema, ())


def _is(value: Any, kind: str) -> bool:
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    raise UnsupportedSchema(f"type {kind!r}")


def _key(value: Any) -> Any:
    """A hashable stand-in for JSON equality: 1 equals 1.0, but true is not 1."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int | float):
        return ("number", value)
    if isinstance(value, list):
        return ("array", tuple(_key(v) for v in value))
    if isinstance(value, dict):
        return ("object", frozenset((k, _key(v)) for k, v in value.items()))
    return (type(value).__name__, value)


def _resolve(root: dict[str, Any], ref: str) -> Any:
    if not ref.startswith("#"):
        raise UnsupportedSchema(f"$ref {ref!r}: only references within the schema")
    node: Any = root
    for part in ref[1:].split("/")[1:]:
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _fault(value: Any, schema: Any, root: dict[str, Any], path: Where) -> Where | None:
    if schema is True:
        return None
    if schema is False:
        return path
    for word in schema:
        if word not in KEYWORDS and word not in ANNOTATIONS:
            raise UnsupportedSchema(f"keyword {word!r}")
    if "$ref" in schema:
        found = _fault(value, _resolve(root, schema["$ref"]), root, path)
        if found is not None:
            return found
    kind = schema.get("type")
    if kind is not None:
        kinds = kind if isinstance(kind, list) else [kind]
        if not any(_is(value, k) for k in kinds):
            return path
    if "enum" in schema and _key(value) not in {_key(v) for v in schema["enum"]}:
        return path
    if "const" in schema and _key(value) != _key(schema["const"]):
        return path
    if "anyOf" in schema and all(_fault(value, s, root, path) is not None
                                 for s in schema["anyOf"]):
        return path
    for sub in schema.get("allOf", ()):
        found = _fault(value, sub, root, path)
        if found is not None:
            return found
    if "not" in schema and _fault(value, schema["not"], root, path) is None:
        return path
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            return path
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            return path
        if "pattern" in schema and re.search(schema["pattern"], value) is None:
            return path
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return path
        if "maximum" in schema and value > schema["maximum"]:
            return path
    elif isinstance(value, list):
        return _array_fault(value, schema, root, path)
    elif isinstance(value, dict):
        return _object_fault(value, schema, root, path)
    return None


def _array_fault(value: list[Any], schema: Any, root: dict[str, Any],
                 path: Where) -> Where | None:
    if len(value) < schema.get("minItems", 0):
        return path
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        return path
    if schema.get("uniqueItems") and len({_key(v) for v in value}) < len(value):
        return path
    items = schema.get("items")
    if items is not None:
        for i, item in enumerate(value):
            found = _fault(item, items, root, (*path, i))
            if found is not None:
                return found
    return None


def _object_fault(value: dict[Any, Any], schema: Any, root: dict[str, Any],
                  path: Where) -> Where | None:
    for key in schema.get("required", ()):
        if key not in value:
            return path
    if len(value) < schema.get("minProperties", 0):
        return path
    if "maxProperties" in schema and len(value) > schema["maxProperties"]:
        return path
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        sub = properties.get(key, extra) if isinstance(key, str) else extra
        found = _fault(item, sub, root, (*path, key))
        if found is not None:
            return found
    return None
