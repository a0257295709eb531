"""The judge: a case ruled under a book, and its question answered from that ruling.

The order of the pieces is the order of the data: ``rulings`` matches findings against the
book's provisions; ``course`` walks the events once, each finding ruled as it completes and
the ruling's consequence (a player retired, the deal ended) applied to the table before the
next act; ``answers`` reads the answer to the case's question from that table and those
decisions. This module puts them together, and imports each; none of them imports it.
"""

from __future__ import annotations

from ..law.laws import Rulebook
from ..table.cases import Case
from .answers import answers_for
from .course import course
from .rulings import (
    Citation,
    Decided,
    RulebookConflict,
    Ruling,
    Silence,
    TraceEntry,
    _citation,
    rule_on,
)

__all__ = [
    "Citation",
    "Decided",
    "RulebookConflict",
    "Ruling",
    "Silence",
    "TraceEntry",
    "judge",
    "rule_on",
]


def judge(case: Case, book: Rulebook) -> Ruling:
    """Replay ``case`` under ``book`` as its rulings leave the table, rule on everything
    found, and answer the case's question from that ruling."""
    _, ruling = course(case, book)
    ruling.answers = answers_for(ruling)  # each question the case asks, in order
    ruling.answer = ruling.answers[0] if ruling.answers else None
    for answer in ruling.answers:  # the laws the answers rest on are quoted too
        have = {c.ref for c in ruling.citations}
        refs = [*answer.cites, *(c for r in answer.readings for c in r.cites)]
        ruling.citations += [_citation(book, c) for c in dict.fromkeys(refs) if c not in have]
    for hand in case.agreed.hands:  # a hand the table agreed, in the book's words if it names it
        law = book.law(hand) or book.law("the-" + hand)
        if law is not None and law.ref not in {c.ref for c in ruling.citations}:
            ruling.citations.append(_citation(book, law.ref))
    return ruling
