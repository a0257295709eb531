"""Every provision of every rulebook is exercised by at least one case in cases/.

A provision no case reaches is law nobody has seen applied; this test lists them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter import Library
from arbiter.cases import load_case
from arbiter.judge import judge

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))


@pytest.mark.parametrize("book", ["foster", "hoyle", "peel"])
def test_every_provision_is_applied_by_some_case(book: str) -> None:
    rb = Library().get(book)
    applied: set[str] = set()
    for path in CASES:
        ruling = judge(load_case(path), rb)
        applied |= {d.provision for d in ruling.decisions}
    missing = sorted(p["id"] for p in rb.provisions if p["id"] not in applied)
    assert not missing, f"{book}: no case applies {missing}"


def test_there_are_at_least_forty_disputes() -> None:
    disputes = [p for p in CASES if load_case(p).dispute is not None]
    assert len(disputes) >= 40, f"only {len(disputes)} cases carry a dispute"
