"""Which pending cases the engine now rules as their readers do.

    python tests/pending.py            # every case in tests/readings/pending/
    python tests/pending.py ID ...     # only these

For each pending case and each book it expects, "agrees" or the differences, checked as
tests/test_cases_rulings.py and tests/test_cases_replay.py check the cases in cases/. A
case that agrees under every book goes back to cases/ unchanged (git mv). Not collected as
a test: a pending case is one the engine does not yet rule as its readers do.
"""

from __future__ import annotations

import sys
from pathlib import Path

from casecheck import (
    BOOKS,
    expected_books,
    library,
    replay_differences,
    ruling_differences,
)

from arbiter.ruling.course import course
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

PENDING = Path(__file__).resolve().parent / "readings" / "pending"


def differences(path: Path) -> dict[str, list[str]]:
    case = load_case(path)
    out: dict[str, list[str]] = {}
    for book in expected_books(case.expect):
        rb = library().get(book)
        everyone = case.expect.get("all", {}) if book in BOOKS else {}
        own = case.expect.get(book, {})
        ruling = dict(everyone.get("ruling", {}))
        ruling.update(own.get("ruling", {}))
        figures = {**everyone, **own}
        diffs = replay_differences(course(case, rb)[0], figures)
        if ruling:
            diffs += ruling_differences(judge(case, rb), ruling)
        out[book] = diffs
    return out


def main(ids: list[str]) -> int:
    paths = [PENDING / f"{i}.yaml" for i in ids] or sorted(PENDING.glob("*.yaml"))
    agreeing = 0
    for path in paths:
        found = differences(path)
        whole = not any(found.values())
        agreeing += whole
        print(f"{path.stem}: {'agrees' if whole else 'differs'}")
        for book, diffs in found.items():
            for d in diffs:
                print(f"  {book}: {d}")
    print(f"{agreeing} of {len(paths)} agree under every book")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
