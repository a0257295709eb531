"""A player who lets his turn to bet go by, saying and doing nothing, the next player going
on (``lets his turn to bet go by``): found, and ruled by what each book makes of it (set W,
w-01, both readers). Peel 54: "If, when his turn comes, any player have not staked, and does
not stake a sum at least equal to that staked by the preceding player, such player shall
place his cards, face downwards, on the table, and shall retire from the game, and shall
forfeit his stake in that game"; the next players' acts are then in turn, and a later act
of his is answered on 54. Foster's pinned text and Hoffmann do not say: whether he may act
later turns on what became of him, and the answer is that silence."""

from __future__ import annotations

import pytest

import arbiter
from arbiter.ruling.judge import Ruling

W01 = """\
title: B lets his turn to bet go by, and raises after C and D have called
table: {seats: [A, B, C, D, E], dealer: E, blind: 1, limit: 5}
events:
  - A blinds 1
  - deal
  - B comes in 2
  - C comes in 2
  - D comes in 2
  - E comes in 2
  - A makes good 1
  - A draws 2
  - B draws 2
  - C draws 2
  - D draws 2
  - E draws 2
  - A bets 2
  - B lets his turn to bet go by
  - C calls 2
  - D calls 2
  - B raises 3
dispute: {raised_by: C, about: B, question: "He can't raise now.", asks: may B raise 3}
"""


def _ruled(book: str, text: str = W01) -> Ruling:
    return arbiter.rule(arbiter.load_case(text), book)


def test_peel_54_he_retires_and_forfeits_and_the_next_calls_are_in_turn() -> None:
    ruling = _ruled("peel")
    found = [(str(f.kind), f.step, f.player) for f in ruling.replay.findings]
    assert ("turn_gone_by", 14, "B") in found
    assert not [f for f in found if f[0] == "out_of_turn" and f[2] in ("C", "D")]
    gone = next(d for d in ruling.decisions if str(d.finding.kind) == "turn_gone_by")
    assert str(gone.decision) == "retires" and gone.cites == ["54"]
    assert {"player": "B", "forfeits": 2, "to": "the pool"} in gone.penalties
    assert ruling.replay.steps[16].pool == 16
    answer = ruling.answer
    assert answer is not None and answer.answer == "no" and "54" in answer.cites


@pytest.mark.parametrize(("book", "word"), [("hoyle", "silent"),
                                            ("foster", "not in the pinned text")])
def test_a_book_that_does_not_say_answers_his_later_act_with_that_silence(
        book: str, word: str) -> None:
    ruling = _ruled(book)
    assert [str(s.finding.kind) for s in ruling.silences][:1] == ["turn_gone_by"]
    answer = ruling.answer
    assert answer is not None and answer.answer == word and answer.silent
    assert "what became of B once B let B's turn go by" in answer.because


def test_only_the_player_whose_turn_it_is_can_let_it_go_by() -> None:
    text = W01.replace("  - B lets his turn to bet go by\n", "  - C lets his turn to bet go by\n")
    found = [(str(f.kind), f.player) for f in _ruled("peel", text).replay.findings]
    assert ("out_of_place", "C") in found and ("turn_gone_by", "C") not in found
