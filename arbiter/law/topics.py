"""Topics: what each law of a rulebook is about, read from the book's ``topics:`` section.

Topics are data: each book lists its topics (the deal, straddling, the draw, ...) with the
laws and parameters under each, using the same ids as the other books so that two books
can be set side by side. A house book's topics are its parent's, with whatever it names
again adding to them (and a new id adding a topic). A topic marked ``pinned: false`` is one
whose laws lie outside the book's pinned extract: the book's rule on it is unknown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec import Struct

from ..errors import did_you_mean
from .laws import Rulebook
from .library import Library, error_at
from .params import parameter_names


class Topic(Struct, frozen=True):
    id: str
    title: str
    laws: tuple[str, ...]  # each the book's own ref, in the order given
    parameters: tuple[str, ...]  # "straddle" (a whole group) or "draw.exposed_card"
    pinned: bool = True
    note: str | None = None

    @property
    def empty(self) -> bool:
        return not self.laws


def parameter_keys(entry: str) -> list[str]:
    """``straddle`` -> every ``straddle.*`` setting; ``draw.faced_card`` -> itself."""
    names = parameter_names()
    return [entry] if "." in entry else [n for n in names if n.split(".")[0] == entry]


def topics_of(lib: Library, book: Rulebook) -> list[Topic]:
    """The topics of ``book``, its parent's first (a house book adds to them)."""
    out: dict[str, Topic] = {}
    if book.extends:
        for t in topics_of(lib, lib.get(book.extends)):
            out[t.id] = t
    entries = _raw_topics(lib, book)
    for i, raw in enumerate(entries):
        laws = []
        for ref in raw.get("laws", []):
            law = book.law(ref)
            if law is None:
                raise error_at(Path(book.file), ("topics", i, "laws"),
                               f"topic {raw['id']!r} names law {ref!r}, which {book.name} "
                               f"does not hold; {did_you_mean(str(ref), book.refs())}")
            laws.append(law.ref)
        for entry in raw.get("parameters", []):
            if not parameter_keys(entry):
                groups = sorted({n.split(".")[0] for n in parameter_names()})
                raise error_at(Path(book.file), ("topics", i, "parameters"),
                               f"topic {raw['id']!r} names parameter {entry!r}, which no "
                               f"rulebook can give; {did_you_mean(entry, groups)}")
            if "." in entry and entry not in parameter_names():
                raise error_at(Path(book.file), ("topics", i, "parameters"),
                               f"topic {raw['id']!r} names parameter {entry!r}, which no "
                               f"rulebook can give; {did_you_mean(entry, parameter_names())}")
        old = out.get(raw["id"])
        if old is None and "title" not in raw:
            raise error_at(Path(book.file), ("topics", i),
                           f"topic {raw['id']!r} needs a 'title' (it is not a topic of the "
                           "book this one extends)")
        out[raw["id"]] = Topic(
            id=raw["id"],
            title=raw.get("title", old.title if old else raw["id"]),
            laws=(*(old.laws if old else ()), *(r for r in laws if not old or r not in old.laws)),
            parameters=(*(old.parameters if old else ()), *raw.get("parameters", [])),
            pinned=raw.get("pinned", old.pinned if old else True),
            note=raw.get("note", old.note if old else None),
        )
    return list(out.values())


def _raw_topics(lib: Library, book: Rulebook) -> list[dict[str, Any]]:
    data = lib.data(Path(book.file))
    seen: dict[str, int] = {}
    entries: list[dict[str, Any]] = list(data.get("topics", []))
    for i, raw in enumerate(entries):
        if raw["id"] in seen:
            first = seen[raw["id"]]
            raise error_at(Path(book.file), ("topics", i, "id"),
                           f"topic {raw['id']!r} is given twice (first at topics[{first}])")
        seen[raw["id"]] = i
    return entries


def topic_ids(lib: Library, books: list[Rulebook]) -> list[str]:
    """Every topic id of the books, in the first book's order, then any others'."""
    out: list[str] = []
    for b in books:
        out += [t.id for t in topics_of(lib, b) if t.id not in out]
    return out


def untopical_laws(lib: Library, book: Rulebook) -> list[str]:
    """Laws of ``book`` under no topic (``arbiter diff`` would never show them)."""
    placed = {ref for t in topics_of(lib, book) for ref in t.laws}
    return [law.ref for law in book.laws if law.ref not in placed]
