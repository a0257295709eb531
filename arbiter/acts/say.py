"""The say before the draw and the betting after it: coming in, raising, betting,
passing, standing, holding; what a player says he will do, and borrowing."""

from __future__ import annotations

from ..cards import card_name
from ..cases import Event
from ..table import Game, OutOfPlace, Phase, Status
from ..vocabulary import INTENTS, Act, Kind
from .base import NoCheck, handles, player
from .common import after_money, check_turn, pay
from .openers import openers


def _spoken(act: Act) -> str:
    return act.value.replace("_", " ")


class SayAct:
    """What every act of the say shares: when it may come, and whose turn it was.

    ``staked``: the act puts counters up (a pass, a stand or a hold is no bet).
    """

    staked = False

    @staticmethod
    def check(game: Game, ev: Event) -> None:
        p = player(ev)
        if game.phase == Phase.BEFORE_DEAL:
            raise OutOfPlace("it comes before the cards are dealt")
        if game.seats[p].status == Status.PASSED and ev.act == Act.PASSES:
            return  # a second pass changes nothing
        if game.seats[p].status == Status.PASSED:
            game.find(Kind.OUT_OF_TURN, p, f"{p} {_spoken(ev.act)} after he had passed",
                      expected=game.turn(), act=_spoken(ev.act), passed=True)
        elif game.phase == Phase.SHOW:
            game.find(Kind.OUT_OF_TURN, p, f"{p} {_spoken(ev.act)} after the betting had "
                      "closed", expected=None, act=_spoken(ev.act), passed=False)
        elif game.phase != Phase.DRAW and ev.act != Act.HOLDS:
            check_turn(game, p, _spoken(ev.act))
            kept_word(game, p, ev.act)

    @classmethod
    def apply(cls, game: Game, ev: Event) -> None:
        p = player(ev)
        if game.seats[p].status == Status.PASSED:
            return  # he passed: he has no hand to play, and what he put up is not a stake
        if game.phase == Phase.SHOW:
            cls.at_show(game, p, ev)
            return
        if game.phase == Phase.DRAW:
            cls.in_draw(game, p, ev)
        else:
            cls.in_turn(game, p, ev)
        after_money(game, p, staked=cls.staked)

    @staticmethod
    def in_turn(game: Game, p: str, ev: Event) -> None:
        raise NotImplementedError

    @staticmethod
    def in_draw(game: Game, p: str, ev: Event) -> None:
        """Irregular, not impossible: the table sees it, and the say goes on."""
        game.find(Kind.OUT_OF_TURN, p, f"{p} {ev.act.value} during the draw",
                  expected=game.turn(), act=ev.act.value, passed=False)

    @staticmethod
    def at_show(game: Game, p: str, ev: Event) -> None:
        if ev.amount:
            pay(game, p, ev.amount)


def kept_word(game: Game, name: str, act: Act) -> None:
    """A player who said what he would do, and did otherwise when his turn came."""
    seat = game.seats[name]
    if seat.stated is None:
        return
    if act not in INTENTS.get(seat.stated, ()):
        game.find(Kind.STATEMENT_NOT_KEPT, name, f"{name} said he would {seat.stated}, "
                  f"and when his turn came he {_spoken(act)}", stated=seat.stated,
                  act=act.value)
    seat.stated = None


def come_in(game: Game, name: str, stated: int | None) -> None:
    seat = game.seats[name]
    owe = max(0, game.level - seat.stake)
    if owe or stated:
        _opens_if_first(game, name)
    if stated is not None and stated > owe and game.phase in (Phase.SAY, Phase.BETTING):
        # "C comes in 20" where making good costs 8: he makes good and goes 12 better.
        raise_(game, name, stated - owe)
        return
    if stated is not None and stated != owe:
        kind = Kind.SHORT_STAKE if stated < owe else Kind.AMOUNT_DIFFERS
        game.find(kind, name, f"{name} put up {stated} where making good cost {owe}",
                  stated=stated, required=owe)
        owe = stated
    pay(game, name, owe)
    seat.came_in = True
    seat.looked = True
    game.acted(name)


def _opens_if_first(game: Game, name: str) -> None:
    """In a jack-pot, the first to stake anything opens it."""
    if game.jackpot and not game.opened:
        game.opened = True
        game.opener = name


def raise_(game: Game, name: str, by: int) -> None:
    _opens_if_first(game, name)
    if by > game.limit:
        game.find(Kind.OVER_LIMIT, name, f"{name} went {by} better; the limit is "
                  f"{game.limit}", amount=by, limit=game.limit)
    seat = game.seats[name]
    game.level = max(game.level, seat.stake) + by
    pay(game, name, game.level - seat.stake)
    seat.came_in = True
    seat.looked = True
    game.bet_made = True
    game.reopen(name)
    game.acted(name)


def bet(game: Game, name: str, amount: int) -> None:
    _opens_if_first(game, name)
    if game.phase == Phase.BETTING and not game.bet_made:
        raise_(game, name, amount)
        return
    owe = max(0, game.level - game.seats[name].stake)
    if amount <= owe:
        come_in(game, name, amount)
    else:
        raise_(game, name, amount - owe)


def stand(game: Game, name: str) -> None:
    if game.bet_made or not game.rules.first_may_stand or game.phase == Phase.SAY:
        game.find(Kind.STOOD_WITHOUT_RIGHT, name, f"{name} stood without betting",
                  bet_made=game.bet_made, relied=game.rely("first_may_stand"))
    game.acted(name)


@handles(Act.COMES_IN, Act.CALLS)
class ComesIn(SayAct):
    staked = True

    @staticmethod
    def in_turn(game: Game, p: str, ev: Event) -> None:
        if game.phase == Phase.BETTING and not game.bet_made:
            stand(game, p)
        else:
            come_in(game, p, ev.amount)

    @staticmethod
    def in_draw(game: Game, p: str, ev: Event) -> None:
        come_in(game, p, ev.amount)


@handles(Act.RAISES)
class Raises(SayAct):
    staked = True

    @staticmethod
    def in_turn(game: Game, p: str, ev: Event) -> None:
        raise_(game, p, ev.amount or 0)

    @staticmethod
    def in_draw(game: Game, p: str, ev: Event) -> None:
        SayAct.in_draw(game, p, ev)
        raise_(game, p, ev.amount or 0)


@handles(Act.BETS, Act.OPENS)
class Bets(Raises):
    @staticmethod
    def in_turn(game: Game, p: str, ev: Event) -> None:
        bet(game, p, ev.amount or 0)


@handles(Act.PASSES)
class Passes(SayAct):
    @staticmethod
    def in_turn(game: Game, p: str, ev: Event) -> None:
        if game.jackpot and not game.opened and game.phase == Phase.SAY:
            need, qualified, _ = openers(game, p)
            if qualified:
                game.find(Kind.DECLINED_TO_OPEN, p, f"{p} held openers (a pair of "
                          f"{card_name(need + 's').split(' of ')[0]}s or better) and did not "
                          "open the jack-pot", need=need,
                          relied=game.rely("jackpot_openers", "openers_judged_on"))
            game.rely("jackpot_pass")  # whether that pass puts him out is the book's to say
            if game.rules.jackpot_pass == "keeps_cards":
                game.acted(p)  # declining to open; he keeps his cards
                return
        game.seats[p].looked = True
        game.fold(p)

    @staticmethod
    def in_draw(game: Game, p: str, ev: Event) -> None:
        game.fold(p)

    @staticmethod
    def at_show(game: Game, p: str, ev: Event) -> None:
        game.fold(p)


@handles(Act.STANDS)
class Stands(SayAct):
    @staticmethod
    def in_turn(game: Game, p: str, ev: Event) -> None:
        stand(game, p)

    @staticmethod
    def at_show(game: Game, p: str, ev: Event) -> None:
        return None


@handles(Act.HOLDS)
class Holds(Stands):
    @staticmethod
    def in_turn(game: Game, p: str, ev: Event) -> None:
        if p != game.age or not game.rules.age_may_hold or game.phase == Phase.SAY:
            game.find(Kind.HELD_WITHOUT_RIGHT, p, f"{p} held his say", is_age=p == game.age,
                      relied=game.rely("age_may_hold"))
        if p in game.to_act:
            game.to_act.remove(p)
            game.to_act.append(p)


@handles(Act.RETRIEVES)
class Retrieves:
    """A player who passed takes his thrown cards up again: irregular, and it changes
    nothing at the table (his hand stays dead among the abandoned cards)."""

    @staticmethod
    def check(game: Game, ev: Event) -> None:
        p = player(ev)
        if game.seats[p].status != Status.PASSED:
            raise OutOfPlace(f"{p} has not thrown down his hand")
        game.find(Kind.THROWN_HAND_RETAKEN, p, f"{p} took up again the hand he had thrown "
                  "down")

    @staticmethod
    def apply(game: Game, ev: Event) -> None:
        return None  # his hand stays dead


@handles(Act.DEMANDS_JACK)
class DemandsJack:
    """The age sends back the ante of the one player who came in and makes it a jack (Foster
    21). Found with the facts the book's condition turns on (a straddle, a raise, how many
    came in, whether it was his say); the table stays as it was, and the book's ruling says
    what follows."""

    @staticmethod
    def check(game: Game, ev: Event) -> None:
        p = player(ev)
        if game.phase not in (Phase.SAY, Phase.DRAW, Phase.BETTING, Phase.SHOW):
            raise OutOfPlace("there is no say in which to make it")
        came = [n for n in game.active() if n != p and game.seats[n].came_in]
        single = came[0] if len(came) == 1 else None
        what = (f"that {single}, the only player who came in, take down his ante, making it "
                "a jack" if single else
                f"a jack, {len(came)} players having come in" if came else
                "a jack, nobody having come in")
        game.find(Kind.JACK_DEMANDED, p, f"{p} demanded {what}",
                  straddled=bool(game.straddles),
                  raised=(game.bet_made if game.phase in (Phase.SAY, Phase.DRAW)
                          else game.raised_before_draw), came_in=len(came),
                  one_in=single is not None, single=single, in_turn=game.turn() == p)

    @staticmethod
    def apply(game: Game, ev: Event) -> None:
        return None  # the book's ruling says what follows; the table is not changed


@handles(Act.STATES)
class States(NoCheck):
    @staticmethod
    def apply(game: Game, ev: Event) -> None:
        game.seats[player(ev)].stated = ev.about or ""


@handles(Act.BORROWS)
class Borrows(NoCheck):
    @staticmethod
    def apply(game: Game, ev: Event) -> None:
        seat = game.seats[player(ev)]
        seat.borrowed = True
        if seat.funds is not None:
            seat.funds += ev.amount or 0
