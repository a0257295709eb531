"""Narrating events (set I, K5): a `wins` that tells what the table already decided, and a
bare `disputes`, are no acts to rule on."""

from __future__ import annotations

import pytest
from casecheck import BOOKS

from arbiter import Library
from arbiter.table.cases import load_case
from arbiter.table.replay import replay

_CASE = """
table: {seats: [A, B, C], dealer: A, blind: 1, limit: 10}
events:
  - B blinds 1
  - deal
  - C comes in
  - A passes
  - B passes
  - %s
"""


@pytest.mark.parametrize("book", BOOKS)
def test_wins_after_the_pool_was_taken_tells_what_was_decided(book: str) -> None:
    r = replay(load_case("n.yaml", _CASE % "C wins"), Library().get(book))
    assert [f.kind for f in r.findings if f.step == 6] == []


@pytest.mark.parametrize("book", BOOKS)
def test_wins_naming_another_comes_too_late(book: str) -> None:
    r = replay(load_case("n.yaml", _CASE % "A wins"), Library().get(book))
    # A passed: his "win" is an act after passing, not a narration of the table's decision.
    assert [f.kind for f in r.findings if f.step == 6] in (["out_of_place"],
                                                           ["acted_after_passing"])


@pytest.mark.parametrize("book", BOOKS)
def test_a_bare_disputes_names_no_fact(book: str) -> None:
    r = replay(load_case("n.yaml", _CASE % "B disputes"), Library().get(book))
    assert [f.kind for f in r.findings if f.step == 6] == []
