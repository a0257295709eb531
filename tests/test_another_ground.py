"""An act irregular on two grounds is undone once, and its decision says both grounds, each
with its law (set K, k-05, judged M3: D's straddle of 4 ruled only as made after the deal,
a reading the readers leave open, and not also as 4 where 3 was due, Peel 21, which they
give whatever the timing; under Foster, only as made after looking, and not also past
one-fourth of the limit, Foster 17)."""

from __future__ import annotations

import pytest

import arbiter


@pytest.mark.parametrize(("book", "first", "also"), [
    ("peel", "straddle-before-the-deal", "21"),
    ("foster", "17", "17"),
])
def test_a_straddle_void_on_one_ground_says_the_other(book: str, first: str, also: str) -> None:
    ruling = arbiter.rule("k05-straddle-after-the-deal", book)
    (d,) = [d for d in ruling.decisions if d.finding.player == "D"]
    assert d.cites[0] == first and also in d.cites
    assert "; and on another ground: " in d.says
    answer = ruling.answer
    assert answer is not None and answer.answer == "no" and "on another ground" in answer.because


def test_peel_21_the_ante_step_is_said_beside_the_time_of_the_straddle() -> None:
    d = next(d for d in arbiter.rule("k05-straddle-after-the-deal", "peel").decisions
             if d.finding.player == "D")
    assert d.says.endswith("D's should be 3, not 4")
