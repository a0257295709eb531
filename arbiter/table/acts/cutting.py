"""Cutting: for the deal before the first game (the lowest card deals), and the pack for the
dealer before he deals. What the books make of a cut out of order is theirs to say."""

from __future__ import annotations

from ...terms.cards import RANKS, card_name
from ...terms.vocabulary import Act, Kind
from ..cases import Event
from ..game import Game, OutOfPlace, Phase
from .base import applies, checks, player


def _value(card: str) -> int:
    """A card's value in cutting for the deal: the ace lowest, then two up to the king."""
    return 1 if card[0] == "A" else RANKS.index(card[0]) + 2


def lowest_of(cuts: dict[str, str | None]) -> list[str] | None:
    """The players who cut the lowest card in a round, or None if a card is not named."""
    if not cuts or any(c is None for c in cuts.values()):
        return None
    low = min(_value(str(c)) for c in cuts.values())
    return [n for n, c in cuts.items() if _value(str(c)) == low]


def _not_his(game: Game, name: str) -> list[str] | None:
    """Where ``name`` may not cut for the deal now, the players who may (an empty list: the
    lowest card was cut by one player only, and nobody cuts again); None where he may."""
    rnd = game.deal_cuts[-1] if game.deal_cuts else {}
    if name not in rnd:  # his cut in the round now open
        eligible = game.deal_cut_eligible
        return eligible if eligible is not None and name not in eligible else None
    tied = lowest_of(rnd)  # he cuts again: a new round, for those who tied for the lowest
    if tied is not None and (len(tied) < 2 or name not in tied):
        return tied if len(tied) > 1 else []
    return None


@checks(Act.CUTS_FOR_DEAL)
def check_cuts_for_deal(game: Game, ev: Event) -> None:
    if game.phase != Phase.BEFORE_DEAL or game.blind_paid or game.straddles:
        raise OutOfPlace("cutting for the deal comes before the first game begins")
    name = player(ev)
    tied = _not_his(game, name)
    if tied is not None:
        game.find(Kind.CUT_FOR_DEAL_AGAIN, name, f"{name} cut again for the deal, not "
                  "having cut one of the equal lowest cards", tied=tied)


@applies(Act.CUTS_FOR_DEAL)
def apply_cuts_for_deal(game: Game, ev: Event) -> None:
    name = player(ev)
    if _not_his(game, name) is not None:
        return  # his cut does not count: only the players who tied cut again
    rnd = game.deal_cuts[-1] if game.deal_cuts else None
    if rnd is None or name in rnd:
        game.deal_cut_eligible = lowest_of(rnd) if rnd is not None else None
        game.deal_cuts.append({})
    game.deal_cuts[-1][name] = ev.cards[0] if ev.cards else None


def check_first_dealer(game: Game) -> None:
    """At the deal: was it made by the player who cut the lowest card for it? Only where
    every player cut in the first round and the cards are named."""
    if not game.deal_cuts or set(game.deal_cuts[0]) != set(game.names):
        return
    last = game.deal_cuts[-1]
    low = lowest_of(last)
    if low is None:
        return
    again = game.deal_cut_eligible if len(game.deal_cuts) > 1 else None
    if again is not None and not set(again) <= set(last):
        low = again  # not all who tied cut again: the tie is not settled
    if len(low) == 1 and low[0] == game.dealer:
        return
    cards = {n: card_name(str(c)) for n, c in last.items()}
    tied = low if len(low) > 1 else []
    if tied:
        message = (f"{' and '.join(tied)} cut equal lowest cards for the deal, and the tie "
                   f"was not settled by cutting again; {game.dealer} dealt")
    else:
        message = f"{low[0]} cut the lowest card for the deal, but {game.dealer} dealt"
    game.find(Kind.DEALER_NOT_LOWEST, game.dealer, message,
              lowest=low[0] if not tied else None, lowest_tied=bool(tied), tied=tied,
              cards=cards)


# Where a cut of the pack after the deal is found, and how its message places it.
_FOR_THE_DRAW = {Phase.SAY: "after the deal, before the draw", Phase.DRAW: "in the draw"}


# The cut itself changes nothing the table keeps: only its check is registered.
@checks(Act.CUTS)
def check_cuts(game: Game, ev: Event) -> None:
    name = player(ev)
    pone = game.right_of(game.dealer)
    if game.phase in _FOR_THE_DRAW and not game.notes.gathered:
        # After the deal, nothing gathered to be cut: the pack itself is cut for the draw,
        # in it or in the say before it (Foster CH2a: "the pack is not cut again"; Peel 4
        # cuts "before every deal"), by whomever; who should cut does not arise.
        game.find(Kind.CUT_IN_DRAW, name, f"{name} cut the pack {_FOR_THE_DRAW[game.phase]}, "
                  "nothing having been gathered to be cut", pone=pone, is_pone=name == pone)
        return
    if name != pone:  # before the deal, or the gathered cards in the draw (Peel 41)
        game.find(Kind.CUT_BY_WRONG_PLAYER, name, f"{name} cut the pack for {game.dealer}, "
                  f"but {pone} sits on the dealer's right", pone=pone)
