"""A going better made during the draw is not an act out of turn: the draw's turn is a turn
to draw, and the say has closed (set K, k-09, judged M1: "may C raise" answered from the
out-of-turn bet rule, Peel 55-56, "C's bet ... cannot be recalled", where the ground is that
the ante's last say closed the round and before drawing a player makes his stake equal,
Peel 23 and 36)."""

from __future__ import annotations

import arbiter
from arbiter.ruling.judge import Ruling

RAISED = """\
title: C raises during the draw
table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 12}
events:
  - B blinds 1
  - deal
  - C comes in 2
  - D makes good and raises 4
  - E makes good and raises 3
  - A passes
  - B makes good 8
"""


def _ruled(extra: str, book: str = "peel") -> Ruling:
    return arbiter.rule(arbiter.load_case(RAISED + extra), book)


def test_peel_36_a_raise_in_the_draw_in_his_own_turn_is_not_out_of_turn() -> None:
    ruling = _ruled("  - B draws 1\n  - C raises 3\n")
    found = [(str(f.kind), f.player, f.facts.get("in_turn")) for f in ruling.replay.findings]
    assert found == [("bet_in_the_draw", "C", True)]
    (d,) = ruling.decisions
    assert str(d.decision) == "out_of_order" and d.cites[:1] == ["36"]


def test_peel_36_may_c_raise_once_the_say_has_closed_rests_on_36_not_55() -> None:
    ruling = _ruled("dispute: {raised_by: D, about: C, question: q, asks: may C raise 3}\n")
    answer = ruling.answer
    assert answer is not None and answer.answer == "no"
    assert "36" in answer.cites and "55" not in answer.cites


def test_a_book_that_gives_no_rule_on_it_is_silent() -> None:
    ruling = _ruled("  - C makes good 7\n  - D makes good 3\n  - B draws 1\n"
                    "  - C raises 3\n", "hoyle")
    assert [str(f.kind) for f in ruling.replay.findings] == ["bet_in_the_draw"]
    assert [str(s.finding.kind) for s in ruling.silences] == ["bet_in_the_draw"]
