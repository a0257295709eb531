"""Replays that once crashed the engine, kept as plain examples.

The cases in ``cases/`` pin the findings of each irregularity; these pin two
corners the generated hands found, where the replay raised an internal error
instead of replaying.
"""

from __future__ import annotations

import pytest
from casecheck import BOOKS

from arbiter import Library
from arbiter.table.cases import load_case
from arbiter.table.replay import replay


@pytest.mark.parametrize("book", BOOKS)
def test_dealer_exposes_a_card_as_the_draw_begins(book: str) -> None:
    """No one named: the card is exposed to the first to draw, and the say is over."""
    case = load_case("expose.yaml", """
table: {seats: [A, B, C], dealer: A, blind: 1, limit: 12}
events:
  - deal
  - C comes in
  - A comes in
  - B comes in
  - A exposes a card
""")
    r = replay(case, Library().get(book))
    exposed = [f for f in r.findings if f.kind == "card_exposed_in_draw"]
    assert [(f.step, f.player) for f in exposed] == [(5, "B")]  # first to draw
    assert r.final.phase == "the draw"
    assert sum(dict(r.final.cards).values()) == 52


@pytest.mark.parametrize("book", BOOKS)
def test_jack_pot_opened_on_a_six_card_hand(book: str) -> None:
    """Openers cannot be judged on six cards: the finding says so rather than crashing."""
    case = load_case("six.yaml", """
table: {seats: [A, B, C], dealer: A, blind: 1, limit: 12, jackpot: 1}
events:
  - {act: deals, counts: {B: 6}, hands: {B: Jh Jc 9d 4s 2h 7c}}
  - B opens 2
  - C passes
  - A passes
""")
    r = replay(case, Library().get(book))
    # Three antes of one (Hoffmann: two, the age's blind standing for his), and B's two.
    antes = 2 if book == "hoyle" else 3
    assert r.outcome == {"kind": "won_uncalled", "winner": "B", "pool": antes + 2}
    openers = [f for f in r.findings if f.kind == "opened_without_openers"]
    assert len(openers) == 1
    assert openers[0].facts["qualified"] is None
    assert "B held 6 cards" in openers[0].message
