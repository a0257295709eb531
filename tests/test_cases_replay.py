"""Every case in cases/ replays to the figures it carries, under each rulebook it names:
the table as the law leaves it, each ruling's consequence applied (ruling.course).

``expect.all`` applies under every rulebook; ``expect.<book>`` under that one.
Irregularities must match exactly: a worked example from a book must replay
under that book with no irregularity at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from casecheck import BOOKS, expected_books, library, replay_differences

from arbiter.ruling.course import course
from arbiter.table.cases import load_case

CASES = sorted((Path(__file__).resolve().parent.parent / "cases").glob("*.yaml"))


def _pairs() -> list[tuple[Path, str]]:
    import yaml

    out = []
    for path in CASES:
        expect = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("expect", {})
        out += [(path, b) for b in expected_books(expect)]
    return sorted(set(out))


@pytest.mark.parametrize(("path", "book"), _pairs(), ids=lambda v: getattr(v, "stem", v))
def test_case_replays_to_its_expected_figures(path: Path, book: str) -> None:
    case = load_case(path)
    expect = dict(case.expect.get("all", {})) if book in BOOKS else {}
    for k, v in case.expect.get(book, {}).items():
        expect[k] = v
    if book not in case.expect and _findings_by_book(case.expect):
        # A book with no block of its own (a fourth book) is held to what ``all:`` says;
        # where each book's findings are given under the book, ``all:`` says none.
        expect.setdefault("findings_include", [])
    r, _ = course(case, library().get(book))
    diffs = replay_differences(r, expect)
    assert not diffs, f"{path.name} under {book}:\n  " + "\n  ".join(diffs)


def _findings_by_book(expect: dict[str, Any]) -> bool:
    return any(isinstance(v, dict) and ("findings" in v or "findings_include" in v)
               for k, v in expect.items() if k != "all")


def test_every_case_carries_an_expectation() -> None:
    for path in CASES:
        assert load_case(path).expect, f"{path.name} has no expect:"
