"""Rulebook data: laws as printed, and the rulebook that holds them."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from msgspec import Struct

from .params import cites_of

# Law and Rulebook are msgspec Structs, not dataclasses: `arbiter law` is run at the table,
# and 38 frozen dataclasses cost 40-60 ms to define on this machine, where Structs cost 1-7 ms.


class Effect(StrEnum):
    """What a law does, so coverage can be counted."""

    DECIDES = "decides"
    DESCRIBES = "describes"
    ADVISES = "advises"
    # A rule of procedure the table follows, or leaves to the players' agreement, which the
    # engine does not rule on: not counted among the deciding laws.
    PROCEDURE = "procedure"


class Law(Struct, frozen=True):
    """One law or citable passage, quoted exactly."""

    ref: str
    text: str
    title: str | None = None
    heading: str | None = None
    page: int | None = None
    page_end: int | None = None
    effect: Effect = Effect.DECIDES
    footnotes: tuple[str, ...] = ()
    note: str | None = None
    line: int | None = None
    book: str = ""
    cited_as: str = ""  # the short name of the book the law comes from, e.g. "Peel"
    sourced: bool = True  # quoted from a pinned source (False: a club's own words)

    @property
    def numbered(self) -> bool:
        return self.ref.isdigit()

    @property
    def pages(self) -> str | None:
        """``52`` or ``52–53``; None where the page is not known."""
        if self.page is None:
            return None
        if self.page_end and self.page_end != self.page:
            return f"{self.page}–{self.page_end}"
        return str(self.page)

    def label(self) -> str:
        """How the law is named in a citation: ``law 45`` or ``p. 131 "The Straddle"``."""
        if self.numbered:
            return f"law {self.ref}"
        name = f'"{self.title}"' if self.title else self.ref
        return f"p. {self.page} {name}" if self.page else f"{self.ref} {name}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "book": self.book,
            "ref": self.ref,
            "title": self.title,
            "heading": self.heading,
            "page": self.page,
            "page_end": self.page_end,
            "effect": str(self.effect),
            "text": self.text,
        }
        if self.footnotes:
            out["footnotes"] = list(self.footnotes)
        if self.note:
            out["note"] = self.note
        return out


class Rulebook(Struct, frozen=True):
    """An authority (or a club's house rules): metadata, laws, parameters, provisions."""

    id: str
    title: str
    file: str
    author: str | None = None
    place: str | None = None
    year: int | None = None
    edition: str | None = None
    source_file: str | None = None
    source_sha256: str | None = None
    extent: str | None = None
    citation: str | None = None
    extends: str | None = None
    parameters: dict[str, Any] = {}
    laws: tuple[Law, ...] = ()
    provisions: tuple[dict[str, Any], ...] = ()
    extract: bool = False
    # The name of the book whose pinned text is that extract: the book itself, or for a house
    # book that extends one, the book it inherits it from ("Foster", not "House").
    pinned: str | None = None
    catch_all: dict[str, Any] | None = None
    questions_of_fact: dict[str, Any] | None = None
    # Which finding is ruled on its cause and not found twice (see arbiter/precedence.py).
    precedence: tuple[dict[str, Any], ...] = ()
    # The book's procedures: evidence, parties to a dispute, refunds (arbiter/procedures.py).
    procedures: dict[str, Any] = {}
    # How the book answers the questions a case asks (arbiter/answers.py).
    answers: tuple[dict[str, Any], ...] = ()

    @property
    def name(self) -> str:
        """The short name used in citations, e.g. ``Peel``."""
        return self.citation or self.id

    @property
    def pinned_name(self) -> str:
        """The book whose pinned text this one rests on, as a ruling names it."""
        return self.pinned or self.name

    def law(self, ref: str | int) -> Law | None:
        return _index(self.laws).get(normalise_ref(ref))

    def refs(self) -> list[str]:
        return [law.ref for law in self.laws]

    def executable_refs(self) -> set[str]:
        """Laws that something decides with: a provision, a parameter, or the rule naming who
        settles a question of fact. The catch-all does not count: it is cited when nothing
        else decides, so a law cited only there is not yet executable."""
        refs: list[Any] = []
        for p in self.provisions:
            refs += p.get("cites", [])
        for group in self.parameters.values():
            # A group counts only where it sets something: cites alone decide nothing.
            if isinstance(group, dict) and set(group) - {"cites", "note"}:
                refs += cites_of(group)
        if self.questions_of_fact:
            refs += self.questions_of_fact.get("cites", [])
        for a in self.answers:
            if not a.get("silent"):  # a silent answer names the laws it weighed, not used
                refs += a.get("cites", [])
        for rule in self.precedence:
            refs += rule.get("cites", [])
        known = _index(self.laws)
        return {known[n].ref for n in map(normalise_ref, refs) if n in known}

    def coverage(self) -> tuple[int, int]:
        """(deciding laws that are executable, deciding laws)."""
        deciding = {law.ref for law in self.laws if law.effect == Effect.DECIDES}
        return len(deciding & self.executable_refs()), len(deciding)

    def summary(self) -> dict[str, Any]:
        counts = {str(e): 0 for e in Effect}
        for law in self.laws:
            counts[str(law.effect)] += 1
        executable = self.executable_refs()  # once: it walks every provision
        deciding_refs = [law.ref for law in self.laws if law.effect == Effect.DECIDES]
        done = len(set(deciding_refs) & executable)
        deciding = len(set(deciding_refs))
        return {
            "id": self.id,
            "title": self.title,
            "author": self.author,
            "place": self.place,
            "year": self.year,
            "edition": self.edition,
            "extends": self.extends,
            "laws": len(self.laws),
            "deciding_laws": counts["decides"],
            "executable_laws": done,
            "coverage": round(done / deciding, 3) if deciding else None,
            "not_executable": sorted(
                (r for r in deciding_refs if r not in executable),
                key=lambda r: (not r.isdigit(), int(r) if r.isdigit() else 0, r)),
            "procedure": [law.ref for law in self.laws if law.effect == Effect.PROCEDURE],
            "extract": self.extract,
            "provisions": len(self.provisions),
            "extent": self.extent,
            "file": self.file,
        }


_INDEXES: dict[int, tuple[tuple[Law, ...], dict[str, Law]]] = {}


def _index(laws: tuple[Law, ...]) -> dict[str, Law]:
    """A book's laws by ref, built once per tuple of laws: found by the tuple's identity
    (kept alive beside it), since hashing a tuple of laws at every lookup costs more."""
    known = _INDEXES.get(id(laws))
    if known is not None and known[0] is laws:
        return known[1]
    if len(_INDEXES) >= 64:
        _INDEXES.clear()
    index = {law.ref.lower(): law for law in laws}
    _INDEXES[id(laws)] = (laws, index)
    return index


def normalise_ref(ref: str | int) -> str:
    """Accept ``45``, ``"45"``, ``law 45``, ``Law45`` or ``straddle`` alike."""
    text = str(ref).strip().lower()
    for prefix in ("law ", "law", "no. ", "no.", "§"):
        if text.startswith(prefix) and text[len(prefix) :].strip().isdigit():
            return text[len(prefix) :].strip()
    return text
