"""A jack-pot's say (set I, K3 and K4): who has the first say, and the opener's need
tested at the opening itself."""

from __future__ import annotations

import pytest
from casecheck import BOOKS

from arbiter import Library
from arbiter.table.cases import load_case
from arbiter.table.replay import replay


def _jack(events: str, jackpot: int = 1) -> str:
    return (f"table: {{seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 10, "
            f"jackpot: {jackpot}, pool: 1}}\nevents:\n" + events)


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("first", ["B", "C"])
def test_jack_pot_say_begins_where_the_table_began_it(book: str, first: str) -> None:
    """No book in hand says whose is the first say where every player antes alike: the
    say begun on the dealer's left (B) or on the age's left (C) is not out of turn, and a
    ruling that rests on the second says what it assumed."""
    order = ["B", "C", "D", "E", "A"] if first == "B" else ["C", "D", "E", "A", "B"]
    events = "  - {act: deals, hands: {C: Kh Kd 9c 6d 2s}}\n"
    for n in order:
        events += f"  - {n} {'opens 2' if n == 'C' else 'passes'}\n"
    r = replay(load_case("jack.yaml", _jack(events)), Library().get(book))
    assert [f for f in r.findings if f.kind == "out_of_turn"] == []


@pytest.mark.parametrize("book", BOOKS)
def test_jack_pot_say_out_of_turn_is_still_found(book: str) -> None:
    """D speaking before either B or C is out of turn: it was B's say."""
    events = "  - deal\n  - D passes\n"
    r = replay(load_case("jack.yaml", _jack(events)), Library().get(book))
    found = [f for f in r.findings if f.kind == "out_of_turn"]
    assert [(f.player, f.facts["expected"]) for f in found] == [("D", "B")]


def test_opening_without_openers_is_found_at_the_opening() -> None:
    """K4: the events stop at the opening: the opener's need is tested there (Peel 31), not
    left to the end, which never comes."""
    events = "  - {act: deals, hands: {D: Jh Js 9c 6d 2s}}\n  - C passes\n  - D opens 2\n"
    r = replay(load_case("jack.yaml", _jack(events, jackpot=2)), Library().get("peel"))
    found = [(f.step, f.player, f.facts["need"], f.facts["ended"]) for f in r.findings
             if f.kind == "opened_without_openers"]
    assert found == [(3, "D", "Q", False)]


def test_opening_without_openers_is_judged_at_the_end_when_it_comes() -> None:
    """Once the deal ends, the rule for an opener who wins (Peel 33) is the one that reaches
    him: one finding, at the end."""
    events = ("  - {act: deals, hands: {D: Jh Js 9c 6d 2s}}\n  - C passes\n  - D opens 2\n"
              "  - E passes\n  - A passes\n  - B passes\n")
    r = replay(load_case("jack.yaml", _jack(events, jackpot=2)), Library().get("peel"))
    found = [(f.step, f.facts["ended"]) for f in r.findings
             if f.kind == "opened_without_openers"]
    assert found == [(6, True)]
