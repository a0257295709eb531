"""Full-text search over laws: best matches first, matched words marked."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from msgspec import Struct

from .laws import Law, Rulebook

# compiled by re (and kept in its cache) on the first search, not at every start
_WORD = r"[a-z0-9]+(?:-[a-z0-9]+)*"


def _stem(word: str) -> str:
    # A light stemmer: enough that "straddle" finds "straddling" and "straddled".
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


class Hit(Struct, frozen=True):
    law: Law
    score: float
    spans: tuple[tuple[int, int], ...]  # character spans of matched words in law.text


def search(books: list[Rulebook], words: list[str]) -> list[Hit]:
    # Each term once, in the order given: 10,000 words cost no more than their distinct stems.
    terms = list(dict.fromkeys(_stem(w) for w in re.findall(_WORD, " ".join(words).lower())))
    if not terms:
        return []
    key = tuple(terms)
    hits = []
    for book in books:
        for law in book.laws:
            hit = _score(law, key)
            if hit:
                hits.append(hit)
    hits.sort(key=lambda h: (-h.score, h.law.book, _order(h.law)))
    return hits


def _order(law: Law) -> tuple[int, str]:
    return (int(law.ref), "") if law.ref.isdigit() else (10**6, law.ref)


def _term_of(word: str, terms: tuple[str, ...]) -> str | None:
    """The term a word answers, by its stem: short terms match whole; longer ones also
    begin longer words ("straddl..."): the first term, in the order given, that it is or
    begins."""
    stem = _stem(word)
    for t in terms:
        if t == stem or (len(t) >= 4 and len(t) < len(stem) and stem.startswith(t)):
            return t
    return None


@lru_cache(maxsize=8192)  # the judge asks the same words of the same laws, finding by finding
def _score(law: Law, terms: tuple[str, ...]) -> Hit | None:
    text = law.text.lower()
    title = f"{law.title or ''} {law.heading or ''}".lower()
    # Every term must be found: in the text, or else in the title or heading. A stem begins
    # its word, so a term found in the text is in it as it stands: most laws are set aside
    # here, at the C string search's speed, before a word of them is read.
    if any(t not in text and t not in title for t in terms):
        return None
    found: dict[str, int] = {}
    matched: set[str] = set()
    for word, n in Counter(re.findall(_WORD, text)).items():
        t = _term_of(word, terms) if word.startswith(terms) else None
        if t is not None:
            matched.add(word)
            found[t] = found.get(t, 0) + n
    for t in terms:
        if t not in found and t not in title:
            return None
    spans = tuple(m.span() for m in re.finditer(_WORD, text) if m.group() in matched)
    in_title = sum(1 for t in terms if t in title)
    # All terms matter most, then how dense the matches are, then a title match.
    score = len(found) * 10 + in_title * 5 + sum(found.values()) / (1 + len(law.text) / 400)
    return Hit(law, round(score, 3), spans)


def marked(text: str, spans: tuple[tuple[int, int], ...], left: str, right: str) -> str:
    out, pos = [], 0
    for a, b in spans:
        out += [text[pos:a], left, text[a:b], right]
        pos = b
    out.append(text[pos:])
    return "".join(out)
