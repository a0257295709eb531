"""The table during one deal: seats, stakes, the pool, the pack and every card.

This module is the state only, and the questions one may ask of it (whose say
it is, what the straddle in turn is, what going in costs). It changes nothing
on its own and finds nothing: each act's handler in ``arbiter/acts`` checks an
event against it, records what is irregular, and applies the change. Where
the books differ it asks ``Rules``. Only what cannot physically happen raises
``Impossible``.
"""

from __future__ import annotations

import copy
from enum import StrEnum
from typing import Any

from msgspec import Struct, field

from ..law.params import Rules, yaml_name
from ..law.precedence import cause_of
from ..terms.cards import FULL_PACK
from ..terms.findings import Facts, Finding, Kind
from .agreed_values import AgreedValues


class Impossible(Exception):
    """An event that cannot physically happen at a card table."""


class OutOfPlace(Impossible):
    """An act a person can make, at a point of the deal where it has no place (a blind
    after the deal, a discard before it): found and ruled, and the table is left as it was.
    ``kind`` and ``facts``: a finding more particular than ``out_of_place``."""

    def __init__(self, message: str, kind: Kind | None = None, **facts: Any) -> None:
        super().__init__(message)
        self.kind = kind
        self.facts = facts


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


class Seat(Struct):
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
    discarded_at: int | None = None  # the steps of his discard and of his demand, as told
    asked_at: int | None = None
    given: int = 0
    owed: int = 0  # cards exposed in the draw, still to be replaced
    drawn: bool = False
    drawn_lifted: bool = False  # raised from the table after his draw (Peel 48)
    let_by: bool = False  # he let his turn to draw go by: it is gone by (Peel 38)
    say_let_by: bool = False  # he let his turn to say or bet go by, and is still in
    late: bool = False  # a late draw of his has been found: what he adds to it is part of it
    passed_in: str | None = None  # the part of the deal in which he threw his hand down
    declined_stake: bool = False  # passed in the say rather than equal a stake (Foster 19)
    dealt: tuple[str | None, ...] = ()  # the original hand, as far as it was named
    borrowed: bool = False  # borrowed to raise: the borrowed money paid for a going better
    borrowing: bool = False  # borrowed, and the money not yet spent on an act
    stated: str | None = None  # what he said he would do when his turn came
    stated_amount: int | None = None  # and the amount he said he would do it for


class DealNotes(Struct):
    """What the acts of a deal leave for the questions asked later: whether the discards
    were gathered in the draw, to be cut; the earlier findings an act made good (step,
    finding: the dealer supplying his short draw), whose ruling answers "may he do it?";
    each act that needed more than the player's funds (player, step, borrowed)."""

    gathered: bool = False
    amended: list[tuple[int, Finding]] = field(default_factory=list)
    short_acts: list[tuple[str, int, bool]] = field(default_factory=list)
    # The age's silence taken for a hold, the player on his left declaring first (Hoffmann
    # p. 127): that player, his act's step and line, the act (acts/say.py,
    # _age_claims_the_say): holding is the age's act, his silence one only until he claims.
    hold_presumed: tuple[str, int, int | None, str] | None = None
    # The straddles as their counters were put up: a straddle ruled against with no remedy
    # keeps its place in ``Game.straddles`` at the amount in turn, but its counters stay as
    # put, and "the straddles together" (Peel p. 34) are these.
    straddles_put: list[tuple[str, int]] = field(default_factory=list)


class Shorts(Struct):
    """Every player who put in all he had and demanded a show for that amount (Peel 60), in
    order: where the book has the others go on, none of them has a say after
    (``to_speak_from``); and one whose demand closes the round, where the book has it stop
    the game (``turns.after_short_call``). The first of them, with who was in the game when
    he demanded it (for the division of the pool at the show), is ``Game.short_of_funds``."""

    players: list[str] = field(default_factory=list)
    demanded: str | None = None


def table_stakes(game: Game) -> bool:
    """Whether a player's funds (table.stakes) are table stakes, beyond which he cannot be
    raised: only where the table agreed to play them (Hoffmann p. 133, a practice "made the
    rule by many players")."""
    return bool(game.agreed is not None and game.agreed.table_stakes)


class Game:
    """Mutable table state, owned by one replay; the act handlers change it."""

    def __init__(self, seats: tuple[str, ...], dealer: str, blind: int, limit: int,
                 rules: Rules, *, jackpot: int = 0, carried: int = 0,
                 stakes: dict[str, int] | None = None,
                 precedence: tuple[dict[str, Any], ...] = (), agreed: Any = None,
                 values: AgreedValues | None = None) -> None:
        self.rules = rules
        # What the table agreed before play, which the acts are set against: the blind
        # (acts/agreements.py), the limit every going better is held to, and the stakes
        # each player put on the table (table stakes).
        self.values = values or AgreedValues(blind=blind, limit=limit,
                                             stakes=tuple((stakes or {}).items()))
        if self.values.limit is not None:
            limit = self.values.limit
        # The sitting: the table's agreements (table/agreed.py), which deal of the sitting
        # this is, each deal ended so far, and the blind the table plays for.
        self.agreed = agreed
        self.deal = 1
        self.deals: list[dict[str, Any]] = []
        self.table_blind = blind
        self.deal_began = 0  # the step after which this deal's events begin
        self.untold = False  # the case tells only the show: the deal is taken as regular
        self.shown: list[str] = []  # who turned up his cards at the show, in order
        self.closed_by: str | None = None  # whose act closed the last betting
        self.precedence = precedence
        self.names = seats
        funds = dict(self.values.stakes) or stakes or {}
        self.seats = {n: Seat(n, funds=funds.get(n)) for n in seats}
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
        self.refused_by: str | None = None  # who first refused to straddle in turn
        self.declined: list[str] = []  # every player who declined to straddle, in order
        # Cutting for the deal, round by round (player -> card, None if not named), and who
        # may cut in the round now open (None: anyone; after a tie, the tied players only).
        self.deal_cuts: list[dict[str, str | None]] = []
        self.deal_cut_eligible: list[str] | None = None
        self.say_started = False
        self.to_act: list[str] = []
        self.bet_made = False
        # Who has stood in the betting with no bet made: the turn comes round to them again
        # where the book lets a player stand "until the next round" (betting.first_may_stand).
        self.stood: list[str] = []
        self.raised_before_draw = False  # whether anyone went better in the say
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
        self.notes = DealNotes()  # what the deal's acts leave for later questions
        # Facts of a finding settled by a player's pointing the error out: later acts
        # (lifting, betting) no longer reach them (id of the finding -> facts).
        self.settled: dict[int, set[str]] = {}
        self.short_of_funds: tuple[str, tuple[str, ...]] | None = None  # see Shorts
        self.shorts = Shorts()  # who put in all he had and demanded a show (Peel 60)
        # A delivery in the draw that left the player short: (player, step, line, a faced card
        # interrupted it). Short only once complete, when the dealer goes on to another act: a
        # card exposed in the same delivery makes it a delivery with an exposed card instead.
        self.delivering: tuple[str, int, int | None, bool] | None = None
        self.relied: list[str] = []  # the engine's assumptions the table has relied on
        # The show: the last player, whose act closed the betting, and who has shown.
        self.last_player: str | None = None
        self.last_staker: str | None = None
        # Findings not recorded, each with its cause and the precedence rule that says so.
        self.merged: list[tuple[Finding, Finding, dict[str, Any]]] = []

    # --- seats and turns -------------------------------------------------------

    def left_of(self, name: str) -> str:
        i = self.names.index(name)
        return self.names[(i + 1) % len(self.names)]

    def right_of(self, name: str) -> str:
        i = self.names.index(name)
        return self.names[i - 1]

    def order_from(self, name: str) -> list[str]:
        i = self.names.index(name)
        return [self.names[(i + k) % len(self.names)] for k in range(len(self.names))]

    def active(self) -> list[str]:
        return [n for n in self.names if self.seats[n].status == Status.IN]

    def in_order_from(self, name: str) -> list[str]:
        """The players still in, in order from ``name``."""
        return [n for n in self.order_from(name) if self.seats[n].status == Status.IN]

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

    def acted(self, name: str) -> None:
        if name in self.to_act:
            self.to_act.remove(name)

    def reopen(self, name: str) -> None:
        """After a raise every other active player has the say again, in order: from the
        raiser's left, or, where he raised out of turn, from the player whose say it was,
        who keeps it (no book takes it from him for another's fault)."""
        if self.phase == Phase.SAY and self.rules.make_good_at_draw:
            return
        due = self.turn()
        start = due if due is not None and due != name else self.left_of(name)
        self.to_act = [n for n in to_speak_from(self, start) if n != name]

    # --- findings: the record (the handlers decide what to record) ----------------------

    def clock(self) -> int:
        return self.step

    # The table's state an act may change (what a void act leaves as it was): everything
    # but the record of what was found and the book's mechanics.
    _RECORD = frozenset({"rules", "precedence", "findings", "merged", "open_findings",
                         "settled", "relied", "step", "line"})

    def save(self) -> dict[str, Any]:
        return _saved(self)

    def restore(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)

    def rely(self, *fields: str) -> tuple[str, ...]:
        """Note that the table is going by these mechanics; return those of them that are
        the engine's assumptions (by their rulebook names), for the finding it makes."""
        out = tuple(yaml_name(n) for n in fields if n in self.rules.assumed)
        self.relied += [n for n in out if n not in self.relied]
        return out

    def find(self, kind: Kind, player: str | None, message: str, *,
             relied: tuple[str, ...] = (), **facts: Any) -> Finding:
        """Record a finding, unless the rulebook rules it on an earlier one, its cause
        (then it is returned with ``ruled_on`` set, and not recorded). ``relied``: the
        engine's assumptions the finding rests on (from ``rely``)."""
        f = Finding(kind, self.step, self.line, player, message,
                    Facts(self.clock, dict(facts, phase=str(self.phase))), assumed=relied)
        self._in_sitting(f)
        cause = cause_of(self.precedence, self.findings, f) if self.precedence else None
        if cause is None:
            self.findings.append(f)
        else:
            f.ruled_on = cause[0]
            self.merged.append((f, *cause))
        return f

    def _in_sitting(self, f: Finding) -> None:
        """The facts a sitting adds to a finding: which deal it is in, with that deal's
        dealer, age and jack-pot (the replay's are the last deal's), and whether the table's
        agreements cover it."""
        if self.agreed is not None and self.agreed.any():
            f.facts.update(self.agreed.covering(str(f.kind), self.deal))
        if self.deal > 1:
            f.facts.update(self.deal_facts())

    def deal_facts(self) -> dict[str, Any]:
        return {"deal": self.deal, "dealer": self.dealer, "age": self.age,
                "jackpot": self.jackpot, "left_of_dealer": self.left_of(self.dealer),
                "right_of_dealer": self.right_of(self.dealer)}

    def track(self, key: str, player: str, finding: Finding) -> None:
        """Keep a finding open so later facts (lifting, the next player helped) reach it."""
        self.open_findings[(key, player)] = finding

    def update_facts(self, player: str, **facts: Any) -> None:
        for (_, who), f in self.open_findings.items():
            if who == player:
                for k, v in facts.items():
                    if k in f.facts and not f.facts[k] and not self.is_settled(f, k):
                        f.facts[k] = v

    def is_settled(self, f: Finding, fact: str) -> bool:
        return fact in self.settled.get(id(f), set())

    def settle(self, f: Finding, *facts: str) -> None:
        """What has not happened to the hand by now is settled as not having happened
        before the error was pointed out."""
        for k in facts:
            if k in f.facts and not f.facts[k]:
                f.facts[k] = False
                self.settled.setdefault(id(f), set()).add(k)

    # --- cards -------------------------------------------------------------------

    def claim_identity(self, card: str) -> None:
        if card in self.known:
            raise Impossible(f"the {card} is already elsewhere at the table")
        self.known.add(card)

    def name_cards(self, seat: Seat, cards: tuple[str, ...]) -> None:
        """Give names to cards in a hand (a show, or a deal that names them)."""
        for card in cards:
            if card in seat.hand:
                continue
            if None not in seat.hand:
                raise Impossible(f"{seat.name}'s hand holds no {card}")
            self.claim_identity(card)
            seat.hand[seat.hand.index(None)] = card

    def gatherable(self) -> list[str | None]:
        out: list[str | None] = []
        if "discards" in self.rules.reshuffle:
            out += self.discards
        if "abandoned" in self.rules.reshuffle:
            out += self.abandoned
        return out

    def card_counts(self) -> dict[str, int]:
        hands = sum(len(s.hand) for s in self.seats.values())
        return {"hands": hands, "pack": len(self.pack), "discards": len(self.discards),
                "abandoned": len(self.abandoned), "exposed": len(self.exposed)}

    def fold(self, name: str) -> None:
        seat = self.seats[name]
        seat.status, seat.passed_in = Status.PASSED, str(self.phase)  # when he threw it
        self.abandoned.extend(seat.hand)
        seat.hand = []
        self.acted(name)

    # --- stakes before the deal -------------------------------------------------------

    def next_straddler(self) -> str:
        made = in_turn_straddles(self)
        return self.left_of(made[-1][0] if made else self.age)

    def straddle_amount(self) -> int:
        r, made = self.rules, in_turn_straddles(self)
        if not made:
            return r.straddle_first * self.blind_unit
        last = made[-1][1]
        return last * 2 if r.straddle_step == "double" else last + self.blind_unit

    def standing_straddles(self) -> list[tuple[str, int]]:
        """The straddles that bear on the say: who speaks first, and what going in costs.
        Where the book does not recognise the straddle (``straddle.recognised: false``) none
        does: it "ceases to have any importance" (Hoffmann pp. 131-132), so the say goes as
        if nobody had straddled. The counters stay where they were put (``straddles``)."""
        return self.straddles if self.rules.straddle_recognised else []

    def going_in(self) -> int:
        r = self.rules
        standing = self.standing_straddles()
        if standing:
            last = standing[-1][1]
            return last if r.straddle_counts_as == "going_in" else r.come_in_multiple * last
        return r.come_in_multiple * self.blind_unit

    # --- the draw ---------------------------------------------------------------------

    def draw_order(self) -> list[str]:
        return self.order_from(self.left_of(self.dealer))  # every book draws from the left

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

    def short(self, seat: Seat) -> bool:
        """Given some of his cards in this draw, but fewer than he asked for (or, for the
        dealer, than he discarded)."""
        want = seat.discarded if seat.name == self.dealer else seat.asked
        return seat.given > 0 and want is not None and seat.given < want


def to_speak_from(game: Game, name: str) -> list[str]:
    """The players who have a say in a round opened (or reopened) from ``name``, in order:
    those still in who still hold cards, the say passing over every player who has retired
    (``turns.after_retiring``), and over every one who put in all he had and demanded a
    show, where the book has the others go on without him (``turns.after_short_call``)."""
    out = game.in_order_from(name)
    if any(n in game.shorts.players for n in out):
        game.rely("after_short_call")
        out = [n for n in out if n not in game.shorts.players]
    return out


def in_turn_straddles(game: Game) -> list[tuple[str, int]]:
    """The straddles made by the player whose right it was: one out of turn does not carry
    the right past the player it was due to, who has neither refused nor let it go (Foster
    17, Peel 21, Hoffmann p. 131: the right is each player's in turn)."""
    out: list[tuple[str, int]] = []
    for s in game.straddles:
        if s[0] == game.left_of(out[-1][0] if out else game.age):
            out.append(s)
    return out


def _saved(game: Game) -> dict[str, Any]:
    """A copy of the table's state (``Game.save``), all but the record. A finding the state
    refers to (the earlier finding an act made good, in ``notes``) is the record's own, kept
    as it is, not copied with the table: a copy would carry, in its facts' clock, a copy of
    the whole table, and would no longer be that finding."""
    memo: dict[int, Any] = {id(f): f for f in game.findings}
    memo.update((id(f), f) for m in game.merged for f in m[:2])
    memo.update((id(f), f) for f in game.open_findings.values())
    return copy.deepcopy({k: v for k, v in game.__dict__.items() if k not in game._RECORD},
                         memo)
