"""Full-text search over laws: best matches first, matched words marked."""

from __future__ import annotations

import re
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


@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[tuple[str, tuple[int, int]], ...]:
    """Each word of a law's text, stemmed, with where it stands: worked out once a text."""
    return tuple((_stem(m.group()), m.span()) for m in re.finditer(_WORD, text.lower()))


@lru_cache(maxsize=8192)  # the judge asks the same words of the same laws, finding by finding
def _score(law: Law, terms: tuple[str, ...]) -> Hit | None:
    wanted = set(terms)
    prefixes = {t for t in terms if len(t) >= 4}
    spans = []
    found: dict[str, int] = {}
    for stem, span in _tokens(law.text):
        # Short words match whole; longer ones also begin longer words ("straddl..."): the
        # first term, in the order given, that the word is or begins with.
        hits = [stem] if stem in wanted else []
        hits += [stem[:n] for n in range(4, len(stem)) if stem[:n] in prefixes]
        if hits:
            t = min(hits, key=terms.index) if len(hits) > 1 else hits[0]
            spans.append(span)
            found[t] = found.get(t, 0) + 1
    title = f"{law.title or ''} {law.heading or ''}".lower()
    # Every term must be found: in the text, or else in the title or heading.
    for t in terms:
        if t not in found and t not in title:
            return None
    in_title = sum(1 for t in terms if t in title)
    # All terms matter most, then how dense the matches are, then a title match.
    score = len(found) * 10 + in_title * 5 + sum(found.values()) / (1 + len(law.text) / 400)
    return Hit(law, round(score, 3), tuple(spans))


def marked(text: str, spans: tuple[tuple[int, int], ...], left: str, right: str) -> str:
    out, pos = [], 0
    for a, b in spans:
        out += [text[pos:a], left, text[a:b], right]
        pos = b
    out.append(text[pos:])
    return "".join(out)
