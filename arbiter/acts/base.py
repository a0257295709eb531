"""An act's handler, in PokerKit's shape: a check, then an apply.

``check(game, event)`` answers "can this happen here, is it irregular, and
which finding": it raises ``Impossible`` for what cannot happen and records
the irregularities the table shows before the change. ``apply(game, event)``
makes the change, recording what only the change shows (a hand of six after a
give, the pack running out). Every finding is recorded by a handler, or by the
shared mechanics in ``arbiter/acts/common.py`` that handlers call: nowhere else.

Dispatch reads the vocabulary: the checks every act shares (it needs a player,
the cards dealt, a hand still in) come from its ``ActSpec``, not from code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..cases import Event
from ..table import Game, Impossible, Phase, Status
from ..vocabulary import ACTS, Act


class Handler(Protocol):
    @staticmethod
    def check(game: Game, ev: Event) -> None: ...

    @staticmethod
    def apply(game: Game, ev: Event) -> None: ...


HANDLERS: dict[Act, type[Handler]] = {}


def handles(*acts: Act) -> Callable[[type[Handler]], type[Handler]]:
    """Register a handler class for ``acts``."""

    def register(cls: type[Handler]) -> type[Handler]:
        for act in acts:
            HANDLERS[act] = cls
        return cls

    return register


class NoCheck:
    """A handler whose act is never irregular in itself."""

    @staticmethod
    def check(game: Game, ev: Event) -> None:
        return None


def run(game: Game, ev: Event) -> None:
    """Check, then apply, one event."""
    admissible(game, ev)
    handler = HANDLERS[ev.act]
    handler.check(game, ev)
    handler.apply(game, ev)


# Acts by which a player who has passed takes his cards up again and plays on.
TAKES_UP_AGAIN = (Act.COMES_IN, Act.CALLS, Act.RAISES, Act.BETS, Act.OPENS)


def admissible(game: Game, ev: Event) -> None:
    """What the vocabulary says of every act: who may do it, and when it cannot happen."""
    spec = ACTS[ev.act]
    p = ev.player
    if not spec.needs_player:
        return  # the deal, a faced card: the table's, checked by their handlers
    if p is None:
        raise Impossible(f"'{ev.act.value}' needs a player")
    if p in game.seats and game.seats[p].status == Status.PASSED:
        if ev.act == Act.PASSES:
            return  # passing again changes nothing: he is out already
        if ev.act in TAKES_UP_AGAIN and game.phase != Phase.BEFORE_DEAL:
            return  # he takes his cards up again and plays: irregular, not impossible (Peel 27)
    if game.phase == Phase.OVER and not spec.after_hand:
        raise Impossible(f"the hand is over ({over(game)}); '{ev.describe()}' comes too late")
    dealing = p == game.dealer and spec.by_dealer_when_out  # he deals on (Peel 18)
    if game.seats[p].status == Status.PASSED and not spec.when_out and not dealing:
        raise Impossible(f"{p} has abandoned his hand and is out of this deal")
    if spec.needs_dealt and game.phase == Phase.BEFORE_DEAL:
        raise Impossible(f"the cards have not been dealt yet; {ev.act.value} comes after the "
                         "deal")


_ENDED = {"not_opened": "nobody came in"}  # how a hand that ended is told, by its outcome


def over(game: Game) -> str:
    o = game.outcome
    if o.get("winner"):
        return f"{o['winner']} took the pool"
    return _ENDED.get(str(o.get("kind")), "it has ended")


def player(ev: Event) -> str:
    """The acting player (dispatch has checked there is one)."""
    if ev.player is None:
        raise Impossible(f"'{ev.act.value}' needs a player")
    return ev.player
