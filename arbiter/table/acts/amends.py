"""Acts that put something right, or call it in question: taking back a bet, pointing out
an error, saying one has not looked, adding money at table stakes, disputing a
fact. None of them is ever "impossible": each is found, or changes what it settles."""

from __future__ import annotations

from ...terms.vocabulary import Act, Kind
from ..cases import Event
from ..game import Game, OutOfPlace, Phase, table_stakes
from .base import applies, checks, player

# What a pointing-out settles: the hand had not yet been raised, looked at, bet on, and
# the next player had not yet been helped, when the error was pointed out.
NOTICED_BEFORE = ("lifted", "looked", "bet_made", "next_helped")


@checks(Act.WITHDRAWS)
def check_withdraws(game: Game, ev: Event) -> None:
    p = player(ev)
    seat = game.seats[p]
    base = game.level_at_draw if game.phase in (Phase.BETTING, Phase.SHOW) else 0
    if seat.stake <= base:
        raise OutOfPlace(f"{p} has no bet in this round to take back")


@applies(Act.WITHDRAWS)
def apply_withdraws(game: Game, ev: Event) -> None:
    p = player(ev)
    seat = game.seats[p]
    base = game.level_at_draw if game.phase in (Phase.BETTING, Phase.SHOW) else 0
    # Whether he bet with a foul hand: after the draw, holding other than five cards
    # (Peel 63, Foster CH4c), and whether he had raised it from the table (Peel 48).
    after_draw = game.phase in (Phase.BETTING, Phase.SHOW)
    taken = seat.stake - base
    game.find(Kind.BET_WITHDRAWN, p, f"{p} took back the bet {p} had put up "
              f"({taken})", amount=taken, bet_made=True,
              foul_hand=after_draw and len(seat.hand) != 5, lifted=seat.drawn_lifted)
    # The counters come off the table, as the act takes them: what becomes of them is the
    # book's remedy (Peel 55, "cannot be recalled": the ruling puts them back, the
    # provision's ``undoes: counters``), and where the book gives none, nothing restores
    # them (the engine's stated assumption, ``withdrawal``).
    seat.stake -= taken
    if seat.funds is not None:
        seat.funds += taken


@applies(Act.POINTS_OUT)
def apply_points_out(game: Game, ev: Event) -> None:
    for (_, who), f in game.open_findings.items():
        if ev.about is None or who == ev.about:
            game.settle(f, *NOTICED_BEFORE)


@applies(Act.NOT_LOOKED)
def apply_not_looked(game: Game, ev: Event) -> None:
    p = player(ev)
    seat = game.seats[p]
    seat.looked = seat.lifted = False
    for (_, who), f in game.open_findings.items():
        if who == p:
            game.settle(f, "lifted", "looked")


@applies(Act.ADDS)
def apply_adds(game: Game, ev: Event) -> None:
    p = player(ev)
    seat = game.seats[p]
    if seat.funds is None or not table_stakes(game):
        if seat.funds is not None:
            seat.funds += ev.amount or 0
        return  # not table stakes: what he keeps off the table is his own affair
    if game.phase in (Phase.BEFORE_DEAL, Phase.OVER):
        seat.funds += ev.amount or 0
        return
    game.find(Kind.STAKE_ADDED, p, f"{p} put {ev.amount} more on the table during the "
              f"deal, having {seat.funds or 'nothing'} there", amount=ev.amount,
              had=seat.funds, lifted=seat.lifted or seat.looked, empty=seat.funds == 0)
    seat.funds += ev.amount or 0


@applies(Act.DISPUTES)
def apply_disputes(game: Game, ev: Event) -> None:
    p = player(ev)
    # What he disputes, as the line tells it after its first word, the player as written
    # (a case whose players are renamed keeps its lines' words).
    what = ev.describe().partition(" ")[2] or ev.describe()
    if ev.about is None and len(what.split()) == 1:
        # A bare "disputes" names no fact in dispute: it tells that the case's dispute was
        # raised, and that dispute (a point of law or of fact) is the question's to answer.
        return
    game.find(Kind.FACT_DISPUTED, p, f"{p} {what}", about=ev.about, what=what)
