"""Replay a case: a pure function from a case (and a rulebook's mechanics) to table states.

``replay(case, rulebook)`` runs the events in order on a fresh table and
returns a Replay: one small snapshot per step (no deep copies), the findings
with the step each arose at, and the outcome. The same case always gives the
same replay, byte for byte in JSON.
"""

from __future__ import annotations

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


# A book's mechanics, worked out once for each set of parameters.
_RULES: dict[str, Rules] = {}


def _rules(book: Rulebook | None) -> Rules:
    if book is None:
        return rules_from({})
    key = repr(book.parameters)
    if key not in _RULES:
        _RULES[key] = rules_from(book.parameters)
    return _RULES[key]


def replay(case: Case, rulebook: Rulebook | None = None,
           obey: tuple[Consequence, ...] = ()) -> Replay:
    """Replay ``case`` under ``rulebook``'s mechanics (engine defaults if None). ``obey``:
    what the rulings on the findings do to the table, each applied after the act at its
    step, before the next act (``ruling.course`` works them out)."""
    rules = _rules(rulebook)
    t = case.table
    game = Game(t.seats, t.dealer, t.blind, t.limit, rules, jackpot=t.jackpot,
                carried=t.pool, stakes=dict(t.stakes) if t.stakes else None,
                precedence=precedence_of(rulebook), agreed=case.agreed,
                values=agreed_values(t, case.agreed))
    steps = [_snapshot(game, 0, None, "the table before the deal", 0)]
    ended = False
    told: list[Told] = []
    held: list[Waiver] = []  # the agreements on the book's rules held for the sitting
    for i, ev in enumerate(case.events, 1):
        game.step, game.line = i, ev.line
        before = len(game.findings)
        due = [c for c in obey if c.step == i]
        if not ended and first_of_deal(game):
            held = _agreed_rules(game, due, held)
        saved = game.save() if any(_voids(c) for c in due) else None
        try:
            if not ended:
                run(game, ev)
        except Impossible as exc:
            raise InputError(f"step {i} ({ev.describe()!r}) cannot happen: {exc}",
                             file=case.file, line=ev.line, column=ev.column,
                             path=f"events[{i - 1}]") from None
        was = len(told)
        ended = ended or _obey(game, due, saved, ev, told)
        text = ev.describe() if not ended or due else ev.describe() + " (the deal had ended)"
        text += "".join(f" ({_told_here(t)})" for t in told[was:] if _told_here(t))
        steps.append(_snapshot(game, i, ev.line, text, before))
    during_events = len(game.findings)
    finish(game)
    steps = _findings_at_their_steps(steps, game.findings)
    return Replay(
        case=case,
        rulebook=rulebook.id if rulebook else "(none)",
        seats=t.seats,
        dealer=game.dealer,  # in a sitting of several deals, the last deal's
        age=game.age,
        steps=tuple(steps),
        findings=tuple(game.findings),
        outcome=game.outcome,
        claims=tuple(game.claims),
        assumed=tuple(sorted(yaml_name(a) for a in rules.assumed)),
        facts={"jackpot": t.jackpot, "opener": game.opener, "level": game.level,
               "straddles": [list(s) for s in game.straddles], "blind": game.blind_unit,
               "bet_made": game.bet_made, "to_act": list(game.to_act),
               "went_in": [n for n in game.names if game.seats[n].came_in],
               "found_at_end": len(game.findings) - during_events,
               **sitting_facts(game)},
        relied=tuple(game.relied),
        book_name=voice(rulebook) if rulebook else "the book",
        merged=tuple(game.merged),
        obeyed=obey,
        told=tuple(told),
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
    for n in game.drawers:
        s = game.seats[n]
        if s.status != Status.IN or (s.discarded is None and s.asked is None) or (
                s.drawn and not s.owed):
            continue
        out[n] = [s.discarded or 0, s.asked or 0, s.given, s.owed]
    return out


def _agreed_rules(game: Game, due: list[Consequence], held: list[Waiver]) -> list[Waiver]:
    """At the first act of a deal: the book's rules the table agreed to play otherwise are
    found, and the deal is played under those whose ruling lets them stand (``agreed``:
    for the sitting, or on this occasion), and the book's own rules for the rest. Returns
    the agreements held for the sitting."""
    keep_book_rules(game)
    rules_agreed(game)
    agreed = game.agreed
    now = [agreed.nth(c.amount) for c in due if c.effect == "agreed"] if agreed else []
    now += [w for _, w in (agreed.rules(game.deal) if agreed else [])
            if not_the_books(game, w) and w.deal in (None, game.deal)]
    sitting = [*held, *(w for w in now if w.deal is None)]
    game.rules = play_agreed(book_rules(game), [*sitting, *(w for w in now if w.deal)])
    return sitting


def _voids(c: Consequence) -> bool:
    return c.effect.partition(":")[0] == "void"


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
        told.append(Told(c.step, c.effect, name, c.provision, moved if how == "nothing" else 0))
        return
    if how == "counters":  # the counters and the bet to be met as before; the say as left
        for n, seat in game.seats.items():
            seat.stake, seat.funds = saved["seats"][n].stake, saved["seats"][n].funds
        game.carried, game.level = saved["carried"], saved["level"]
        game.blind_unit = saved["blind_unit"]  # a void blind does not set the price
        if ev.act == Act.STRADDLES:
            _straddle_as_in_turn(game, name)
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


def _straddle_as_in_turn(game: Game, name: str) -> None:
    """A void straddle keeps its place in the order of straddling (the right passed in turn
    and was used), but at the amount in turn, not at the amount made void: the next straddle
    is reckoned from the straddles that stand, each "increas[ing] the straddle ... by the
    amount of the ante" (Peel 21) or doubling it (Foster 17; Hoffmann p. 131)."""
    if not game.straddles or game.straddles[-1][0] != name:
        return
    made = game.straddles.pop()
    game.straddles.append((made[0], game.straddle_amount()))


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
