"""Reading a rulebook's file afresh: parsed, held strictly to the rulebook's format, checked.

``Library`` here is ``arbiter.law.library.Library`` with this reader, for every use but a
command's: the Python API, ``arbiter check`` and the tests. A command's library is given
the same reader through ``arbiter.commands.read_afresh``, which imports this module only
when a book is not in the cache, so that a ruling from the cache does not declare the
format (docs/speed.md). What the library does besides (finding books, ``extends:``, the
references checked) is ``arbiter.law.library``'s, and is named here too.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from ..load.files import decode
from ..load.formats.check import conform
from ..load.formats.rulebook import RulebookFile
from ..load.yamlsafe import Document, parse
from . import library
from .laws import Rulebook
from .library import (
    DEFAULT_BOOK,
    MAX_EXTENDS,
    book_for,
    build,
    builtin_dir,
    check_id,
    check_references,
    error_at,
    example_ids,
    examples_dir,
    id_mismatch,
    is_id,
    merge,
    search_path,
)

if TYPE_CHECKING:
    from ..load.files import StrPath

__all__ = ["DEFAULT_BOOK", "MAX_EXTENDS", "Library", "book_for", "build", "builtin_dir",
           "check_id", "check_references", "error_at", "example_ids", "examples_dir",
           "id_mismatch", "is_id", "load_rulebook", "merge", "read_afresh", "read_rulebook",
           "read_rulebook_data", "search_path", "validate_rulebook"]


def read_afresh(raw: bytes, name: str) -> dict[str, Any]:
    """A rulebook file's bytes, parsed and validated: its data, each item's line within."""
    return validate_rulebook(parse(decode(raw, name), name, shallow=True))


def validate_rulebook(doc: Document) -> dict[str, Any]:
    """Schema and cross-reference checks; returns the data with each law's line."""
    if not isinstance(doc.data, dict):
        raise doc.error((), "expected a mapping with id, title and laws")
    # the declared format, strictly: no 2.0 for 2, no .nan
    conform(doc, "rulebook", RulebookFile)
    data: dict[str, Any] = doc.data
    bad = library.cross_fault(data)
    if bad is not None:
        raise doc.error(*bad)
    for part in ("laws", "provisions", "precedence", "answers"):
        for i, item in enumerate(data.get(part, [])):
            item["line"] = doc.where((part, i))[0]
    return data


class Library(library.Library):
    """The rulebooks a command can see, a book not in the cache read by ``read_afresh``."""

    def __init__(self, extra_dirs: Iterable[StrPath] = (), use_cache: bool = True) -> None:
        super().__init__(extra_dirs, use_cache, afresh=read_afresh)


def read_rulebook(path: StrPath, use_cache: bool = True) -> tuple[dict[str, Any], str]:
    """The validated data of one rulebook file, and the key of its content (see
    ``arbiter.law.library.read_rulebook``)."""
    return library.read_rulebook(path, read_afresh, use_cache)


def read_rulebook_data(path: StrPath, use_cache: bool = True) -> dict[str, Any]:
    """Parse and validate one rulebook file into plain data (cached by content)."""
    return read_rulebook(path, use_cache)[0]


def load_rulebook(source: StrPath, extra_dirs: Iterable[StrPath] = ()) -> Rulebook:
    """Load a rulebook by id (``peel``) or by path to its YAML file."""
    p = os.fspath(source)
    if PurePath(p).suffix in (".yaml", ".yml") or os.path.isfile(p):
        lib = Library([os.path.dirname(p) or ".", *extra_dirs])
        return lib.get(PurePath(p).stem)
    return Library(extra_dirs).get(str(source))
