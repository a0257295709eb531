"""Mechanics several acts share, and the findings they show: paying, taking a card
from the pack, the end of the say, of the draw and of a round of betting."""

from __future__ import annotations

from typing import Any

from ...terms.cards import FULL_PACK
from ...terms.seats import names_text
from ...terms.vocabulary import FINDINGS, Kind
from ..game import (
    Game,
    Impossible,
    OutOfPlace,
    Phase,
    Seat,
    Status,
    table_stakes,
    to_speak_from,
)
from .openers import next_need


def cards_word(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def part(fraction: float) -> str:
    """0.25 -> "a quarter of"; 0.5 -> "half"; 1 -> "the whole of"."""
    words = {0.25: "a quarter of", 0.5: "half", 1.0: "the whole of"}
    return words.get(float(fraction), f"{fraction:g} of")


# --- money -------------------------------------------------------------------------

def pay(game: Game, name: str, amount: int) -> int:
    seat = game.seats[name]
    if seat.funds is not None and amount > seat.funds:
        game.notes.short_acts.append((name, game.step, seat.borrowed))
        if table_stakes(game):  # at table stakes: the book says what follows (p. 133)
            game.find(Kind.BEYOND_TABLE_STAKES, name,
                      f"{name} has {seat.funds or 'nothing'} on the table and needed "
                      f"{amount}, {amount - seat.funds} short", wanted=amount,
                      had=seat.funds, borrowed=seat.borrowed, in_pool=seat.stake)
        elif seat.borrowed:  # he borrowed before, and now puts in only what he has
            game.find(Kind.SHORT_AFTER_BORROWING, name,
                      f"{name}, having borrowed, has {seat.funds or 'nothing'} left and "
                      f"needed {amount}: {name} puts in only what {name} has",
                      wanted=amount, had=seat.funds, in_pool=seat.stake)
        else:
            # Nothing irregular is found: a player who has not the funds puts in what he has,
            # as the book's funds.short says (Peel 60: "he may deposit in the pool whatever
            # funds he has"), or by the engine's stated assumption; the books answer at the
            # question and at the show what that gets him.
            game.rely("short_funds")
        if not seat.borrowed:
            _all_in(game, name)
        amount = seat.funds
    seat.stake += amount
    if seat.funds is not None:
        seat.funds -= amount
    return amount


def _all_in(game: Game, name: str) -> None:
    """``name`` puts in what he has and demands a show for that amount (Peel 60). Noted:
    who was in the game at the time, for the division of the pool at the show; and that he
    has no say after, where the book has the others go on (``turns.after_short_call``), the
    table relying on it if any other player is still to speak."""
    if game.short_of_funds is None:
        game.short_of_funds = (name, tuple(game.active()))
    if name not in game.shorts.players:
        game.shorts.players.append(name)
    if game.rules.after_short_call == "stops_the_game":
        game.shorts.demanded = name  # the round closes once his act is done (close_round)
        game.rely("after_short_call")
    elif any(n != name for n in game.to_act):
        game.rely("after_short_call")


# --- cards -------------------------------------------------------------------------

def take_from_pack(game: Game, named: str | None = None) -> str | None:
    """The top card of the pack (or the named card, which must still be in it)."""
    near_end = game.phase == Phase.DRAW and len(game.pack) <= 2
    kept = near_end and game.rules.last_card == "kept"
    if near_end:
        game.rely("last_card")
    if kept and game.gatherable():
        reshuffle(game, keep_last=True)  # "when only two cards remain" (Foster CH6)
    if not game.pack:
        reshuffle(game)
    if kept and len(game.pack) == 1:
        game.find(Kind.LAST_CARD_DEALT, None,
                  "the last card of the pack was dealt, nothing being left to gather",
                  relied=game.rely("last_card"))
    if not game.pack:
        raise Impossible("no card is left in the pack or to gather: that would be a "
                         "fifty-third card")
    if named is None:
        return game.pack.pop(0)
    if named in game.pack:
        game.pack.remove(named)
        return named
    if None not in game.pack:
        raise Impossible(f"the {named} is not in the pack")
    game.pack.remove(None)
    game.claim_identity(named)
    return named


def reshuffle(game: Game, keep_last: bool = False) -> None:
    """Gather what the rulebook says, "shuffle" it (deterministically: named cards in
    pack order, then unnamed ones) and add it to the pack, under the last card kept."""
    cards = game.gatherable()
    if not cards:
        return
    known: list[str | None] = sorted((c for c in cards if c), key=FULL_PACK.index)
    unknown: list[str | None] = [c for c in cards if c is None]
    if keep_last and game.pack:
        game.pack[-1:-1] = known + unknown
    else:
        game.pack.extend(known + unknown)
    game.notes.gathered = True
    if "discards" in game.rules.reshuffle:
        game.discards = []
    if "abandoned" in game.rules.reshuffle:
        game.abandoned = []
    waiting = [n for n in game.drawers if game.seats[n].status == Status.IN
               and game.seats[n].discarded is None and not game.seats[n].drawn]
    game.find(Kind.PACK_EXHAUSTED, None,
              f"the pack ran out; {len(cards)} cards were gathered, shuffled and cut",
              gathered=list(game.rules.reshuffle), cards=len(cards),
              yet_to_discard=names_text(waiting) or "nobody",
              relied=game.rely("reshuffle", *(("last_card",) if keep_last else ())))


def set_aside(game: Game, card: str | None, field: str) -> tuple[str, str]:
    """Put a card seen face up where the rulebook says (``field`` names the rule).
    Returns where, in words, and the clause for the finding: what was done, or, where
    the book gives no rule, what the engine assumes (never stated as what happened)."""
    if getattr(game.rules, field) == "return_to_pack":
        game.pack.append(card)
        where = "returned to the pack"
    else:
        game.discards.append(card)
        where = "put among the discards"
    if field in game.rules.assumed:
        return where, ("the book gives no rule for where it goes, and the engine assumes it "
                       f"is {where}")
    return where, f"it was {where}"


# --- turns and the end of a round ---------------------------------------------------

def check_turn(game: Game, name: str, act: str) -> None:
    if game.phase == Phase.SAY:
        if game.rules.straddle_when == "at_going_in" and not game.straddling_closed and \
                not game.jackpot and name == game.next_straddler():
            # Where the straddle is made in one's say, the player whose turn it was to
            # straddle and who does anything else in his say has omitted it in his turn.
            game.declined.append(name)
            game.refused_by = name
        if (game.jackpot and not game.say_started and game.rules.jackpot_first == "either"
                and len(game.to_act) > 1 and game.to_act[0] == game.age
                and name == game.to_act[1]):
            # A jack-pot's say begun on the left of the player on the dealer's left: the
            # order the table took, where the book does not give one (``jackpot.first_say``).
            game.to_act.append(game.to_act.pop(0))
            game.rely("jackpot_first")
        game.say_started = game.straddling_closed = True
    if (game.phase == Phase.BETTING and game.rules.age_may_hold and not game.bet_made
            and len(game.to_act) > 1 and game.to_act[0] == game.age
            and name == game.to_act[1]):
        # The age lets the player on his left declare first: he holds the age, reserving
        # his say till the others have had theirs (Hoffmann p. 127). Holding is the age's
        # act, and his silence is taken for it only until he claims the first say.
        game.to_act.append(game.to_act.pop(0))
        game.notes.hold_presumed = (name, game.step, game.line, act)
    expected = game.turn()
    if expected is not None and expected != name:
        after_draw = game.phase == Phase.BETTING
        game.find(Kind.OUT_OF_TURN, name, f"{name} {act} out of turn; it was "
                  f"{expected}'s say", expected=expected, act=act, passed=False,
                  relied=game.rely("bet_first") if after_draw else ())


def won_uncalled(game: Game, name: str) -> None:
    game.phase = Phase.OVER
    game.outcome = {"kind": "won_uncalled", "winner": name, "pool": game.pool}
    f = game.find(Kind.WON_UNCALLED, name, f"nobody would equal {name}'s stake; the pool "
                  f"holds {game.pool}", pool=game.pool, opener=game.opener,
                  is_opener=bool(game.jackpot) and name == game.opener,
                  others_went_in=any(s.came_in for n, s in game.seats.items() if n != name),
                  relied=game.rely("age_antes_again") if game.jackpot == 1 else ())
    game.track("won", name, f)  # whether an opener held openers is known only at the end


def close_say_if_done(game: Game) -> None:
    if game.phase != Phase.SAY or game.to_act:
        return
    active = game.active()
    came_in = [n for n in active if game.seats[n].came_in]
    if not came_in:
        game.phase = Phase.OVER
        game.outcome = {"kind": "not_opened", "pool": game.pool}
        game.find(Kind.NOT_OPENED, None, "nobody came in", pool=game.pool,
                  straddled=bool(game.straddles), next_need=next_need(game))
    elif len(active) == 1:
        won_uncalled(game, active[0])
    else:
        game.phase = Phase.DRAW
        game.drawers = [n for n in game.draw_order() if game.seats[n].status == Status.IN]


def open_draw(game: Game, name: str) -> None:
    """The draw begins (``name`` being the first to act in it), closing the say."""
    if game.phase == Phase.SAY:
        # Under make_good_at_draw a raised player makes good at his draw; but a player
        # who has not had his say at all has been passed over, in every book.
        # The drawer who himself still owes his say draws before making good (found as
        # that in ``begin_draw_turn``), not out of his own turn.
        others = [n for n in game.to_act if n != name]
        if others:
            game.find(Kind.OUT_OF_TURN, name, f"the draw began while {others[0]} still "
                      "had the say", expected=others[0], act="draws", passed=False)
        game.to_act = []
        close_say_if_done(game)
    if game.phase != Phase.DRAW:
        raise OutOfPlace(f"there is no draw now ({game.phase})")


def begin_draw_turn(game: Game, name: str, pat: bool = False) -> None:
    """Checks made when a player starts to draw (discard, ask or be helped), or stands
    pat (``pat``: he keeps the hand dealt him, and draws nothing)."""
    open_draw(game, name)
    seat = game.seats[name]
    if seat.stake < game.level and ("making good", name) not in game.open_findings \
            and name not in game.shorts.players:  # he put in all he had, for a show for that amount
        # One finding per draw: discarding, asking and being helped are one draw.
        f = game.find(Kind.DREW_WITHOUT_MAKING_GOOD, name,
                      f"{name} drew with {seat.stake} staked where the stake was "
                      f"{game.level}", stake=seat.stake, required=game.level, pat=pat,
                      relied=game.rely("make_good_at_draw"))
        game.track("making good", name, f)


def wrong_size(game: Game, seat: Seat, message: str, **facts: Any) -> None:
    """A hand of other than five after the draw (the rulebook's precedence may rule it on
    its cause instead: a wrong ask, a wrong give)."""
    f = game.find(Kind.WRONG_HAND_SIZE, seat.name, message, size=len(seat.hand), **facts)
    if f.ruled_on is None:
        game.track("size", seat.name, f)


def close_draw_if_done(game: Game) -> None:
    if game.phase != Phase.DRAW or game.next_drawer() is not None:
        return
    for n in game.drawers:
        s = game.seats[n]
        if s.status == Status.IN and len(s.hand) != 5:
            wrong_size(game, s, f"{n} holds {len(s.hand)} cards after the draw",
                       lifted=s.drawn_lifted, looked=s.drawn_lifted, bet_made=False,
                       made_good=False)
    game.phase = Phase.BETTING
    game.raised_before_draw = game.bet_made
    game.bet_made = False
    game.level_at_draw = game.level
    game.to_act = to_speak_from(game, first_to_bet(game))


def first_to_bet(game: Game) -> str:
    """Where the betting after the draw begins (the book's ``betting.first``)."""
    return game.age if game.rules.bet_first == "age" else game.left_of(game.age)


def after_money(game: Game, name: str, staked: bool = True) -> None:
    """After a say: later facts for open findings, and the end of a round. Only a
    stake counts as a bet; a pass, a stand or a hold is no bet. A player who stakes on his
    hand has taken it up: lifting is inferred, never waited for as an event."""
    game.update_facts(name, looked=True)
    if staked:
        infer_lift(game, name)
    if staked:
        game.last_staker = name
        game.update_facts(name, bet_made=True)
        for (_, who), f in game.open_findings.items():
            if (who != name and "bet_made" in FINDINGS[f.kind].table_facts
                    and not game.is_settled(f, "bet_made")):
                f.facts["bet_made"] = True
    close_round(game, name)


def close_round(game: Game, name: str | None = None) -> None:
    """The end of the say, the draw or a round of betting, if the table has reached it
    (``name``: who acted last, if anyone did)."""
    active = game.active()
    if game.shorts.demanded is not None:
        game.shorts.demanded = None
        if game.phase in (Phase.SAY, Phase.BETTING):
            game.to_act = []  # his demand for a show closes the say, or the betting
    if game.phase == Phase.SAY:
        if len(active) == 1 and game.opened and game.seats[active[0]].came_in:
            won_uncalled(game, active[0])
            return
        close_say_if_done(game)
    elif game.phase == Phase.BETTING:
        if len(active) == 1:
            won_uncalled(game, active[0])
        elif not game.to_act and not game.bet_made and game.rules.first_may_stand:
            # Every player stood: a stand declines to bet only "until the next round", so
            # the turn comes round again to those who stood (Peel p. 37).
            game.to_act = to_speak_from(game, first_to_bet(game))
        elif not game.to_act:
            game.phase = Phase.SHOW
            game.last_player = name if name is not None and name in active \
                else game.last_staker
            game.closed_by = name  # the last player, whose act closed the betting (Peel 59)
            game.outcome = {"kind": "show", "pool": game.pool, "players": active}
    elif game.phase == Phase.DRAW:
        if len(active) == 1:
            won_uncalled(game, active[0])
        else:
            close_draw_if_done(game)


def infer_lift(game: Game, name: str) -> None:
    """``name`` used his hand (came in, bet, called, drew): he has taken it up."""
    seat = game.seats[name]
    if seat.status != Status.IN:
        return
    seat.lifted = seat.looked = True
    if game.phase in (Phase.DRAW, Phase.BETTING, Phase.SHOW) and seat.drawn:
        seat.drawn_lifted = True
    game.update_facts(name, lifted=True, looked=True)




# --- what a ruling does to the table (EFFECTS in the vocabulary) ---------------------

def retire(game: Game, name: str) -> None:
    """A ruling retires ``name`` (a foul hand, a stake not made good): he leaves the game
    with no say after, his cards among the abandoned and his stake in the pool; the round
    closes if he was the last it waited for."""
    if game.seats[name].status != Status.IN or game.phase == Phase.OVER:
        return
    game.rely("after_retiring")  # the say goes on without him (turns.after_retiring)
    game.fold(name)
    if name in game.stood:
        game.stood.remove(name)
    close_round(game)


def end_deal(game: Game, why: str) -> None:
    """A ruling ends the deal (a misdeal, a new deal): nothing more of it is played."""
    game.phase = Phase.OVER
    game.outcome = {"kind": "deal_ended", "pool": game.pool, "why": why}
    game.to_act = []
