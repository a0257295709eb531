"""An act's handler, in PokerKit's shape: a check, then an apply, two plain functions.

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

from ...terms.vocabulary import ACTS, Act, Kind
from ..cases import Event
from ..deals import assume_regular_deal, first_of_deal
from ..game import Game, Impossible, OutOfPlace, Phase, Status

Step = Callable[[Game, Event], None]

# Each act's two halves: its check and its apply (see the module's notes). An act whose
# module registers only one half has the other do nothing.
CHECKS: dict[Act, Step] = {}
APPLIES: dict[Act, Step] = {}
# Run before every event: an act left open by the last one is complete once the next act
# is not part of it (a delivery in the draw, say), and is found then.
BEFORE: list[Step] = []


def never_irregular(game: Game, ev: Event) -> None:
    """The check of an act that is never irregular in itself."""
    return None


def changes_nothing(game: Game, ev: Event) -> None:
    """The apply of an act that is a finding in itself and changes nothing at the table."""
    return None


def checks(*acts: Act) -> Callable[[Step], Step]:
    """Register the function as the check of ``acts``."""

    def register(fn: Step) -> Step:
        for act in acts:
            CHECKS[act] = fn
            APPLIES.setdefault(act, changes_nothing)
        return fn

    return register


def applies(*acts: Act) -> Callable[[Step], Step]:
    """Register the function as the apply of ``acts``."""

    def register(fn: Step) -> Step:
        for act in acts:
            APPLIES[act] = fn
            CHECKS.setdefault(act, never_irregular)
        return fn

    return register


# Acts that put counters up, and acts that take the cards into the hand (for a player
# who has passed: Peel 27, "shall not again take them into his hand").
STAKING = frozenset({Act.COMES_IN, Act.RAISES, Act.BETS, Act.CALLS, Act.OPENS,
                     Act.STRADDLES, Act.BLINDS})
TAKING_UP = frozenset({Act.LIFTS, Act.LOOKS, Act.RETAKES, Act.DISCARDS, Act.DRAWS,
                       Act.ASKS, Act.STANDS_PAT, Act.SHOWS})


# Acts by which a player who has passed takes his cards up again and plays on: the act
# goes on to its handler, which finds it as an act after passing (Peel 27) and lets it
# change nothing. Any other act of his is found so here, and does not stand.
TAKES_UP_AGAIN = (Act.COMES_IN, Act.CALLS, Act.RAISES, Act.BETS, Act.OPENS)


def run(game: Game, ev: Event) -> None:
    """Check, then apply, one event. An act out of its place is found, and changes nothing
    (the check comes before any change); only the physically impossible raises."""
    for hook in BEFORE:
        hook(game, ev)
    try:
        if not admissible(game, ev):
            return
        CHECKS[ev.act](game, ev)
        APPLIES[ev.act](game, ev)
    except OutOfPlace as exc:
        if exc.kind is not None:
            game.find(exc.kind, ev.player, str(exc), **exc.facts)
        else:
            game.find(Kind.OUT_OF_PLACE, ev.player, f"{ev.describe()}: {exc}",
                      act=ev.act.value.replace("_", " "), why=str(exc),
                      dealer_passed=game.seats[game.dealer].status == Status.PASSED)


def admissible(game: Game, ev: Event) -> bool:
    """What the vocabulary says of every act: who may do it, and when it has no place.
    False: the act was found irregular here and does not stand (a player who has passed
    acting again)."""
    spec = ACTS[ev.act]
    p = ev.player
    if not spec.needs_player:
        return True  # the deal, a faced card: the table's, checked by their handlers
    if p is None:
        raise Impossible(f"'{ev.act.value}' needs a player")
    if p in game.seats and game.seats[p].status == Status.PASSED:
        if ev.act == Act.PASSES:
            return True  # passing again changes nothing: he is out already
        if ev.act in TAKES_UP_AGAIN and game.phase != Phase.BEFORE_DEAL:
            return True  # he takes his cards up again and plays: irregular (Peel 27)
    passed = game.seats[p].status == Status.PASSED
    if passed and not spec.when_out and not _deals_on(game, p, spec.by_dealer_when_out):
        words = ev.act.value.replace("_", " ")
        did = ev.describe().removeprefix(p + " ")
        game.find(Kind.ACTED_AFTER_PASSING, p, f"{p}, having passed, {did}", act=words,
                  took_up=ev.act in TAKING_UP, staked=ev.act in STAKING, passed=True,
                  passed_in=game.seats[p].passed_in,
                  declined_stake=game.seats[p].declined_stake)
        return False
    if game.phase == Phase.OVER and not spec.after_hand:
        raise OutOfPlace(f"the hand is over ({over(game)}), so it comes too late")
    if spec.needs_dealt and game.phase == Phase.BEFORE_DEAL:
        if ev.act == Act.SHOWS and first_of_deal(game):
            # A case that tells only the show: what came before it is taken as regular,
            # and the ruling says so (the showdown's ``deal_untold``).
            assume_regular_deal(game)
            return True
        raise OutOfPlace("the cards have not been dealt yet")
    return True


def _deals_on(game: Game, p: str, dealers_act: bool) -> bool:
    """Whether ``p``, who has passed, does a dealer's act as the dealer still: where the
    book says a dealer who passed still gives the draw (Peel 18, Hoffmann p. 123), or by the
    engine's stated assumption (``turns.passed_dealer_gives``)."""
    if p != game.dealer or not dealers_act:
        return False
    game.rely("passed_dealer_gives")
    return game.rules.passed_dealer_gives


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
