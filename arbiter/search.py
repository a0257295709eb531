"""Full-text search over laws: best matches first, matched words marked."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .laws import Law, Rulebook

_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _stem(word: str) -> str:
    # A light stemmer: enough that "straddle" finds "straddling" and "straddled".
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True)
class Hit:
    law: Law
    score: float
    spans: tuple[tuple[int, int], ...]  # character spans of matched words in law.text


def search(books: list[Rulebook], words: list[str]) -> list[Hit]:
    terms = [_stem(w) for w in _WORD.findall(" ".join(words).lower())]
    if not terms:
        return []
    hits = []
    for book in books:
        for law in book.laws:
            hit = _score(law, terms)
            if hit:
                hits.append(hit)
    hits.sort(key=lambda h: (-h.score, h.law.book, _order(h.law)))
    return hits


def _order(law: Law) -> tuple[int, str]:
    return (int(law.ref), "") if law.ref.isdigit() else (10**6, law.ref)


@lru_cache(maxsize=2048)
def _index(text: str) -> tuple[dict[str, list[tuple[int, int]]], dict[str, list[str]]]:
    """A law's words, worked out once per text: each stem with the spans where it stands,
    and each beginning of four letters or more with the stems it begins."""
    stems: dict[str, list[tuple[int, int]]] = {}
    for m in _WORD.finditer(text.lower()):
        stems.setdefault(_stem(m.group()), []).append(m.span())
    starts: dict[str, list[str]] = {}
    for stem in stems:
        for n in range(4, len(stem) + 1):
            starts.setdefault(stem[:n], []).append(stem)
    return stems, starts


def _score(law: Law, terms: list[str]) -> Hit | None:
    stems, starts = _index(law.text)
    spans: list[tuple[int, int]] = []
    found: dict[str, int] = {}
    claimed: set[str] = set()
    for t in terms:
        # Short words match whole; longer ones also begin longer words ("straddl...").
        matching = [t] if t in stems else []
        if len(t) >= 4:
            matching += [x for x in starts.get(t, []) if x != t]
        for stem in matching:
            if stem in claimed:
                continue  # a word counts once, for the first term it matches
            claimed.add(stem)
            spans += stems[stem]
            found[t] = found.get(t, 0) + len(stems[stem])
    spans.sort()
    title = f"{law.title or ''} {law.heading or ''}".lower()
    in_title = sum(1 for t in terms if t in title)
    # Every term must be found: in the text, or else in the title or heading.
    if any(t not in found and t not in title for t in terms):
        return None
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
