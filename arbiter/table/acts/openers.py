"""A jack-pot's openers: the least pair that opens it, and whether a player held it."""

from __future__ import annotations

from ...terms.cards import RANK_NAMES, RANKS, Category, card_name, evaluate
from ...terms.vocabulary import Kind
from ..game import Game, Phase


def openers(game: Game, name: str) -> tuple[str, bool | None, list[str]]:
    """The least pair that opens this jack-pot, whether ``name`` held it, and his cards.

    Openers are judged on the hand the rulebook says (Peel 30: "in his original hand"):
    as dealt, the cards named at the deal, or, if he did not draw, the cards he holds
    now; or as he holds it at the end.
    """
    rules = game.rules
    series = rules.jackpot_openers
    later = game.jackpot - 1
    game.rely("jackpot_openers", "openers_judged_on")
    if later >= len(series):
        game.rely("jackpot_series")
    need = series[later % len(series) if rules.jackpot_series == "repeat" else
                  min(later, len(series) - 1)]
    seat = game.seats[name]
    if rules.openers_judged_on == "final_hand":
        hand = seat.hand
    elif seat.dealt and None not in seat.dealt:
        hand = list(seat.dealt)
    elif not seat.discarded:
        hand = seat.hand
    else:
        hand = []
    known = [c for c in hand if c]
    if len(known) != 5:  # not all named, or a foul hand of more than five
        return need, None, known
    value = evaluate(known, rules.ranking)
    qualified = value.category > Category.PAIR or (
        value.category == Category.PAIR and value.ranks[0] >= RANKS.index(need) + 2)
    return need, qualified, known


def next_need(game: Game) -> str:
    """The least pair that opens the next jack-pot, this deal ending as one nobody opened
    (the book's ``jackpot.openers`` and ``series``: Peel 29, 31, 32): after a game nobody
    opened, and after one a player opened without openers, which the book may send to the
    same rule ("as if the previous game had not been opened", Peel 33)."""
    series, n = game.rules.jackpot_openers, game.jackpot  # the next is jack-pot n + 1
    nxt = series[n % len(series)] if game.rules.jackpot_series == "repeat" else \
        series[min(n, len(series) - 1)]
    return RANK_NAMES[nxt] + "s"


def opening_openers(game: Game, name: str) -> None:
    """At the opening of a jack-pot: ``name`` opened it without the hand that opens it, where
    his cards are known (Peel 30 to 32: it "shall not be opened by any player unless he have"
    them; Hoffmann p. 132: the opener is "any player who chances to hold a pair of jacks").
    Kept open: if the deal ends, the end's finding (``check_openers``) takes its place, the
    book's rule for an opener who wins or shows (Peel 33) being the one that reaches him."""
    need, qualified, known = openers(game, name)
    if qualified is not False:
        return
    f = game.find(Kind.OPENED_WITHOUT_OPENERS, name,
                  f"{name} opened the jack-pot; the least hand to open it is a pair of "
                  f"{card_name(need + 's').split(' of ')[0]}s", need=need, qualified=False,
                  cards=known, won=False, others_went_in=False, called=False, ended=False,
                  next_need=next_need(game), relied=game.rely(*_openers_rules(game)))
    game.track("opened", name, f)


def check_openers(game: Game) -> None:
    """At the end of a jack-pot: did the opener hold openers?"""
    if not game.jackpot or not game.opener:
        return
    at_opening = game.open_findings.pop(("opened", game.opener), None)
    if at_opening is not None and game.phase in (Phase.OVER, Phase.SHOW):
        # The deal has ended: the opener is judged by the rule for its end, as before.
        if at_opening in game.findings:
            game.findings.remove(at_opening)
    elif at_opening is not None:
        return  # the events stop before the end: the opening is the point
    need, qualified, known = openers(game, game.opener)
    winners = game.outcome.get("winners") or [game.outcome.get("winner")]
    won = game.opener in winners
    shown = game.outcome.get("kind") == "show" and game.opener in game.active()
    # Peel 33 and Hoffmann p. 132 bind an opener who takes the pool; one whose cards were
    # never shown and who did not win leaves nothing to rule on.
    if qualified is not True and (won or shown):
        game.find(Kind.OPENED_WITHOUT_OPENERS, game.opener,
                  f"{game.opener} opened the jack-pot; the least hand to open it was a pair of "
                  f"{card_name(need + 's').split(' of ')[0]}s" + (
                      "" if qualified is False else f", and {game.opener}'s cards were not named"
                      if len(known) < 5 else f", and {game.opener} held {len(known)} cards"),
                  need=need, qualified=qualified, cards=known, won=won,
                  others_went_in=any(s.came_in for n, s in game.seats.items()
                                     if n != game.opener),
                  called=game.outcome.get("kind") == "show", ended=True,
                  next_need=next_need(game),
                  relied=game.rely(*_openers_rules(game)))
    took = game.open_findings.get(("won", game.opener))
    if took is not None:
        took.facts["qualified"] = qualified
        took.facts["next_need"] = next_need(game)
        took.assumed = (*took.assumed, *game.rely(*_openers_rules(game)))


def _openers_rules(game: Game) -> tuple[str, ...]:
    """The rules a judgment of openers went by."""
    later = game.jackpot - 1 >= len(game.rules.jackpot_openers)
    return ("jackpot_openers", "openers_judged_on", *(("jackpot_series",) if later else ()))
