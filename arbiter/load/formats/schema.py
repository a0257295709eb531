"""The published JSON Schemas, generated from the format declarations.

``python -m arbiter.load.formats.schema`` writes them to ``arbiter/load/schemas/`` for
editors; a test fails when a file there is not what the declarations generate.
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any

import msgspec

from .case import CaseFile
from .rulebook import RulebookFile

TYPES: dict[str, type[msgspec.Struct]] = {"case": CaseFile, "rulebook": RulebookFile}

SCHEMA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "schemas")
TITLES = {"case": "arbiter case", "rulebook": "arbiter rulebook"}


@cache
def schema(fmt: str) -> dict[str, Any]:
    """The JSON Schema of a format (``case`` or ``rulebook``), as published."""
    made = msgspec.json.schema(TYPES[fmt])
    defs: dict[str, Any] = made["$defs"]
    top = defs.pop(TYPES[fmt].__name__)
    top.pop("title", None)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://arbiter.invalid/schemas/{fmt}.schema.json",
            "title": TITLES[fmt], **top, "$defs": defs}


def text(fmt: str) -> str:
    """The schema file's text."""
    return json.dumps(schema(fmt), indent=2, ensure_ascii=False) + "\n"


def path(fmt: str) -> str:
    return os.path.join(SCHEMA_DIR, f"{fmt}.schema.json")


def write() -> None:
    for fmt in TYPES:
        with open(path(fmt), "w", encoding="utf-8") as fh:
            fh.write(text(fmt))


if __name__ == "__main__":  # pragma: no cover
    write()
