"""The table during one deal: seats, stakes, the pool, the pack and every card.

This module is mechanics only: how the blind and straddles go up, whose say
it is, what making good costs, when a round of betting is over, how the draw
proceeds. Where the books differ it asks ``Rules``. It never rules on an
irregularity; it records it as a Finding and goes on, as a table does. Only
what cannot physically happen raises ``Impossible``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import FULL_PACK
from .findings import Finding, Kind
from .params import Rules


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def _part(fraction: float) -> str:
    """0.25 -> "a quarter of"; 0.5 -> "half"; 1 -> "the whole of"."""
    words = {0.25: "a quarter of", 0.5: "half", 1.0: "the whole of"}
    return words.get(float(fraction), f"{fraction:g} of")


class Impossible(Exception):
    """An event that cannot physically happen at a card table."""


class Phase(StrEnum):
    BEFORE_DEAL = "before the deal"
    SAY = "before the draw"
    DRAW = "the draw"
    BETTING = "after the draw"
    SHOW = "the show"
    OVER = "over"


class Status(StrEnum):
    IN = "in"
    PASSED = "passed"


@dataclass
class Seat:
    name: str
    stake: int = 0
    status: Status = Status.IN
    hand: list[str | None] = field(default_factory=list)  # None: a card nobody has named
    funds: int | None = None
    looked: bool = False
    lifted: bool = False
    came_in: bool = False
    discarded: int | None = None
    asked: int | None = None
    given: int = 0
    owed: int = 0  # cards exposed in the draw, still to be replaced
    drawn: bool = False
    drawn_lifted: bool = False  # raised from the table after his draw (Peel 48)
    dealt: tuple[str | None, ...] = ()  # the original hand, as far as it was named
    borrowed: bool = False
    stated: str | None = None  # what he said he would do when his turn came


class Game:
    """Mutable table state, owned by one replay. Each method checks before it changes."""

    def __init__(self, seats: tuple[str, ...], dealer: str, blind: int, limit: int,
                 rules: Rules, *, jackpot: int = 0, carried: int = 0,
                 stakes: dict[str, int] | None = None) -> None:
        self.rules = rules
        self.names = seats
        self.seats = {n: Seat(n, funds=(stakes or {}).get(n)) for n in seats}
        self.dealer = dealer
        self.age = self.left_of(dealer)
        self.blind_unit = blind
        self.limit = limit
        self.jackpot = jackpot
        self.carried = carried
        self.pack: list[str | None] = [None] * len(FULL_PACK)
        self.known: set[str] = set()
        self.discards: list[str | None] = []
        self.abandoned: list[str | None] = []
        self.exposed: list[str | None] = []
        self.phase = Phase.BEFORE_DEAL
        self.level = 0
        self.blind_paid = False
        self.straddles: list[tuple[str, int]] = []
        self.straddling_closed = False
        self.say_started = False
        self.to_act: list[str] = []
        self.bet_made = False
        self.opened = jackpot == 0
        self.findings: list[Finding] = []
        self.step = 0
        self.line: int | None = None
        self.open_findings: dict[tuple[str, str], Finding] = {}
        self.outcome: dict[str, Any] = {"kind": "unfinished"}
        self.declared_winner: str | None = None  # "C wins the show", cards not named
        self.level_at_draw = 0  # the stake every player had when the betting began
        self.claims: list[dict[str, Any]] = []
        self.opener: str | None = None
        self.drawers: list[str] = []  # set when the say closes and the draw begins

    # --- seats and turns -------------------------------------------------------

    def left_of(self, name: str) -> str:
        i = self.names.index(name)
        return self.names[(i + 1) % len(self.names)]

    def order_from(self, name: str) -> list[str]:
        i = self.names.index(name)
        return [self.names[(i + k) % len(self.names)] for k in range(len(self.names))]

    def active(self) -> list[str]:
        return [n for n in self.names if self.seats[n].status == Status.IN]

    def turn(self) -> str | None:
        """Whose say (or draw) it is now."""
        if self.phase in (Phase.SAY, Phase.BETTING):
            return self.to_act[0] if self.to_act else None
        if self.phase == Phase.DRAW:
            return self.next_drawer()
        if self.phase == Phase.BEFORE_DEAL and not self.blind_paid and not self.jackpot:
            return self.age  # his blind comes first
        if self.phase == Phase.BEFORE_DEAL and not self.straddling_closed and not self.jackpot:
            return self.next_straddler()
        return None

    @property
    def pool(self) -> int:
        return self.carried + sum(s.stake for s in self.seats.values())

    # --- findings --------------------------------------------------------------

    def find(self, kind: Kind, player: str | None, message: str, **facts: Any) -> Finding:
        f = Finding(kind, self.step, self.line, player, message,
                    dict(facts, phase=str(self.phase)))
        self.findings.append(f)
        return f

    def track(self, key: str, player: str, finding: Finding) -> None:
        """Keep a finding open so later facts (lifting, the next player helped) reach it."""
        self.open_findings[(key, player)] = finding

    def _update_facts(self, player: str, **facts: Any) -> None:
        for (_, who), f in self.open_findings.items():
            if who == player:
                for k, v in facts.items():
                    if k in f.facts and not f.facts[k]:
                        f.facts[k] = v

    # --- cards -------------------------------------------------------------------

    def _claim_identity(self, card: str) -> None:
        if card in self.known:
            raise Impossible(f"the {card} is already elsewhere at the table")
        self.known.add(card)

    def take_from_pack(self, named: str | None = None) -> str | None:
        """The top card of the pack (or the named card, which must still be in it)."""
        kept = self.rules.last_card == "kept" and self.phase == Phase.DRAW
        if kept and len(self.pack) <= 2 and self._gatherable():
            self._reshuffle(keep_last=True)  # "when only two cards remain" (Foster CH6)
        if not self.pack:
            self._reshuffle()
        if kept and len(self.pack) == 1:
            self.find(Kind.LAST_CARD_DEALT, None,
                      "the last card of the pack was dealt, nothing being left to gather")
        if not self.pack:
            raise Impossible("no card is left in the pack or to gather: that would be a "
                             "fifty-third card")
        if named is None:
            return self.pack.pop(0)
        if named in self.pack:
            self.pack.remove(named)
            return named
        if None not in self.pack:
            raise Impossible(f"the {named} is not in the pack")
        self.pack.remove(None)
        self._claim_identity(named)
        return named

    def _gatherable(self) -> list[str | None]:
        out: list[str | None] = []
        if "discards" in self.rules.reshuffle:
            out += self.discards
        if "abandoned" in self.rules.reshuffle:
            out += self.abandoned
        return out

    def _reshuffle(self, keep_last: bool = False) -> None:
        """Gather what the rulebook says, "shuffle" it (deterministically: named cards in
        pack order, then unnamed ones) and add it to the pack, under the last card kept."""
        cards = self._gatherable()
        if not cards:
            return
        known: list[str | None] = sorted((c for c in cards if c), key=FULL_PACK.index)
        unknown: list[str | None] = [c for c in cards if c is None]
        if keep_last and self.pack:
            self.pack[-1:-1] = known + unknown
        else:
            self.pack.extend(known + unknown)
        if "discards" in self.rules.reshuffle:
            self.discards = []
        if "abandoned" in self.rules.reshuffle:
            self.abandoned = []
        self.find(Kind.PACK_EXHAUSTED, None,
                  f"the pack ran out; {len(cards)} cards were gathered, shuffled and cut",
                  gathered=list(self.rules.reshuffle), cards=len(cards))

    def name_cards(self, seat: Seat, cards: tuple[str, ...]) -> None:
        """Give names to cards in a hand (a show, or a deal that names them)."""
        for card in cards:
            if card in seat.hand:
                continue
            if None not in seat.hand:
                raise Impossible(f"{seat.name}'s hand holds no {card}")
            self._claim_identity(card)
            seat.hand[seat.hand.index(None)] = card

    def card_counts(self) -> dict[str, int]:
        hands = sum(len(s.hand) for s in self.seats.values())
        return {"hands": hands, "pack": len(self.pack), "discards": len(self.discards),
                "abandoned": len(self.abandoned), "exposed": len(self.exposed)}

    # --- money -------------------------------------------------------------------

    def pay(self, name: str, amount: int) -> int:
        seat = self.seats[name]
        if seat.funds is not None and amount > seat.funds:
            self.find(Kind.BEYOND_TABLE_STAKES, name,
                      f"{name} has {seat.funds or 'nothing'} on the table and needed {amount}, "
                      f"{amount - seat.funds} short", wanted=amount, had=seat.funds,
                      borrowed=seat.borrowed)
            amount = seat.funds
        seat.stake += amount
        if seat.funds is not None:
            seat.funds -= amount
        return amount

    def fold(self, name: str) -> None:
        seat = self.seats[name]
        seat.status = Status.PASSED
        self.abandoned.extend(seat.hand)
        seat.hand = []
        if name in self.to_act:
            self.to_act.remove(name)

    # --- before the deal -----------------------------------------------------------

    def next_straddler(self) -> str:
        last = self.straddles[-1][0] if self.straddles else self.age
        return self.left_of(last)

    def straddle_amount(self) -> int:
        r = self.rules
        if not self.straddles:
            return r.straddle_first * self.blind_unit
        last = self.straddles[-1][1]
        return last * 2 if r.straddle_step == "double" else last + self.blind_unit

    def going_in(self) -> int:
        r = self.rules
        if self.straddles:
            last = self.straddles[-1][1]
            return last if r.straddle_counts_as == "going_in" else r.come_in_multiple * last
        return r.come_in_multiple * self.blind_unit

    def post_blind(self, name: str, amount: int) -> None:
        if self.blind_paid:
            raise Impossible("the blind has already been put up")
        self.blind_paid = True
        if self.jackpot:
            # A jack-pot has no blind: every player antes the table's ante as the cards are
            # dealt. Counters put up as a blind are his stake; they do not change the ante.
            self.find(Kind.OUT_OF_TURN, name, f"{name} put up a blind of {amount} in a "
                      "jack-pot, where every player antes instead", expected=None,
                      act="blinds")
            self.pay(name, amount)
            return
        if name != self.age:
            self.find(Kind.OUT_OF_TURN, name, f"{name} put up the blind, but {self.age} has "
                      "the age", expected=self.age, act="blinds")
        self.blind_unit = amount
        mx = self.rules.blind_max_of_limit
        if mx is not None and amount > mx * self.limit:
            self.find(Kind.BLIND_OVER_LIMIT, name,
                      f"a blind of {amount} is more than {_part(mx)} the limit of {self.limit}",
                      amount=amount, most=int(mx * self.limit))
        self.pay(name, amount)

    def straddle(self, name: str, amount: int | None) -> None:
        seat = self.seats[name]
        expected_amount = self.straddle_amount()
        if self.straddling_closed and self._refused_by is not None:
            self.find(Kind.STRADDLE_AFTER_REFUSAL, name,
                      f"{name} straddled after a player had refused to straddle in turn",
                      refused_by=self._refused_by,
                      refused_by_first=self._refused_by == self.left_of(self.age))
        elif name != self.next_straddler():
            self.find(Kind.STRADDLE_OUT_OF_TURN, name,
                      f"{name} straddled, but the right to straddle was "
                      f"{self.next_straddler()}'s", expected=self.next_straddler())
        if self.phase != Phase.BEFORE_DEAL:
            if self.rules.straddle_when == "before_deal":
                self.find(Kind.STRADDLE_AFTER_LOOKING, name,
                          f"{name} straddled after the deal", after="deal", looked=seat.looked)
            elif seat.looked:
                self.find(Kind.STRADDLE_AFTER_LOOKING, name,
                          f"{name} straddled after looking at his cards", after="looking",
                          looked=True)
        amt = expected_amount if amount is None else amount
        if amount is not None and amount != expected_amount:
            self.find(Kind.STRADDLE_WRONG_AMOUNT, name,
                      f"{name} straddled {amount}; the straddle in turn is {expected_amount}",
                      amount=amount, expected=expected_amount)
        mx = self.rules.straddle_max_of_limit
        if mx is not None and amt > mx * self.limit:
            self.find(Kind.STRADDLE_OVER_LIMIT, name,
                      f"{name}'s straddle of {amt} goes past {_part(mx)} the limit of "
                      f"{self.limit} ({int(mx * self.limit)})",
                      amount=amt, most=int(mx * self.limit), limit=self.limit)
        self.straddles.append((name, amt))
        self.pay(name, max(0, amt - seat.stake))
        if self.phase == Phase.SAY and not self.say_started:
            # Straddled during the deal, before anyone had his say (Foster 17): the say
            # now begins on the straddler's left, and going in costs more.
            self.level = self.going_in()
            self.to_act = [n for n in self.order_from(self.left_of(name))
                           if self.seats[n].status == Status.IN]

    _refused_by: str | None = None

    def decline_straddle(self, name: str) -> None:
        if not self.straddling_closed:
            self.straddling_closed = True
            self._refused_by = name

    def deal(self, counts: dict[str, int], hands: dict[str, tuple[str, ...]],
             uncut: bool | str, exposed: dict[str, str | None] | None = None) -> None:
        if self.phase != Phase.BEFORE_DEAL:
            raise Impossible("the cards have already been dealt")
        if self.jackpot:
            payers = len(self.names)
            if self.jackpot == 1 and not self.rules.age_antes_again:
                payers -= 1  # the age's blind stays in the pool as his share (Hoffmann p. 132)
            self.carried += self.blind_unit * payers
        elif not self.blind_paid:
            self.post_blind(self.age, self.blind_unit)
        if uncut:
            noticed = {"noticed_during_deal": True, "noticed_after_deal": False}.get(str(uncut))
            self.find(Kind.DEAL_UNCUT, self.dealer, "the cards were dealt without the pack "
                      "having been cut", noticed_before_deal_finished=noticed)
        wanted = {n: counts.get(n, 5) for n in self.names}
        if sum(wanted.values()) > len(FULL_PACK):
            raise Impossible("more cards dealt than the pack holds")
        order = self.order_from(self.left_of(self.dealer))
        for rnd in range(max(wanted.values())):
            for n in order:
                if rnd < wanted[n]:
                    self.seats[n].hand.append(self.take_from_pack())
        for n, cards in hands.items():
            if len(cards) > len(self.seats[n].hand):
                raise Impossible(f"{n} is named {len(cards)} cards but was dealt "
                                 f"{len(self.seats[n].hand)}")
            self.name_cards(self.seats[n], cards)
        for s in self.seats.values():
            s.dealt = tuple(s.hand)
        for n, card in (exposed or {}).items():
            if card:
                self.name_cards(self.seats[n], (card,))
            self.find(Kind.CARD_EXPOSED_IN_DEAL, n, f"the dealer exposed a card "
                      f"({card or 'unnamed'}) in dealing to {n}", card=card, to=n)
        for n in order:
            if wanted[n] != 5:
                # One hand's surplus may be another's shortage (six and four).
                offset = next((m for m in order if m != n and wanted[m] == 10 - wanted[n]),
                              None)
                f = self.find(Kind.WRONG_NUMBER_DEALT, n,
                              f"{n} was dealt {wanted[n]} cards", count=wanted[n],
                              lifted=False, looked=False, bet_made=False, offset_by=offset)
                self.track("dealt", n, f)
        self.phase = Phase.SAY
        if self.rules.straddle_when == "before_deal":
            self.straddling_closed = True
        self.level = self.going_in() if not self.jackpot else 0
        first = self.left_of(self.straddles[-1][0] if self.straddles else self.age)
        if self.jackpot:
            first = self.left_of(self.dealer)
        self.to_act = [n for n in self.order_from(first) if self.seats[n].status == Status.IN]

    # --- the say before the draw, and betting after it -----------------------------------

    def check_turn(self, name: str, act: str) -> None:
        if self.phase == Phase.SAY:
            self.say_started = self.straddling_closed = True
        expected = self.turn()
        if expected is not None and expected != name:
            self.find(Kind.OUT_OF_TURN, name, f"{name} {act} out of turn; it was "
                      f"{expected}'s say", expected=expected, act=act)

    def _acted(self, name: str) -> None:
        if name in self.to_act:
            self.to_act.remove(name)

    def _reopen(self, name: str) -> None:
        """After a raise every other active player has the say again, in order."""
        if self.phase == Phase.SAY and self.rules.make_good_at_draw:
            return
        order = self.order_from(self.left_of(name))
        self.to_act = [n for n in order if n != name and self.seats[n].status == Status.IN]

    def come_in(self, name: str, stated: int | None) -> None:
        seat = self.seats[name]
        owe = max(0, self.level - seat.stake)
        if owe or stated:
            self._opens_if_first(name)
        if stated is not None and stated > owe and self.phase in (Phase.SAY, Phase.BETTING):
            # "C comes in 20" where making good costs 8: he makes good and goes 12 better.
            self.raise_(name, stated - owe)
            return
        if stated is not None and stated != owe:
            kind = Kind.SHORT_STAKE if stated < owe else Kind.AMOUNT_DIFFERS
            self.find(kind, name, f"{name} put up {stated} where making good cost {owe}",
                      stated=stated, required=owe)
            owe = stated
        self.pay(name, owe)
        seat.came_in = True
        seat.looked = True
        self._acted(name)

    def _opens_if_first(self, name: str) -> None:
        """In a jack-pot, the first to stake anything opens it."""
        if self.jackpot and not self.opened:
            self.opened = True
            self.opener = name

    def raise_(self, name: str, by: int) -> None:
        self._opens_if_first(name)
        if by > self.limit:
            self.find(Kind.OVER_LIMIT, name, f"{name} went {by} better; the limit is "
                      f"{self.limit}", amount=by, limit=self.limit)
        seat = self.seats[name]
        self.level = max(self.level, seat.stake) + by
        self.pay(name, self.level - seat.stake)
        seat.came_in = True
        seat.looked = True
        self.bet_made = True
        self._reopen(name)
        self._acted(name)

    def bet(self, name: str, amount: int) -> None:
        if self.jackpot and not self.opened:
            self.opened = True
            self.opener = name
        if self.phase == Phase.BETTING and not self.bet_made:
            self.raise_(name, amount)
            return
        owe = max(0, self.level - self.seats[name].stake)
        if amount <= owe:
            self.come_in(name, amount)
        else:
            self.raise_(name, amount - owe)

    def passes(self, name: str) -> None:
        if self.jackpot and not self.opened and self.phase == Phase.SAY:
            self._acted(name)  # declining to open; he keeps his cards
            return
        self.seats[name].looked = True
        self.fold(name)

    def stand(self, name: str) -> None:
        if self.bet_made or not self.rules.first_may_stand or self.phase == Phase.SAY:
            self.find(Kind.STOOD_WITHOUT_RIGHT, name, f"{name} stood without betting",
                      bet_made=self.bet_made)
        self._acted(name)

    def hold(self, name: str) -> None:
        if name != self.age or not self.rules.age_may_hold or self.phase == Phase.SAY:
            self.find(Kind.HELD_WITHOUT_RIGHT, name, f"{name} held his say",
                      is_age=name == self.age)
        if name in self.to_act:
            self.to_act.remove(name)
            self.to_act.append(name)

    def close_say_if_done(self) -> None:
        if self.phase != Phase.SAY or self.to_act:
            return
        active = self.active()
        came_in = [n for n in active if self.seats[n].came_in]
        if not came_in:
            self.phase = Phase.OVER
            self.outcome = {"kind": "not_opened", "pool": self.pool}
            self.find(Kind.NOT_OPENED, None, "nobody came in", pool=self.pool)
        elif len(active) == 1:
            self._won_uncalled(active[0])
        else:
            self.phase = Phase.DRAW
            self.drawers = [n for n in self._draw_order() if self.seats[n].status == Status.IN]

    def _won_uncalled(self, name: str) -> None:
        self.phase = Phase.OVER
        self.outcome = {"kind": "won_uncalled", "winner": name, "pool": self.pool}
        self.find(Kind.WON_UNCALLED, name, f"nobody would equal {name}'s stake; the pool "
                  f"holds {self.pool}",
                  pool=self.pool, opener=self.opener)

    # --- the draw ---------------------------------------------------------------------

    def _draw_order(self) -> list[str]:
        first = self.left_of(self.dealer)  # the age: every book draws from the dealer's left
        return self.order_from(first)

    def next_drawer(self) -> str | None:
        waiting = []
        for n in self.drawers:
            s = self.seats[n]
            if s.status != Status.IN or s.drawn:
                continue
            if s.owed and self.rules.exposed_replaced == "after_others":
                waiting.append(n)
                continue
            return n
        return waiting[0] if waiting else None

    def begin_draw_turn(self, name: str) -> None:
        """Checks made when a player starts to draw (discard, ask or be helped)."""
        self.open_draw(name)
        seat = self.seats[name]
        if seat.stake < self.level and ("making good", name) not in self.open_findings:
            # One finding per draw: discarding, asking and being helped are one draw.
            f = self.find(Kind.DREW_WITHOUT_MAKING_GOOD, name,
                          f"{name} drew with {seat.stake} staked where the stake was "
                          f"{self.level}", stake=seat.stake, required=self.level)
            self.track("making good", name, f)

    def open_draw(self, name: str) -> None:
        """The draw begins (``name`` being the first to act in it), closing the say."""
        if self.phase == Phase.SAY:
            # Under make_good_at_draw a raised player makes good at his draw; but a player
            # who has not had his say at all has been passed over, in every book.
            if not self.to_act:
                self.close_say_if_done()
            else:
                self.find(Kind.OUT_OF_TURN, name, f"the draw began while "
                          f"{self.to_act[0]} still had the say", expected=self.to_act[0],
                          act="draws")
                self.to_act = []
                self.close_say_if_done()
        if self.phase != Phase.DRAW:
            raise Impossible(f"there is no draw now ({self.phase})")

    def discard(self, name: str, count: int, cards: tuple[str, ...]) -> None:
        seat = self.seats[name]
        if seat.discarded is not None:
            raise Impossible(f"{name} has already discarded in this draw")
        if count > len(seat.hand):
            raise Impossible(f"{name} cannot discard {count} cards from a hand of "
                             f"{len(seat.hand)}")
        self.begin_draw_turn(name)
        if cards:
            self.name_cards(seat, cards)
            for c in cards:
                seat.hand.remove(c)
                self.discards.append(c)
            for _ in range(count - len(cards)):
                self.discards.append(seat.hand.pop(seat.hand.index(None)) if None in
                                     seat.hand else seat.hand.pop())
        else:
            for _ in range(count):
                i = seat.hand.index(None) if None in seat.hand else len(seat.hand) - 1
                self.discards.append(seat.hand.pop(i))
        seat.discarded = count
        if seat.asked is not None and seat.asked != count:
            self._asked_wrong(name)

    def ask(self, name: str, count: int) -> None:
        seat = self.seats[name]
        if name == self.dealer:
            seat.asked = count
            return
        self.begin_draw_turn(name)
        seat.asked = count
        if seat.discarded is not None and seat.discarded != count:
            self._asked_wrong(name)

    def _asked_wrong(self, name: str) -> None:
        seat = self.seats[name]
        f = self.find(Kind.ASKED_WRONG_NUMBER, name,
                      f"{name} discarded {seat.discarded} and asked for {seat.asked}",
                      discarded=seat.discarded, asked=seat.asked, given=None, lifted=False,
                      looked=False, next_helped=False, asked_disputed=False)
        self.track("asked", name, f)

    def give(self, dealer: str, to: str, count: int, cards: tuple[str, ...]) -> None:
        if dealer != self.dealer:
            raise Impossible(f"{dealer} is not the dealer; only {self.dealer} gives cards")
        seat = self.seats[to]
        short = self._short(seat)
        if short and self.phase == Phase.BETTING and not self.bet_made:
            self.phase = Phase.DRAW  # a deficiency made good before anyone has bet
        expected = self.next_drawer() if self.phase == Phase.DRAW else None
        self.begin_draw_turn(to)
        # Making good a deficiency, or replacing an exposed card, is not drawing out of
        # turn: the exposure and the shortfall are findings of their own.
        if expected is not None and expected != to and not short and not seat.owed:
            self.find(Kind.DREW_OUT_OF_TURN, to, f"{to} was helped before {expected}",
                      expected=expected)
        if seat.discarded is None:
            seat.discarded = 0 if to != self.dealer else count
            if seat.asked is not None and seat.asked != 0 and to != self.dealer:
                self._asked_wrong(to)  # he asked for cards without discarding any
        if seat.asked is None:
            seat.asked = seat.discarded if to != self.dealer else count
        for prev in self.drawers:
            p = self.seats[prev]
            if prev != to and p.given and p.drawn:
                self._update_facts(prev, next_helped=True)
        named = list(cards)
        for i in range(count):
            card = self.take_from_pack(named[i] if i < len(named) else None)
            seat.hand.append(card)
        before = seat.given
        seat.given += count
        target = seat.asked
        if seat.owed:
            # Of the cards still due, the last ``owed`` replace exposed ones.
            due = max(0, ((seat.discarded if to == self.dealer else target) or 0) - before)
            replaced = min(seat.owed, max(0, count - max(0, due - seat.owed)))
            seat.owed -= replaced
            others_waiting = any(not self.seats[n].drawn and n != to and
                                 self.seats[n].status == Status.IN for n in self.drawers)
            if replaced and self.rules.exposed_replaced == "after_others" and others_waiting:
                self.find(Kind.EXPOSED_CARD_REPLACED_EARLY, to, f"{to}'s exposed card was "
                          "replaced before the other players were helped")
        gave_discarded = (to != self.dealer and seat.discarded is not None
                          and target != seat.discarded and seat.given == seat.discarded)
        if gave_discarded:
            seat.drawn = True  # the dealer saw the discard and gave that number (Peel 44)
            asked_wrong = self.open_findings.get(("asked", to))
            if asked_wrong is not None:
                asked_wrong.facts["gave_discarded"] = True
        elif to == self.dealer:
            if seat.discarded is not None and seat.given != seat.discarded and before == 0:
                f = self.find(Kind.DEALER_DREW_WRONG_NUMBER, to,
                              f"the dealer {to} discarded {seat.discarded} and took "
                              f"{seat.given}", discarded=seat.discarded, given=seat.given,
                              lifted=False, looked=False, made_good=False)
                self.track("dealer", to, f)
            elif before and ("dealer", to) in self.open_findings:
                fd = self.open_findings[("dealer", to)]
                fd.facts["given_in_all"] = seat.given  # "given" stays what he first took
                fd.facts["made_good"] = seat.given == seat.discarded
            if seat.owed and seat.given + seat.owed <= (seat.discarded or 0):
                return  # his exposed card is still to be replaced
            seat.drawn = True
        elif seat.given > target:
            f = self.find(Kind.GIVEN_MORE_THAN_ASKED, to,
                          f"{to} asked for {target} and was given {seat.given}",
                          asked=target, given=seat.given, discarded=seat.discarded,
                          asked_disputed=False,
                          lifted=False, looked=False, next_helped=False)
            self.track("given", to, f)
            seat.drawn = True
        elif seat.given < target:
            if seat.owed and seat.given + seat.owed >= target:
                return  # short only by exposed cards, which are still to be replaced
            key = ("given", to)
            if key not in self.open_findings:
                f = self.find(Kind.GIVEN_FEWER_THAN_ASKED, to,
                              f"{to} asked for {target} and was given {seat.given}",
                              asked=target, given=seat.given, discarded=seat.discarded,
                          asked_disputed=False,
                              lifted=False, looked=False, next_helped=False, made_good=False)
                self.track("given", to, f)
            if seat.owed:
                return
            seat.drawn = True  # play goes on; a later give may make good the deficiency
        else:
            seat.drawn = True
            f0 = self.open_findings.get(("given", to))
            if f0 is not None and f0.kind == Kind.GIVEN_FEWER_THAN_ASKED:
                f0.facts["made_good"] = True
                f0.facts["given"] = seat.given
        asked_f = self.open_findings.get(("asked", to))
        if asked_f is not None:
            asked_f.facts["given"] = seat.given
        size_f = self.open_findings.get(("size", to))
        if size_f is not None and short:
            size_f.facts["made_good"] = len(seat.hand) == 5
        self.close_draw_if_done()

    def _short(self, seat: Seat) -> bool:
        """Given some of his cards in this draw, but fewer than he asked for (or, for the
        dealer, than he discarded)."""
        want = seat.discarded if seat.name == self.dealer else seat.asked
        return seat.given > 0 and want is not None and seat.given < want

    def stand_pat(self, name: str) -> None:
        self.begin_draw_turn(name)
        seat = self.seats[name]
        seat.discarded = seat.discarded or 0
        seat.asked = 0
        seat.drawn = True
        self.close_draw_if_done()

    def expose(self, dealer: str, to: str | None, card: str | None) -> None:
        if self.phase == Phase.SAY or self.phase == Phase.DRAW:
            if self.phase == Phase.SAY:
                self.open_draw(to or dealer)
            target = to or self.next_drawer()
            c = self.take_from_pack(card)
            where = self._set_aside(c, self.rules.exposed_card)
            if target:
                t = self.seats[target]
                t.owed += 1
                if self._short(t):
                    t.drawn = False  # exposed in the middle of his cards: he waits for it
            self.find(Kind.CARD_EXPOSED_IN_DRAW, target,
                      f"the dealer exposed a card ({c or 'unnamed'}) in giving {target} his "
                      f"cards; it was {where}", card=c, to=target, placed=where)
            return
        if self.phase == Phase.BEFORE_DEAL:
            raise Impossible("no cards have been dealt yet")
        raise Impossible(f"the dealer cannot expose a card {self.phase}")

    def _set_aside(self, card: str | None, rule: str) -> str:
        """Put a card seen face up where the rulebook says; returns where, in words."""
        if rule == "return_to_pack":
            self.pack.append(card)
            return "returned to the pack"
        self.discards.append(card)
        return "put among the discards"

    def faced(self, card: str | None) -> None:
        if self.phase == Phase.BEFORE_DEAL:
            self.find(Kind.CARD_FACED_IN_PACK, None, "a card was found faced in the pack "
                      "before the deal was finished", card=card, during="deal")
            return
        if self.phase == Phase.OVER:
            raise Impossible("the hand is over; there is no pack in play")
        during = {Phase.SAY: "before the draw", Phase.DRAW: "draw"}.get(self.phase,
                                                                        "after the draw")
        c = self.take_from_pack(card)
        where = self._set_aside(c, self.rules.faced_card)
        self.find(Kind.CARD_FACED_IN_PACK, None, f"a card ({c or 'unnamed'}) was found faced "
                  f"in the pack {'in the draw' if during == 'draw' else during}; it was {where}",
                  card=c, during=during)

    def close_draw_if_done(self) -> None:
        if self.phase != Phase.DRAW or self.next_drawer() is not None:
            return
        for n in self.drawers:
            s = self.seats[n]
            if s.status == Status.IN and len(s.hand) != 5 and \
                    not self._size_explained(n, ("dealt",)):
                f = self.find(Kind.WRONG_HAND_SIZE, n, f"{n} holds {len(s.hand)} cards "
                              "after the draw", size=len(s.hand), lifted=s.drawn_lifted,
                              looked=s.drawn_lifted, bet_made=False, made_good=False)
                self.track("size", n, f)
        self.phase = Phase.BETTING
        self.bet_made = False
        self.level_at_draw = self.level
        first = self.age if self.rules.bet_first == "age" else self.left_of(self.age)
        self.to_act = [n for n in self.order_from(first) if self.seats[n].status == Status.IN]

    def retake(self, name: str, count: int) -> None:
        if self.phase not in (Phase.DRAW, Phase.BETTING) or not self.discards:
            raise Impossible(f"there is no discard for {name} to take back")
        seat = self.seats[name]
        n = min(count, len(self.discards))
        for _ in range(n):
            seat.hand.append(self.discards.pop())
        self.find(Kind.DISCARD_RETAKEN, name, f"{name} took back into his hand {_cards(n)} "
                  "he had discarded", count=n)

    def borrow(self, name: str, amount: int) -> None:
        seat = self.seats[name]
        seat.borrowed = True
        if seat.funds is not None:
            seat.funds += amount

    def state(self, name: str, intent: str) -> None:
        self.seats[name].stated = intent

    def kept_word(self, name: str, act: str) -> None:
        """A player who said what he would do, and did otherwise when his turn came."""
        seat = self.seats[name]
        if seat.stated is None:
            return
        same = {"pass": ("passes",), "drop": ("passes",), "bet": ("bets", "raises", "opens"),
                "raise": ("raises",), "call": ("calls", "comes_in"), "stand": ("stands",)}
        if act not in same.get(seat.stated, ()):
            self.find(Kind.STATEMENT_NOT_KEPT, name, f"{name} said he would {seat.stated}, "
                      f"and when his turn came he {act.replace('_', ' ')}",
                      stated=seat.stated, act=act)
        seat.stated = None

    def _size_explained(self, name: str, also: tuple[str, ...] = ()) -> bool:
        """A wrong number after the draw already found as a wrong ask or a wrong give is
        ruled there, not twice (the law on the cause decides the hand). A hand dealt
        wrong and carried through the draw is found again only when it is raised."""
        keys = ("size", "asked", "given", "dealer", *also)
        return any((key, name) in self.open_findings for key in keys)

    def lift(self, name: str) -> None:
        seat = self.seats[name]
        seat.lifted = seat.looked = True
        if self.phase in (Phase.DRAW, Phase.BETTING, Phase.SHOW):
            seat.drawn_lifted = True
        self._update_facts(name, lifted=True, looked=True)
        if self.phase in (Phase.DRAW, Phase.BETTING) and len(seat.hand) != 5 and \
                not self._size_explained(name):
            f = self.find(Kind.WRONG_HAND_SIZE, name, f"{name} lifted a hand of "
                          f"{len(seat.hand)} cards", size=len(seat.hand), lifted=True,
                          looked=True, bet_made=False)
            self.track("size", name, f)

    def look(self, name: str) -> None:
        self.seats[name].looked = True
        self._update_facts(name, looked=True)

    def after_money(self, name: str, staked: bool = True) -> None:
        """After a say: later facts for open findings, and the end of a round. Only a
        stake counts as a bet; a pass, a stand or a hold is no bet."""
        self._update_facts(name, looked=True)
        if staked:
            self._update_facts(name, bet_made=True)
            for (_, who), f in self.open_findings.items():
                if who != name and "bet_made" in f.facts and f.kind == Kind.WRONG_NUMBER_DEALT:
                    f.facts["bet_made"] = True
        if self.phase == Phase.SAY:
            active = self.active()
            if len(active) == 1 and self.opened and self.seats[active[0]].came_in:
                self._won_uncalled(active[0])
                return
            self.close_say_if_done()
        elif self.phase == Phase.BETTING:
            active = self.active()
            if len(active) == 1:
                self._won_uncalled(active[0])
            elif not self.to_act:
                self.phase = Phase.SHOW
                self.outcome = {"kind": "show", "pool": self.pool, "players": active}
        elif self.phase == Phase.DRAW:
            active = self.active()
            if len(active) == 1:
                self._won_uncalled(active[0])
            else:
                self.close_draw_if_done()
