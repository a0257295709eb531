"""The show: the order in which the hands are turned up, and what the cards shown are
(a hand the ace would make a sequence only by ending it after a king, or by running
between a king and a two; a hand all of hearts), for the books to rule on."""

from __future__ import annotations

from typing import Any

from ...terms.cards import RANKS
from ...terms.vocabulary import Kind
from ..game import Game

_ACE_HIGH = frozenset("TJQKA")
_ACE_LOW = frozenset("A2345")
_NINE_UP = frozenset("9TJQK")


def show_order(game: Game, name: str) -> None:
    """A player turns up his cards at the show. The show begins with the player to the
    left of the last player, whose act closed the betting, and goes round in turn among
    those still in (Peel 59); one who shows before the player whose turn it was is found,
    whether or not his book gives an order (it says what it makes of it)."""
    last = game.last_player
    if name in game.shown:
        return
    order = ([n for n in game.in_order_from(game.left_of(last)) if n not in game.shown]
             if last is not None else [])
    game.shown.append(name)  # the order of the show, as it was made
    if order and order[0] != name:
        # Who was to show first is the ruling's to say (a hand it finds foul is no
        # player's at the show): the table records the order as it stood.
        game.find(Kind.SHOWN_OUT_OF_ORDER, name, f"{name} showed {name}'s hand before "
                  f"the player whose turn it was: the show begins on the left of {last}, "
                  "whose act closed the betting", expected=order[0], last=last,
                  order=order)


def hand_facts(hands: dict[str, list[str | None]], winners: list[str]) -> dict[str, Any]:
    """What the shown hands are, besides their value: whether any is a sequence only if
    the ace may end it after a king (``ace_ends``) or stand between a king and a two
    (``ace_between``), whether any is ace, two, three, four, five (``ace_begins``), whether
    the one best hand is nine to king (``nine_to_king``), and whether it is all of hearts
    (``in_hearts``)."""
    named = {n: [c for c in h if c] for n, h in hands.items()}
    named = {n: h for n, h in named.items() if len(h) == 5}
    ranks = [{c[0] for c in h} for h in named.values()]
    best = named.get(winners[0]) if len(winners) == 1 else None
    return {"ace_ends": any(r == _ACE_HIGH for r in ranks),
            "ace_between": any(_round_the_corner(r) for r in ranks),
            "ace_begins": any(r == _ACE_LOW for r in ranks),
            "nine_to_king": bool(best) and {c[0] for c in best or ()} == _NINE_UP,
            "in_hearts": bool(best) and all(c[1] == "h" for c in best or ())}


def _round_the_corner(ranks: set[str]) -> bool:
    """Five ranks in a run only if the ace joins the king to the two (queen, king, ace,
    two, three)."""
    if len(ranks) != 5 or not {"A", "K", "2"} <= ranks:
        return False
    places = sorted(RANKS.index(r) for r in ranks)  # two is 0, ace is 12
    return any(all((start + k) % 13 in places for k in range(5)) for start in places)
