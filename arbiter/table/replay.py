"""Replay a case: a pure function from a case (and a rulebook's mechanics) to table states.

``replay(case, rulebook)`` runs the events in order on a fresh table and
returns a Replay: one small snapshot per step (no deep copies), the findings
with the step each arose at, and the outcome. The same case always gives the
same replay, byte for byte in JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from ..errors import InputError
from ..law.laws import Rulebook
from ..law.params import Rules, precedence_of, rules_from, voice, yaml_name
from ..terms.findings import Consequence, Finding, Told
from ..terms.vocabulary import Act
from .acts import finish, run
from .acts.agreements import (
    book_rules,
    keep_book_rules,
    not_the_books,
    play_agreed,
    rules_agreed,
)
from .acts.common import end_deal, retire
from .agreed import Waiver
from .agreed_values import agreed_values
from .cases import Case, Event
from .deals import first_of_deal, next_dealer
from .game import Game, Impossible, Phase, Status, table_stakes


class Step(Struct, frozen=True):
    """The table just after one event: compact, comparable, cheap to keep."""

    index: int
    line: int | None
    event: str
    phase: str
    turn: str | None
    stakes: tuple[int, ...]
    statuses: tuple[str, ...]
    hands: tuple[tuple[str | None, ...], ...]
    pool: int
    findings: tuple[int, ...]  # indexes into Replay.findings
    cards: tuple[tuple[str, int], ...]  # where the 52 cards are


class Replay(Struct, frozen=True):
    case: Case
    rulebook: str
    seats: tuple[str, ...]
    dealer: str
    age: str
    steps: tuple[Step, ...]
    findings: tuple[Finding, ...]
    outcome: dict[str, Any]
    claims: tuple[dict[str, Any], ...]
    assumed: tuple[str, ...]
    facts: dict[str, Any]
    # The engine's assumptions the table went by (not every one the book leaves open).
    relied: tuple[str, ...] = ()
    book_name: str = "the book"  # how rulings name the rulebook (its citation)
    # Findings not recorded because the rulebook rules them on an earlier one:
    # (the finding, its cause, the precedence rule).
    merged: tuple[tuple[Finding, Finding, dict[str, Any]], ...] = ()
    # What the rulings did to the table, each after the act at its step (ruling.course).
    obeyed: tuple[Consequence, ...] = ()
    # Where the counters went when those rulings acted (a void act's, a fine).
    told: tuple[Told, ...] = ()

    @property
    def final(self) -> Step:
        return self.steps[-1]

    def stake(self, player: str) -> int:
        return self.final.stakes[self.seats.index(player)]

    def status(self, player: str) -> str:
        return self.final.statuses[self.seats.index(player)]

    def to_dict(self) -> dict[str, Any]:
        def players(step: Step) -> dict[str, Any]:
            return {
                n: {"stake": step.stakes[i], "status": step.statuses[i],
                    "cards": len(step.hands[i]), "hand": list(step.hands[i])}
                for i, n in enumerate(self.seats)
            }

        return {
            "case": self.case.file,
            "title": self.case.title,
            "rulebook": self.rulebook,
            "seats": list(self.seats),
            "dealer": self.dealer,
            "age": self.age,
            "steps": [
                {"step": s.index, "line": s.line, "event": s.event, "phase": s.phase,
                 "turn": s.turn, "players": players(s), "pool": s.pool,
                 "cards": dict(s.cards),
                 "findings": [self.findings[i].to_dict() for i in s.findings]}
                for s in self.steps
            ],
            "final": {"players": players(self.final), "pool": self.final.pool},
            "findings": [f.to_dict() for f in self.findings],
            "outcome": self.outcome,
            "claims": list(self.claims),
            "assumed": list(self.assumed),
            "relied_on": list(self.relied),
        }


# The effect by which an agreement on one of the book's rules is held (``Consequence``):
# applied before the act at its step, the first of its deal.
_AGREED = "agreed"

# A book's mechanics, worked out once for each set of parameters.
_RULES: dict[str, Rules] = {}


# The engine's assumptions in a book's mechanics, by their rulebook names, once for each.
_ASSUMED: dict[int, tuple[Rules, tuple[str, ...]]] = {}


def _assumed(rules: Rules) -> tuple[str, ...]:
    hit = _ASSUMED.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_ASSUMED) >= 64:
            _ASSUMED.clear()
        hit = _ASSUMED[id(rules)] = (rules, tuple(sorted(yaml_name(a) for a in rules.assumed)))
    return hit[1]


def _rules(book: Rulebook | None) -> Rules:
    if book is None:
        return rules_from({})
    key = repr(book.parameters)
    if key not in _RULES:
        _RULES[key] = rules_from(book.parameters)
    return _RULES[key]


class Moment:
    """The table at one moment of the walk, as the law that acts on it (``replay``'s
    ``law``) is shown it: ``step``, the act at it (``event``; None at the end of the
    events), whether the act is yet to be made (``before``: at the first act of a deal, the
    table's agreements found), the findings so far, and ``view()``, the replay so far (built
    only if asked for). At the end of the events ``view()`` is the replay itself."""

    __slots__ = ("_made", "_view", "before", "event", "findings", "step")

    def __init__(self, step: int, event: Event | None, before: bool,
                 findings: list[Finding], view: Callable[[], Replay]) -> None:
        self.step, self.event, self.before, self.findings = step, event, before, findings
        self._view = view
        self._made: Replay | None = None

    def view(self) -> Replay:
        if self._made is None:
            self._made = self._view()
        return self._made


# What the law does to the table at a moment: the consequences acting at its step.
Law = Callable[[Moment], Sequence[Consequence]]


def replay(case: Case, rulebook: Rulebook | None = None,
           obey: tuple[Consequence, ...] = (), law: Law | None = None) -> Replay:
    """Replay ``case`` under ``rulebook``'s mechanics (engine defaults if None), in one walk
    through the events. ``law``: asked at each moment of the walk what the rulings on what
    has been found do to the table there (``ruling.course`` rules as it goes), each applied
    after the act at its step, before the next act. ``obey``: consequences given in advance
    instead, each applied after the act at its step."""
    w = _Walk(case, rulebook, obey, law)
    for i, ev in enumerate(case.events, 1):
        w.act(i, ev)
    return w.end()


class _Walk:
    """One walk through the events on a fresh table, the law acting as it goes."""

    def __init__(self, case: Case, rulebook: Rulebook | None,
                 obey: tuple[Consequence, ...], law: Law | None) -> None:
        self.case, self.rulebook, self.obey, self.law = case, rulebook, obey, law
        self.rules = rules = _rules(rulebook)
        t = case.table
        self.game = Game(t.seats, t.dealer, t.blind, t.limit, rules, jackpot=t.jackpot,
                         carried=t.pool, stakes=dict(t.stakes) if t.stakes else None,
                         precedence=precedence_of(rulebook), agreed=case.agreed,
                         values=agreed_values(t, case.agreed))
        self.steps = [_snapshot(self.game, 0, None, "the table before the deal", 0)]
        self.ended = False
        self.told: list[Told] = []
        self.held: list[Waiver] = []  # the agreements on the book's rules held for the sitting
        self.obeyed: list[Consequence] = []  # what the rulings did, in the order applied

    def act(self, i: int, ev: Event) -> None:
        """The act at step ``i``: made on the table, then what the law does after it."""
        game = self.game
        game.step, game.line = i, ev.line
        before = len(game.findings)
        due = [c for c in self.obey if c.step == i]
        if not self.ended and first_of_deal(game):
            ask = (lambda: self._ask(i, ev, True)) if self.law is not None else None
            self.held = _agreed_rules(game, due, self.held, ask)
        saved = game.save() if any(_voids(c) for c in due) else None
        # What a ruling that voids the act most often puts back: its counters (cheap to keep
        # before every act; the whole table, where a ruling needs it, is walked to again).
        kept = (_counters(game) if self.law is not None and saved is None
                and ev.player is not None else None)
        try:
            if not self.ended:
                run(game, ev)
        except Impossible as exc:
            raise InputError(f"step {i} ({ev.describe()!r}) cannot happen: {exc}",
                             file=self.case.file, line=ev.line, column=ev.column,
                             path=f"events[{i - 1}]") from None
        if self.law is not None:
            now = [c for c in self._ask(i, ev, False) if c.effect != _AGREED]
            voids = [c for c in now if _voids(c)]
            if saved is None and voids:
                saved = kept if kept and all(map(_light, voids)) else self._before(i, due)
            due += now
        self.obeyed += due
        was = len(self.told)
        self.ended = self.ended or _obey(game, due, saved, ev, self.told)
        text = (ev.describe() if not self.ended or due
                else ev.describe() + " (the deal had ended)")
        text += "".join(f" ({_told_here(t)})" for t in self.told[was:] if _told_here(t))
        self.steps.append(_snapshot(game, i, ev.line, text, before))

    def _ask(self, i: int, ev: Event | None, before: bool) -> list[Consequence]:
        """What the law does at step ``i`` (before the act there, or after it)."""
        assert self.law is not None
        game = self.game
        moment = Moment(i, ev, before, game.findings, lambda: self._so_far(i, ev))
        return [c for c in self.law(moment) if c.step == i]

    def _so_far(self, i: int, ev: Event | None) -> Replay:
        """The replay as far as the act at step ``i`` (its consequences not yet applied)."""
        text = ev.describe() if ev is not None else ""
        now = _snapshot(self.game, i, ev.line if ev else None, text, len(self.game.findings))
        return _replay_of(self, [*self.steps, now], 0)

    def _before(self, i: int, due: list[Consequence]) -> dict[str, Any]:
        """The table as it was before the act at step ``i`` (``due``: the agreements held
        from it), for a ruling that voids the act: the walk is a pure function of the events
        and the consequences applied, so it is walked again to there (rather than the table
        copied before every act)."""
        w = _Walk(self.case, self.rulebook, tuple(self.obeyed), None)
        for k, ev in enumerate(self.case.events[:i - 1], 1):
            w.act(k, ev)
        game, ev = w.game, self.case.events[i - 1]
        game.step, game.line = i, ev.line
        if not w.ended and first_of_deal(game):
            _agreed_rules(game, [c for c in due if c.effect == _AGREED], w.held)
        return game.save()

    def end(self) -> Replay:
        """The end of the events: a delivery left open, the show, the openers. What the law
        does on what is found only there (a fine paid into the pool that is won) acts after
        the last act, so the walk is taken again with it where there is any."""
        during_events = len(self.game.findings)
        finish(self.game)
        r = _replay_of(self, _findings_at_their_steps(self.steps, self.game.findings),
                       during_events)
        n = len(self.case.events)
        if self.law is None or n < 1:
            return r
        moment = Moment(n, None, False, self.game.findings, lambda: r)
        late = [c for c in self.law(moment) if c.step == n]
        if not [c for c in late if c not in self.obeyed]:
            return r
        done = [c for c in self.obeyed if c.step < n]
        return replay(self.case, self.rulebook, (*done, *late))


def _replay_of(w: _Walk, steps: list[Step], during_events: int) -> Replay:
    """The replay of the walk ``w`` with these ``steps``."""
    game, rules, t, rulebook = w.game, w.rules, w.case.table, w.rulebook
    return Replay(
        case=w.case,
        rulebook=rulebook.id if rulebook else "(none)",
        seats=t.seats,
        dealer=game.dealer,  # in a sitting of several deals, the last deal's
        age=game.age,
        steps=tuple(steps),
        findings=tuple(game.findings),
        outcome=game.outcome,
        claims=tuple(game.claims),
        assumed=_assumed(rules),
        facts={"jackpot": t.jackpot, "opener": game.opener, "level": game.level,
               "straddles": [list(s) for s in game.straddles],
               "straddles_put": [list(s) for s in game.notes.straddles_put],
               "blind": game.blind_unit,
               "bet_made": game.bet_made, "to_act": list(game.to_act),
               "went_in": [n for n in game.names if game.seats[n].came_in],
               "found_at_end": len(game.findings) - during_events,
               **sitting_facts(game)},
        relied=tuple(game.relied),
        book_name=voice(rulebook) if rulebook else "the book",
        merged=tuple(game.merged),
        obeyed=tuple(w.obeyed) if w.law is not None else w.obey,
        told=tuple(w.told),
    )


def sitting_facts(game: Game) -> dict[str, Any]:
    """What the sitting adds to the replay's facts: the jack-pot of the deal now, which
    deal it is, the deals ended before it, who deals next, the order of the show."""
    out: dict[str, Any] = {"jackpot": game.jackpot, "deal": game.deal,
                           "going_in": game.rules.come_in_multiple * game.blind_unit,
                           "show_order": list(game.shown), "closed_by": game.closed_by,
                           "untold": game.untold}
    if game.deals:
        out["deals"] = [dict(d) for d in game.deals]
        out["last_dealer"] = game.deals[-1]["dealer"]
    out["next_dealer"] = next_dealer(game, rely=False)
    if game.agreed is not None and game.agreed.any():
        out["agreed"] = game.agreed.to_dict()
    out["table_stakes"] = table_stakes(game)
    out["short_acts"] = [list(x) for x in game.notes.short_acts]
    out["drawing"] = drawing(game)
    out["amended"] = [[step, i] for step, f in game.notes.amended
                      for i, g in enumerate(game.findings) if g is f]
    return out


def drawing(game: Game) -> dict[str, list[int]]:
    """In the draw, each player still in whose draw has begun and is not complete: he has
    discarded or asked, and waits to be helped (a card exposed in helping him still owed
    him among them): [discarded, asked, given, owed]."""
    if game.phase != Phase.DRAW:
        return {}
    out: dict[str, list[int]] = {}
    before = False  # a player still in before him in the order of the draw has not begun his
    for n in game.drawers:  # so his own discard or ask waits for his turn: not being helped
        s = game.seats[n]
        begun = s.discarded is not None or s.asked is not None
        if s.status == Status.IN and not begun and not (s.drawn or s.let_by):
            before = True
        if before or s.status != Status.IN or not begun or (s.drawn and not s.owed):
            continue
        out[n] = [s.discarded or 0, s.asked or 0, s.given, s.owed]
    return out


def _agreed_rules(game: Game, due: list[Consequence], held: list[Waiver],
                  ask: Callable[[], list[Consequence]] | None = None) -> list[Waiver]:
    """At the first act of a deal: the book's rules the table agreed to play otherwise are
    found, and the deal is played under those whose ruling lets them stand (``agreed``:
    for the sitting, or on this occasion: ``due``, and what ``ask`` returns, the law
    asked once they are found), and the book's own rules for the rest. Returns the
    agreements held for the sitting."""
    keep_book_rules(game)
    rules_agreed(game)
    if ask is not None:
        due += [c for c in ask() if c.effect == _AGREED]
    agreed = game.agreed
    now = [agreed.nth(c.amount) for c in due if c.effect == _AGREED] if agreed else []
    now += [w for _, w in (agreed.rules(game.deal) if agreed else [])
            if not_the_books(game, w) and w.deal in (None, game.deal)]
    sitting = [*held, *(w for w in now if w.deal is None)]
    game.rules = play_agreed(book_rules(game), [*sitting, *(w for w in now if w.deal)])
    return sitting


def _voids(c: Consequence) -> bool:
    return c.effect.partition(":")[0] == "void"


class _Counters(Struct, frozen=True):
    stake: int
    funds: int | None


def _counters(game: Game) -> dict[str, Any]:
    """Of the table before an act, what a void act whose counters go back needs (``_undo``),
    in the shape of ``Game.save``."""
    return {"seats": {n: _Counters(s.stake, s.funds) for n, s in game.seats.items()},
            "carried": game.carried, "level": game.level, "blind_unit": game.blind_unit}


def _light(c: Consequence) -> bool:
    """Whether undoing the act as ``c`` says needs no more than its counters before it."""
    how = c.effect.partition(":")[2] or "counters"
    return how in ("counters", "nothing") or (how == "excess" and c.amount <= 0)


def _obey(game: Game, due: list[Consequence], saved: dict[str, Any] | None, ev: Event,
          told: list[Told]) -> bool:
    """Apply what the rulings at this step do to the table; True if the deal has ended."""
    for c in due:
        if _voids(c) and saved is not None and c.player in game.seats:
            _undo(game, c, saved, ev, told)
            saved = None
    for c in due:
        if c.effect == "fine" and c.player in game.seats and game.phase != Phase.OVER:
            game.carried += c.amount  # paid into the pool, which is won with it
            told.append(Told(c.step, c.effect, c.player, c.provision, c.amount))
    for c in due:
        if c.effect == "retire" and c.player in game.seats:
            retire(game, c.player)
    for c in due:
        if c.effect == "deal_ends":
            end_deal(game, f"{c.kind} ({c.provision})")
            return True
    return False


def _told_here(t: Told) -> str:
    """What a ruling did to the counters at this step, in the replay's event column."""
    how = t.effect.partition(":")[2]
    if t.effect == "fine":
        return f"{t.player} fined {t.amount} into the pool"
    if how == "excess" and t.amount:
        return f"void past the limit: {t.amount} returned"
    if how == "counters" and t.amount:
        return f"void: {abs(t.amount)} {'returned' if t.amount > 0 else 'put back'}"
    return ""


def _undo(game: Game, c: Consequence, saved: dict[str, Any], ev: Event,
          told: list[Told]) -> None:
    """Undo the act ``ev`` as the ruling ``c`` says (``Undoes`` in the vocabulary), and tell
    where its counters went."""
    name = str(c.player)
    how = c.effect.partition(":")[2] or "counters"
    moved = game.seats[name].stake - saved["seats"][name].stake
    if how == "nothing" or (how == "excess" and c.amount <= 0):
        if how == "nothing" and ev.act == Act.STRADDLES:  # void as a straddle, counters kept
            _straddle_as_in_turn(game, name)
        told.append(Told(c.step, c.effect, name, c.provision, moved if how == "nothing" else 0))
        return
    if how == "counters":  # the counters and the bet to be met as before; the say as left
        for n, seat in game.seats.items():
            seat.stake, seat.funds = saved["seats"][n].stake, saved["seats"][n].funds
        game.carried, game.level = saved["carried"], saved["level"]
        game.blind_unit = saved["blind_unit"]  # a void blind does not set the price
        if ev.act == Act.STRADDLES:
            _straddle_as_in_turn(game, name, returned=True)
        told.append(Told(c.step, c.effect, name, c.provision, moved))
        return
    game.restore(saved)
    if how == "excess" and ev.amount is not None and 0 < c.amount <= ev.amount:
        kept = (len(game.findings), len(game.merged))
        try:  # the act as made at the limit: nothing in it is found a second time
            run(game, replace(ev, amount=ev.amount - c.amount))
        except Impossible:
            game.restore(saved)
        del game.findings[kept[0]:], game.merged[kept[1]:]
        moved = c.amount
    told.append(Told(c.step, c.effect, name, c.provision, moved))


def _straddle_as_in_turn(game: Game, name: str, returned: bool = False) -> None:
    """A void straddle keeps its place in the order of straddling (the right passed in turn
    and was used), but at the amount in turn, not at the amount made void: the next straddle
    is reckoned from the straddles that stand, each "increas[ing] the straddle ... by the
    amount of the ante" (Peel 21) or doubling it (Foster 17; Hoffmann p. 131). Its counters
    (``straddles_put``) stay as put, unless the ruling ``returned`` them."""
    if not game.straddles or game.straddles[-1][0] != name:
        return
    made = game.straddles.pop()
    game.straddles.append((made[0], game.straddle_amount()))
    put = game.notes.straddles_put
    if returned and put and put[-1][0] == name:
        put[-1] = game.straddles[-1]


def _findings_at_their_steps(steps: list[Step], findings: list[Finding]) -> list[Step]:
    """Each finding under the step of the act it concerns: an act found only once complete
    (a delivery, when the dealer goes on) is found at its own step, not the next one's."""
    at: dict[int, list[int]] = {}
    for k, f in enumerate(findings):
        at.setdefault(min(max(f.step, 0), len(steps) - 1), []).append(k)
    return [s if s.findings == tuple(at.get(s.index, ())) else
            replace(s, findings=tuple(at.get(s.index, ()))) for s in steps]


def _snapshot(game: Game, index: int, line: int | None, text: str, before: int) -> Step:
    seats = [game.seats[n] for n in game.names]
    return Step(
        index=index,
        line=line,
        event=text,
        phase=str(game.phase),
        turn=game.turn(),
        stakes=tuple(s.stake for s in seats),
        statuses=tuple(str(s.status) for s in seats),
        hands=tuple(tuple(s.hand) for s in seats),
        pool=game.pool,
        findings=tuple(range(before, len(game.findings))),
        cards=tuple(game.card_counts().items()),
    )
