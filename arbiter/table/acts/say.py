"""The say before the draw and the betting after it: coming in, raising, betting,
passing, standing, holding; what a player says he will do, and borrowing."""

from __future__ import annotations

from collections.abc import Callable

from ...terms.cards import card_name
from ...terms.vocabulary import INTENTS, Act, Kind
from ..cases import Event
from ..game import Game, OutOfPlace, Phase, Seat, Status
from .agreements import opening_stake
from .base import BEFORE, STAKING, applies, checks, player
from .common import after_money, check_turn, pay
from .openers import openers, opening_openers


def _spoken(act: Act) -> str:
    return act.value.replace("_", " ")


Turn = Callable[[Game, str, Event], None]


def check_say(game: Game, ev: Event) -> None:
    """What every act of the say shares: when it may come, and whose turn it was."""
    p = player(ev)
    if game.phase == Phase.BEFORE_DEAL:
        raise OutOfPlace("it comes before the cards are dealt")
    if game.seats[p].status == Status.PASSED and ev.act == Act.PASSES:
        return  # a second pass changes nothing
    if game.seats[p].status == Status.PASSED:
        # Not an act out of turn: he has no turn left in the deal. It is the vocabulary's
        # act of a player who had passed, ruled on the law of passing (Peel 27, Foster CH8b
        # and 19, Hoffmann p. 122), whatever the turn was.
        game.find(Kind.ACTED_AFTER_PASSING, p, f"{p} {_spoken(ev.act)} after {p} had passed",
                  act=_spoken(ev.act), took_up=False, staked=ev.act in STAKING, passed=True,
                  passed_in=game.seats[p].passed_in,
                  declined_stake=game.seats[p].declined_stake)
    elif game.phase == Phase.SHOW:
        game.find(Kind.OUT_OF_TURN, p, f"{p} {_spoken(ev.act)} after the betting had "
                  "closed", expected=None, act=_spoken(ev.act), passed=False,
                  bet_made=game.bet_made)
    elif game.phase != Phase.DRAW and ev.act != Act.HOLDS:
        if game.seats[p].say_let_by:
            # He let his turn go by and is still in: where he stands in the say is the
            # book's (``turns.after_turn_gone_by``), else the engine's stated assumption.
            game.rely("after_turn_gone_by")
        check_turn(game, p, _spoken(ev.act))
        kept_word(game, p, ev.act, ev.amount)


def out_of_turn_in_draw(game: Game, p: str, ev: Event) -> None:
    """Irregular, not impossible: the table sees it, and the say goes on."""
    game.find(Kind.OUT_OF_TURN, p, f"{p} {ev.act.value} during the draw",
              expected=game.turn(), act=ev.act.value, passed=False)


def paid_at_show(game: Game, p: str, ev: Event) -> None:
    if ev.amount:
        pay(game, p, ev.amount)


def say_act(*acts: Act, in_turn: Turn, in_draw: Turn = out_of_turn_in_draw,
            at_show: Turn = paid_at_show, staked: bool = False) -> None:
    """Register an act of the say: ``check_say`` is its check, and its apply does
    ``in_turn`` in the say and the betting, ``in_draw`` during the draw and ``at_show``
    once the betting has closed. ``staked``: the act puts counters up (a pass, a stand or
    a hold is no bet)."""

    def apply(game: Game, ev: Event) -> None:
        p = player(ev)
        if game.seats[p].status == Status.PASSED:
            return  # he passed: he has no hand to play, and what he put up is not a stake
        if game.phase == Phase.SHOW:
            at_show(game, p, ev)
            return
        if game.phase == Phase.DRAW:
            in_draw(game, p, ev)
        else:
            opened = game.opened
            if staked:
                put_up_before(game, p)
            in_turn(game, p, ev)
            if not opened and game.opener == p:
                opening_stake(game, p)
                opening_openers(game, p)
        after_money(game, p, staked=staked)

    checks(*acts)(check_say)
    applies(*acts)(apply)


def put_up_before(game: Game, name: str) -> None:
    """Counters a player put up before the deal as a straddle the book does not recognise
    are his stake like any other: when he goes in, what is over the cost of going in is his
    going better (Hoffmann p. 123: "he must first make good the ante ... and may then 'go
    better'"), and the others must make it good."""
    seat = game.seats[name]
    if game.rules.straddle_recognised or game.phase != Phase.SAY or \
            seat.stake <= game.level or all(s != name for s, _ in game.straddles):
        return
    by = seat.stake - game.level
    _opens_if_first(game, name)
    check_limit(game, name, by)
    game.level = seat.stake
    game.bet_made = True
    game.reopen(name)


def kept_word(game: Game, name: str, act: Act, amount: int | None = None) -> None:
    """A player who said what he would do, and did otherwise when his turn came: another
    act, or the act he named for another amount than he said (Peel 56's footnote: "the
    player's statement that he intends or intended depositing another amount")."""
    seat = game.seats[name]
    if seat.stated is None:
        return
    said, said_amount = seat.stated, seat.stated_amount
    seat.stated = seat.stated_amount = None
    kept_act = act in INTENTS.get(said, ())
    if kept_act and (said_amount is None or amount is None or amount == said_amount):
        return
    what, done = said, _spoken(act)
    if said_amount is not None:  # the amounts, where he named one
        what, done = f"{said} {said_amount}", f"{done} {amount or 0}"
    game.find(Kind.STATEMENT_NOT_KEPT, name, f"{name} said {name} would {what}, "
              f"and when {name}'s turn came {name} {done}", stated=said, act=act.value,
              kept_act=kept_act, said_amount=said_amount or 0, amount=amount or 0)


def come_in(game: Game, name: str, stated: int | None) -> None:
    seat = game.seats[name]
    owe = max(0, game.level - seat.stake)
    if owe or stated:
        _opens_if_first(game, name)
    if stated is not None and stated > owe and game.phase in (Phase.SAY, Phase.BETTING):
        # "C comes in 20" where making good costs 8: he makes good and goes 12 better.
        raise_(game, name, stated - owe)
        return
    if stated is not None and stated < owe and stated == seat.funds:
        stated = None  # all he has, where more was needed: short of funds (Peel 60), in pay
    if stated is not None and stated != owe:
        kind = Kind.SHORT_STAKE if stated < owe else Kind.AMOUNT_DIFFERS
        what = "calling" if game.phase == Phase.BETTING else "making good"
        game.find(kind, name, f"{name} put up {stated} where {what} cost {owe}",
                  stated=stated, required=owe, raised=game.level > game.going_in())
        owe = stated
    pay(game, name, owe)
    spent(seat, raised=False)
    seat.came_in = True
    seat.looked = True
    game.acted(name)


def spent(seat: Seat, raised: bool) -> None:
    """The act that spends borrowed money says what it was borrowed for: a going better
    (Peel 62: "If a player borrow money to raise, he shall borrow to call"), or a call."""
    if seat.borrowing:
        seat.borrowing = False
        seat.borrowed = seat.borrowed or raised


def _opens_if_first(game: Game, name: str) -> None:
    """In a jack-pot, the first to stake anything opens it."""
    if game.jackpot and not game.opened:
        game.opened = True
        game.opener = name


def check_limit(game: Game, name: str, by: int) -> None:
    """A going better past the limit is found (every book has one)."""
    if by > game.limit:
        game.find(Kind.OVER_LIMIT, name, f"{name} went {by} better; the limit is "
                  f"{game.limit}", amount=by, limit=game.limit)


def raise_(game: Game, name: str, by: int, limit_found: bool = False) -> None:
    """``limit_found``: a going better past the limit was found already, by the act's
    check (a straddle that is a say: acts/deal.py)."""
    _opens_if_first(game, name)
    if not limit_found:
        check_limit(game, name, by)
    seat = game.seats[name]
    first_bet = game.phase == Phase.BETTING and not game.bet_made  # a bet, not a raise
    game.level = max(game.level, seat.stake) + by
    pay(game, name, game.level - seat.stake)
    spent(seat, raised=not first_bet)
    seat.came_in = True
    seat.looked = True
    game.bet_made = True
    game.reopen(name)
    game.acted(name)


def bet(game: Game, name: str, amount: int, limit_found: bool = False) -> None:
    _opens_if_first(game, name)
    if game.phase == Phase.BETTING and not game.bet_made:
        raise_(game, name, amount, limit_found)
        return
    owe = max(0, game.level - game.seats[name].stake)
    if amount <= owe:
        come_in(game, name, amount)
    else:
        raise_(game, name, amount - owe, limit_found)


def stand(game: Game, name: str) -> None:
    again = game.phase == Phase.BETTING and not game.bet_made and name in game.stood
    if game.bet_made or not game.rules.first_may_stand or game.phase == Phase.SAY or again:
        game.find(Kind.STOOD_WITHOUT_RIGHT, name, f"{name} stood without betting"
                  + (f", having stood when the turn was last {name}'s" if again else ""),
                  bet_made=game.bet_made, stood_before=again,
                  relied=game.rely("first_may_stand"))
    if game.phase == Phase.BETTING and not game.bet_made and name not in game.stood:
        game.stood.append(name)
    game.acted(name)


def _comes_in(game: Game, p: str, ev: Event) -> None:
    if game.phase == Phase.BETTING and not game.bet_made:
        stand(game, p)
    else:
        come_in(game, p, ev.amount)


def _comes_in_in_draw(game: Game, p: str, ev: Event) -> None:
    come_in(game, p, ev.amount)


say_act(Act.COMES_IN, Act.CALLS, in_turn=_comes_in, in_draw=_comes_in_in_draw, staked=True)


def _raises(game: Game, p: str, ev: Event) -> None:
    raise_(game, p, ev.amount or 0)


def _raises_in_draw(game: Game, p: str, ev: Event) -> None:
    """A going better during the draw: the say has closed, whoever's turn it is to draw."""
    expected = game.turn()
    game.find(Kind.BET_IN_THE_DRAW, p, f"{p} {_spoken(ev.act)} during the draw, after the "
              "say had closed", act=_spoken(ev.act), expected=expected, in_turn=expected == p)
    raise_(game, p, ev.amount or 0)


say_act(Act.RAISES, in_turn=_raises, in_draw=_raises_in_draw, staked=True)


def _bets(game: Game, p: str, ev: Event) -> None:
    bet(game, p, ev.amount or 0)


say_act(Act.BETS, Act.OPENS, in_turn=_bets, in_draw=_raises_in_draw, staked=True)


def _passes(game: Game, p: str, ev: Event) -> None:
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
    # Foster 19: he passes rather than "equal the amount put up by any previous player".
    game.seats[p].declined_stake = game.phase == Phase.SAY and any(
        s.came_in for s in game.seats.values())
    game.rely("after_retiring")  # the say goes on without him (turns.after_retiring)
    game.fold(p)


def _folds(game: Game, p: str, ev: Event) -> None:
    if game.phase == Phase.DRAW:
        game.rely("after_retiring")
    game.fold(p)


say_act(Act.PASSES, in_turn=_passes, in_draw=_folds, at_show=_folds)


def _stands(game: Game, p: str, ev: Event) -> None:
    stand(game, p)


def _nothing_at_show(game: Game, p: str, ev: Event) -> None:
    return None


say_act(Act.STANDS, in_turn=_stands, at_show=_nothing_at_show)


def _holds(game: Game, p: str, ev: Event) -> None:
    if p != game.age or not game.rules.age_may_hold or game.phase == Phase.SAY:
        game.find(Kind.HELD_WITHOUT_RIGHT, p, f"{p} held the say", is_age=p == game.age,
                  relied=game.rely("age_may_hold"))
    if p in game.to_act:
        game.to_act.remove(p)
        game.to_act.append(p)


say_act(Act.HOLDS, in_turn=_holds, at_show=_nothing_at_show)


@checks(Act.LETS_SAY_GO_BY)
def check_lets_say_go_by(game: Game, ev: Event) -> None:
    """He says and does nothing when his turn to say or bet comes, and the next player goes
    on: found, with whether he was short of the stake before him (Peel 54)."""
    p = player(ev)
    if game.phase not in (Phase.SAY, Phase.BETTING):
        raise OutOfPlace(f"there is no turn to say or bet to let go by ({game.phase})")
    if game.seats[p].status != Status.IN:
        raise OutOfPlace(f"{p} has no say: {p} is out of the game")
    if game.turn() != p:
        raise OutOfPlace(f"it is not {p}'s turn to say, but {game.turn()}'s")
    short = game.seats[p].stake < game.level
    game.find(Kind.TURN_GONE_BY, p, f"{p} let {p}'s turn go by, saying and doing nothing"
              + (f", with {game.seats[p].stake} staked where the stake before {p} was "
                 f"{game.level}" if short else ""), short=short, bet_made=game.bet_made)


@applies(Act.LETS_SAY_GO_BY)
def apply_lets_say_go_by(game: Game, ev: Event) -> None:
    """His turn goes by and the next player has the say; where the book does not put him
    out for it, the say comes round to him again, as after a hold (a ruling that retires
    him takes him out: ``retire``)."""
    p = player(ev)
    game.seats[p].say_let_by = True
    if p in game.to_act:
        game.to_act.remove(p)
        game.to_act.append(p)


@checks(Act.RETRIEVES)
def check_retrieves(game: Game, ev: Event) -> None:
    """A player who passed takes his thrown cards up again: irregular, and it changes
    nothing at the table (his hand stays dead among the abandoned cards)."""
    p = player(ev)
    if game.seats[p].status != Status.PASSED:
        raise OutOfPlace(f"{p} has not thrown down the hand")
    game.find(Kind.THROWN_HAND_RETAKEN, p, f"{p} took up again the hand {p} had thrown "
              "down", passed_in=game.seats[p].passed_in)


@checks(Act.DEMANDS_JACK)
def check_demands_jack(game: Game, ev: Event) -> None:
    """The age sends back the ante of the one player who came in and makes it a jack (Foster
    21). Found with the facts the book's condition turns on (a straddle, a raise, how many
    came in, whether it was his say); the table stays as it was, and the book's ruling says
    what follows."""
    p = player(ev)
    if game.phase not in (Phase.SAY, Phase.DRAW, Phase.BETTING, Phase.SHOW):
        raise OutOfPlace("there is no say in which to make it")
    came = [n for n in game.active() if n != p and game.seats[n].came_in]
    single = came[0] if len(came) == 1 else None
    what = (f"that {single}, the only player who came in, take down {single}'s ante, making it "
            "a jack" if single else
            f"a jack, {len(came)} players having come in" if came else
            "a jack, nobody having come in")
    game.find(Kind.JACK_DEMANDED, p, f"{p} demanded {what}",
              straddled=bool(game.straddles),
              raised=(game.bet_made if game.phase in (Phase.SAY, Phase.DRAW)
                      else game.raised_before_draw), came_in=len(came),
              one_in=single is not None, single=single, in_turn=game.turn() == p,
              jackpots=game.agreed.jackpots if game.agreed is not None else None)


@applies(Act.STATES)
def apply_states(game: Game, ev: Event) -> None:
    seat = game.seats[player(ev)]
    seat.stated, seat.stated_amount = ev.about or "", ev.amount


@applies(Act.BORROWS)
def apply_borrows(game: Game, ev: Event) -> None:
    seat = game.seats[player(ev)]
    seat.borrowing = True  # what it paid for is told by the act that spends it (spent)
    if seat.funds is not None:
        seat.funds += ev.amount or 0


# Acts by which the age claims the first say after the draw (a bet, or his word that he
# bets), and so did not hold the age.
_CLAIMS_THE_SAY = frozenset({Act.BETS, Act.RAISES, Act.CALLS, Act.COMES_IN, Act.OPENS,
                             Act.STATES})


def _age_claims_the_say(game: Game, ev: Event) -> None:
    """Before each act: where the age's silence was taken for holding the age, and the
    age, before the say has come round to him, bets or says he bets, he did not hold: the
    earlier act of the player on his left came before the age's turn, and is found out of
    turn at its own step. His holding, or the say reaching him, settles the hold."""
    held = game.notes.hold_presumed
    if held is None:
        return
    if game.phase != Phase.BETTING:
        game.notes.hold_presumed = None
        return
    if ev.player != game.age:
        return
    game.notes.hold_presumed = None
    if game.turn() == game.age or ev.act not in _CLAIMS_THE_SAY:
        return  # the say came round to him, or he held: he held the age
    name, step, line, act = held
    now = (game.step, game.line)
    game.step, game.line = step, line
    try:
        game.find(Kind.OUT_OF_TURN, name, f"{name} {act} out of turn; it was {game.age}'s "
                  f"say, and {game.age} did not hold the age", expected=game.age, act=act,
                  passed=False, relied=game.rely("bet_first"))
    finally:
        game.step, game.line = now


BEFORE.append(_age_claims_the_say)
