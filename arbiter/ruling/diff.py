"""Two rulebooks set side by side, topic by topic: their laws, their parameters and the laws
those rest on, and whether they decide alike (see ``alike``)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from msgspec import Struct, field

from ..errors import InputError, did_you_mean
from ..law.alike import Alike, compare_finding, kinds_on
from ..law.laws import Law, Rulebook
from ..law.library import Library
from ..law.params import assumed_value, cites_of
from ..law.topics import Topic, parameter_keys, topic_ids, topics_of, untopical_laws


class Setting(Struct, frozen=True):
    """One parameter as a book gives it (or does not)."""

    value: Any
    given: bool
    cites: tuple[str, ...]

    name: str = ""

    def words(self) -> str:
        if self.given:
            return _value_words(self.value, self.name)
        return f"not given (engine assumes {_value_words(self.value, self.name)})"


class TopicDiff(Struct):
    id: str
    title: str
    topics: list[Topic | None]  # one per book, None where the book has no such topic
    settings: list[tuple[str, list[Setting]]] = field(default_factory=list)
    findings: list[tuple[int, Alike]] = field(default_factory=list)  # (other book, vs first)

    @property
    def alike(self) -> bool | None:
        """True: every finding on the topic decided alike; None: no provisions to compare."""
        if not self.findings:
            return None
        return all(f.alike for _, f in self.findings)


class BookDiff(Struct):
    books: list[Rulebook]
    topics: list[TopicDiff]
    full: bool = False


def diff_books(lib: Library, books: list[Rulebook], topic: str | None = None) -> BookDiff:
    """The books side by side, topic by topic; each later book's decisions are compared
    with the first's."""
    ids = topic_ids(lib, books)
    by_book = [_with_other(lib, b, {t.id: t for t in topics_of(lib, b)}) for b in books]
    if any(OTHER in m for m in by_book) and OTHER not in ids:
        ids.append(OTHER)
    if topic is not None and topic not in ids:
        raise InputError(f"no topic {topic!r} in {', '.join(b.name for b in books)}; "
                         f"{did_you_mean(topic, ids)}")
    out = []
    for tid in ids:
        if topic is not None and tid != topic:
            continue
        mine = [m.get(tid) for m in by_book]
        title = next(t.title for t in mine if t)
        d = TopicDiff(tid, title, mine)
        entries: list[str] = []
        for t in mine:
            for e in t.parameters if t else ():
                entries += [k for k in parameter_keys(e) if k not in entries]
        d.settings = [(k, [setting(b, k) for b in books]) for k in entries]
        kinds: list[str] = []
        for b, t in zip(books, mine, strict=True):
            kinds += [k for k in kinds_on(b, t.laws if t else ()) if k not in kinds]
        d.findings = [(i, compare_finding(k, books[0], b))
                      for k in kinds for i, b in enumerate(books) if i]
        out.append(d)
    return BookDiff(books, out)


OTHER = "other"  # the laws a book files under no topic (a club's own, most often)


def _with_other(lib: Library, book: Rulebook, topics: dict[str, Topic]) -> dict[str, Topic]:
    """The book's topics, and its laws under none of them as the topic ``other``, so that
    ``diff`` never leaves a law out."""
    loose = tuple(untopical_laws(lib, book))
    if not loose:
        return topics
    old = topics.get(OTHER)
    topics[OTHER] = Topic(id=OTHER, title=old.title if old else "Other laws",
                          laws=(*(old.laws if old else ()), *loose),
                          parameters=old.parameters if old else ())
    return topics


def setting(book: Rulebook, name: str) -> Setting:
    group, key = name.split(".", 1)
    g = book.parameters.get(group)
    cites = tuple(str(c) for c in cites_of(g, key))
    if isinstance(g, dict) and key in g:
        return Setting(g[key], True, cites, name)
    return Setting(assumed_value(name), False, cites, name)


def _value_words(v: Any, name: str = "") -> str:
    if name.endswith("of_limit") and isinstance(v, int | float) and not isinstance(v, bool):

        f = Fraction(v).limit_denominator(100)
        return "the whole limit" if f == 1 else f"{f} of the limit"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list | tuple):
        return ", ".join(str(x) for x in v)
    return str(v).replace("_", " ")


_SENTENCE = re.compile(r"(?<!\bNo)(?<!\b[A-Z])([.!?])[\"”’)]*(?=\s+[\"“(]?[A-Z0-9]|\s*$)")


def first_sentence(law: Law) -> str:
    """The law's first sentence (after a run-in heading such as "Straddling.")."""
    text = " ".join(law.text.split())
    start = 0
    for _ in range(2):
        m = _SENTENCE.search(text, start)
        if not m:
            return text
        sentence = text[start:m.end()].strip()
        if law.title and sentence.rstrip(".").lower() == law.title.lower():
            start = m.end()
            continue
        return text[: m.end()]
    return text


def law_summary(law: Law, full: bool) -> str:
    return " ".join(law.text.split()) if full else first_sentence(law)


def diff_dict(d: BookDiff, full: bool = False) -> dict[str, Any]:
    def laws(book: Rulebook, t: Topic | None) -> dict[str, Any]:
        if t is None:
            return {"book": book.id, "topic": False, "laws": []}
        found = [law for law in (book.law(r) for r in t.laws) if law is not None]
        return {"book": book.id, "topic": True, "pinned": t.pinned, "note": t.note,
                "laws": [{"ref": law.ref, "label": law.label(),
                          "text": law_summary(law, full)} for law in found]}

    return {
        "books": [b.id for b in d.books],
        "topics": [
            {"id": t.id, "title": t.title,
             "laws": [laws(b, x) for b, x in zip(d.books, t.topics, strict=True)],
             "parameters": [{"name": n, "values": [_json_setting(x) for x in values],
                             "same": len({repr(x.value) for x in values}) == 1}
                            for n, values in t.settings],
             "alike": t.alike,
             "findings": [dict(f.to_dict(), books=[d.books[0].id, d.books[i].id])
                          for i, f in t.findings]}
            for t in d.topics
        ],
    }


def _json_setting(s: Setting) -> dict[str, Any]:
    v = list(s.value) if isinstance(s.value, tuple) else s.value
    return {"value": v, "given": s.given, "cites": list(s.cites)}
