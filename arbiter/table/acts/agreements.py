"""An act set against what the table agreed (arbiter/table/agreed.py): a blind other than
the one agreed, and a jack-pot opened for less than the least opening stake. Going better
past the agreed limit and wanting more than one's table stakes are found where the say and
the betting are (acts/say.py, acts/amends.py). Each is found for the book to rule on; so is
each of the book's rules the table agreed to play otherwise (``rules_agreed``), under which
the deal is played only where the book's ruling lets the agreement stand (``play_agreed``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from ...terms.seats import names_text
from ...terms.vocabulary import PARAMETERS, Kind
from ..game import Game

if TYPE_CHECKING:
    from ...law.params import Rules
    from ..agreed import Waiver


def _value(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v


def _text(v: Any) -> str:
    """A value as the table says it: words, not the registry's names (high or low)."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    words = ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
    return words.replace("_", " ")


# Where the table keeps the book's own rules, under which it plays where it agreed nothing
# else that holds (``game.rules`` are the deal's: with what the table agreed, where it holds).
_OWN = "book_rules"


def keep_book_rules(game: Game) -> None:
    """Note the rules the table starts with as the book's own (once, at its first act)."""
    game.__dict__.setdefault(_OWN, game.rules)


def book_rules(game: Game) -> Rules:
    """The book's own rules (the table's, where none were noted)."""
    own: Rules = game.__dict__.get(_OWN, game.rules)
    return own


def rules_agreed(game: Game) -> None:
    """At the first act of a deal: each of the book's parameters the table agreed to play
    otherwise in it (for the sitting, found in its first deal; or on this occasion), where
    the value agreed is not the book's own, found with what the book's law on agreements
    turns on: who agreed it, who did not, who has taken a seat since, when it was made."""
    agreed = game.agreed
    if agreed is None:
        return
    for i, w in agreed.rules(game.deal):
        own = getattr(book_rules(game), PARAMETERS[w.rule].field)
        if _value(own) == _value(w.value) or not_the_books(game, w):
            continue  # what the table agreed is the book's own rule: nothing departs from it
        at = agreed.at_making() if w.deal is None else list(game.names)
        parties = list(w.by) or ([] if w.unanimous is False else at)
        refused = [p for p in at if p not in parties] if w.by else []
        joined = [new for new, _ in agreed.joined] if w.deal is None else []
        said = (f"{names_text(parties)} agreed" if parties else "the table agreed, not "
                "unanimously,")
        when = (" at an earlier sitting" if w.made == "earlier_sitting" else
                f" on deal {w.deal} of the sitting only" if w.deal and w.deal < game.deal
                else "")
        what = PARAMETERS[w.rule].summary.rstrip(".").lower()
        rule = w.rule.split(".", 1)[1].replace("_", " ")
        message = f"{said}{when} to play the rule of the {rule} otherwise: " \
                  f"{_text(w.value)}, where the book's own is {_text(own)} ({what})"
        if refused:
            message += f"; {names_text(refused)} did not agree"
        if joined:
            message += "; " + ", ".join(f"{new} has taken {old}'s seat" for new, old in
                                        agreed.joined) + " since"
        f = game.find(Kind.RULE_AGREED, None, message)
        f.facts.update(rule=w.rule, agreed=_text(w.value), book_value=_text(own),
                       parties=parties, refused=refused, joined=joined,
                       left=[old for _, old in agreed.joined] if joined else [],
                       agreement=i, **agreed.terms(w),
                       waived=agreed.by_all_now(w) and w.deal in (None, game.deal),
                       waived_before_play=w.deal is None,
                       waived_earlier=w.deal is not None and w.deal < game.deal)


def not_the_books(game: Game, w: Waiver) -> bool:
    """Whether the book gives no value for the rule agreed, which the engine assumes: the
    table's agreement then takes the assumption's place, departing from nothing."""
    return PARAMETERS[w.rule].field in book_rules(game).assumed


def play_agreed(base: Rules, held: list[Waiver]) -> Rules:
    """The book's rules with the values the table agreed where the book's ruling lets the
    agreement stand (``held``); what is agreed is no longer the engine's assumption."""
    changed = {PARAMETERS[w.rule].field: _value(w.value) for w in held}
    if not changed:
        return base
    return replace(base, **changed, assumed=base.assumed - set(changed))


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
