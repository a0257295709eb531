"""Replays that once crashed the engine, kept as plain examples.

The cases in ``cases/`` pin the findings of each irregularity; these pin two
corners the generated hands found, where the replay raised an internal error
instead of replaying, and when a delivery in the draw is complete.
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


# --- a giving interrupted by a faced card is not a short one (Hb) ----------------------

_FACED = """
table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 10}
events:
  - B blinds 1
  - deal
  - C comes in 2
  - D comes in 2
  - E passes
  - A comes in 2
  - B makes good 1
  - B discards 3
  - A gives B 3
  - C discards 2
  - A gives C 1
  - faced card 8d
  - C points out a card faced in the pack
"""


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize(("then", "short"), [("", False), ("  - A gives C 1\n", False),
                                             ("  - D discards 2\n  - A gives D 2\n", True)])
def test_a_giving_interrupted_by_a_faced_card_is_complete_only_when_the_dealer_goes_on(
        book: str, then: str, short: bool) -> None:
    """The dealer was giving C his two cards when a card was found faced in the pack
    (h-16): the giving is not complete, and what is said at the table meanwhile does not
    complete it, so no deficiency is found; the dealer's giving C the rest completes it in
    full, and his going on to D leaves it short."""
    r = replay(load_case("faced.yaml", _FACED + then), Library().get(book))
    found = [(f.kind, f.step, f.player) for f in r.findings
             if f.kind == "given_fewer_than_asked"]
    assert found == ([("given_fewer_than_asked", 11, "C")] if short else [])
    assert [f.kind for f in r.findings if f.kind == "card_faced_in_pack"] == [
        "card_faced_in_pack"]
