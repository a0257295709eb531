"""An act set against what the table agreed (arbiter/table/agreed.py): a blind other than
the one agreed, and a jack-pot opened for less than the least opening stake. Going better
past the agreed limit and wanting more than one's table stakes are found where the say and
the betting are (acts/say.py, acts/amends.py). Each is found for the book to rule on."""

from __future__ import annotations

from ...terms.vocabulary import Kind
from ..game import Game


def blind_as_agreed(game: Game, name: str, amount: int) -> None:
    """The age puts up a blind other than the one the table agreed (Peel p. 44: "the ante
    and limit should be fixed before play begins")."""
    agreed = game.values.blind
    if agreed is not None and amount != agreed:
        game.find(Kind.DEPARTS_FROM_AGREEMENT, name, f"{name} put up a blind of {amount}; "
                  f"the table agreed a blind of {agreed}", term="blind", agreed=agreed,
                  amount=amount)


def least_opening(game: Game) -> int:
    """The least a jack-pot is opened for: what the table agreed, or else what going in
    costs in an ordinary deal (the book's multiple of the ante: Peel 25, "at least double
    the amount of ante")."""
    agreed = game.values.opening
    if agreed is not None:
        return int(agreed)
    return game.rules.come_in_multiple * (game.values.blind or game.blind_unit)


def opening_stake(game: Game, name: str) -> None:
    """The player has just opened a jack-pot: is his stake the least opening stake?"""
    staked, least = game.seats[name].stake, least_opening(game)
    if staked < least:
        game.find(Kind.OPENED_BELOW_LEAST, name, f"{name} opened the jack-pot for "
                  f"{staked}; going in costs {least}", amount=staked, least=least,
                  relied=game.rely("come_in_multiple"))
