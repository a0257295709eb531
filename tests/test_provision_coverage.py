"""Every provision of every rulebook is exercised by at least one case in cases/.

A provision no case reaches is law nobody has seen applied; this test lists them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from casecheck import BOOKS, house_books, library
from msgspec.structs import replace

from arbiter.ruling.judge import judge
from arbiter.table.cases import Case, load_case
from arbiter.terms.vocabulary import Question

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))

# Provisions whose case waits in tests/readings/pending/ for the lead to encode its events
# with the act the provision rules (the case's file, and what its events lack). Once a case
# in cases/ applies one, it must come off this list.
AWAITING_PENDING: dict[str, tuple[str, str]] = {
    "peel: peel-54-turn-gone-by": (
        "w01-silent-then-raises-late.yaml",
        "B's silence after A's bet, written as a comment, not as `B lets his turn to bet go "
        "by`"),
}


@pytest.mark.parametrize("book", BOOKS)
def test_every_provision_is_applied_by_some_case(book: str) -> None:
    """Under the book, or under an example house book that inherits the provision as it is
    (one that applies only under a parameter the house book sets: Hoffmann's straddle)."""
    lib = library()
    rb = lib.get(book)
    applied: set[str] = set()
    books = [rb, *(lib.get(h) for h, parent in sorted(house_books().items()) if parent == book)]
    for b in books:
        inherited = {p["id"] for p in b.provisions if p["book"] == book}
        for path in CASES:
            case = load_case(path)
            for tried in (case, *_tried(case)):
                ruling = judge(tried, b)
                applied |= {d.provision for d in ruling.decisions if d.provision in inherited}
    waiting = {k.partition(": ")[2] for k in AWAITING_PENDING if k.startswith(f"{book}: ")}
    missing = sorted(p["id"] for p in rb.provisions
                     if p["id"] not in applied and p["id"] not in waiting)
    assert not missing, f"{book}: no case applies {missing}"
    assert not waiting & applied, f"{book}: {sorted(waiting & applied)} now applied by a case"
    for key, (name, _) in AWAITING_PENDING.items():
        assert (ROOT / "tests" / "readings" / "pending" / name).is_file(), (key, name)


def _tried(case: Case) -> list[Case]:
    """The case with each act a ``may`` question asks of done after its events, as the
    answer tries it (ruling/answers.py): a provision that rules an act only a case's pinned
    question puts (Peel 36 on a raise once the say has closed, k09) is applied by it."""
    d = case.dispute
    asks = [] if d is None or d.asks is None else [d.asks, *d.more_asks]
    return [replace(case, events=(*case.events, replace(a.act, line=None, column=None)))
            for a in asks if a.kind == Question.MAY and a.act is not None]


def test_there_are_at_least_forty_disputes() -> None:
    disputes = [p for p in CASES if load_case(p).dispute is not None]
    assert len(disputes) >= 40, f"only {len(disputes)} cases carry a dispute"
