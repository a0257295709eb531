"""Every provision of every rulebook is exercised by at least one case in cases/.

A provision no case reaches is law nobody has seen applied; this test lists them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from casecheck import AWAITING_PENDING, BOOKS, house_books, library, tried

from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))


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
            for one in (case, *tried(case)):
                ruling = judge(one, b)
                applied |= {d.provision for d in ruling.decisions if d.provision in inherited}
    waiting = set(AWAITING_PENDING)
    missing = sorted(p["id"] for p in rb.provisions
                     if p["id"] not in applied and p["id"] not in waiting)
    assert not missing, f"{book}: no case applies {missing}"
    assert not waiting & applied, f"{book}: {sorted(waiting & applied)} now applied by a case"
    for key, (name, _) in AWAITING_PENDING.items():
        assert (ROOT / "tests" / "readings" / "pending" / name).is_file(), (key, name)


def test_there_are_at_least_forty_disputes() -> None:
    disputes = [p for p in CASES if load_case(p).dispute is not None]
    assert len(disputes) >= 40, f"only {len(disputes)} cases carry a dispute"
