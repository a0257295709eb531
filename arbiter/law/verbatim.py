"""Proving that every quoted law is found, word for word, in its source: the source file
found, pinned by its sha256, and each quotation looked for in it as ``quotes.normalise``
compares them.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from msgspec import Struct

from ..errors import InputError
from ..load.files import MAX_SOURCE, decode, read_bytes
from .laws import Rulebook
from .quotes import normalise


def source_body(text: str) -> str:
    """The text after the provenance header (which ends at a line ``---``)."""
    _head, sep, body = text.partition("\n---\n")
    return body if sep else text


def sources_dir(start: Path | None = None) -> Path | None:
    """``../shared/sources`` beside the project, if present (or ``ARBITER_SOURCES``)."""

    env = os.environ.get("ARBITER_SOURCES")
    if env:
        return Path(env) if Path(env).is_dir() else None
    here = (start or Path(__file__)).resolve()
    for parent in here.parents:
        cand = parent / "shared" / "sources"
        if cand.is_dir():
            return cand
    return None


class Mismatch(Struct, frozen=True):
    book: str
    ref: str
    what: str  # "text", "footnote 1"; "source" (file missing) or "sha256" (file differs)
    quote: str


def check_book(book: Rulebook, sources: Path, pinned: bool = True) -> list[Mismatch]:
    """Every law text and footnote of ``book`` that is not in its pinned source.

    Laws inherited from another book are checked against that book's source,
    and a house rulebook's own laws (no source) are not checked. A file that is not the
    pinned copy (its sha256 differs) is reported as such; with ``pinned=False`` (a text a
    reader fetched for himself) every quotation is looked for in it all the same, the
    difference coming first in the list.
    """
    if not book.source_file:
        return []

    name = book.source_file
    if "/" in name or "\\" in name or name in (".", ".."):  # the loader refuses these too
        return [Mismatch(book.id, "-", "source", "expected the plain name of a file in the "
                         "sources directory, not a path")]
    path = sources / name
    if not path.is_file():
        return [Mismatch(book.id, "-", "source", f"{name} is not a file in {sources}")]
    try:
        raw = read_bytes(path, "source text", MAX_SOURCE)
        text = decode(raw, name)
    except InputError as exc:
        return [Mismatch(book.id, "-", "source", exc.message)]
    digest = hashlib.sha256(raw).hexdigest()
    bad = []
    if book.source_sha256 and digest != book.source_sha256:
        bad.append(Mismatch(book.id, "-", "sha256", f"sha256 of {path.name} is {digest}, "
                            f"not the pinned {book.source_sha256}"))
        if pinned:
            return bad
    body = normalise(source_body(text))
    for law in book.laws:
        if law.book != book.id:
            continue
        if normalise(law.text) not in body:
            bad.append(Mismatch(book.id, law.ref, "text", law.text))
        for i, note in enumerate(law.footnotes, 1):
            if normalise(note) not in body:
                bad.append(Mismatch(book.id, law.ref, f"footnote {i}", note))
    return bad
