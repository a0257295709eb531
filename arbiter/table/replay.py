"""Replay a case: a pure function from a case (and a rulebook's mechanics) to table states.

``replay(case, rulebook)`` runs the events in order on a fresh table and
returns a Replay: one small snapshot per step (no deep copies), the findings
with the step each arose at, and the outcome. The same case always gives the
same replay, byte for byte in JSON.
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..law.laws import Rulebook
from ..law.params import Rules, precedence_of, rules_from, voice, yaml_name
from ..terms.findings import Finding
from ..terms.records import record
from .acts import finish, run
from .agreed_values import agreed_values
from .cases import Case
from .game import Game, Impossible


@record(frozen=True)
class Step:
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


@record(frozen=True)
class Replay:
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


def replay(case: Case, rulebook: Rulebook | None = None) -> Replay:
    """Replay ``case`` under ``rulebook``'s mechanics (engine defaults if None)."""
    rules = _rules(rulebook)
    t = case.table
    game = Game(t.seats, t.dealer, t.blind, t.limit, rules, jackpot=t.jackpot,
                carried=t.pool, stakes=dict(t.stakes) if t.stakes else None,
                precedence=precedence_of(rulebook), agreed=case.agreed,
                values=agreed_values(t, case.agreed))
    steps = [_snapshot(game, 0, None, "the table before the deal", 0)]
    for i, ev in enumerate(case.events, 1):
        game.step, game.line = i, ev.line
        before = len(game.findings)
        try:
            run(game, ev)
        except Impossible as exc:
            raise InputError(f"step {i} ({ev.describe()!r}) cannot happen: {exc}",
                             file=case.file, line=ev.line, column=ev.column,
                             path=f"events[{i - 1}]") from None
        steps.append(_snapshot(game, i, ev.line, ev.describe(), before))
    during_events = len(game.findings)
    finish(game)
    if len(game.findings) > sum(len(s.findings) for s in steps):
        last = steps[-1]
        extra = tuple(range(sum(len(s.findings) for s in steps), len(game.findings)))
        steps[-1] = Step(**{**last.__dict__, "findings": last.findings + extra})
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
    out["next_dealer"] = game.next_dealer(rely=False)
    if game.agreed is not None and game.agreed.any():
        out["agreed"] = game.agreed.to_dict()
    return out


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
