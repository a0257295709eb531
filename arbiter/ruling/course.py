"""The course of a deal as the law leaves it: each ruling's consequence acts on the table.

The replay finds what is irregular; the judge rules on it under the book; and what a
ruling does to the table (``EFFECTS`` in the vocabulary: a player retired, an act void, the
deal ended) is applied after the act it rules on, before the next one, so that what
follows is found and ruled on the table as the law left it: a void raise is not in the
pool, a player whose hand is foul has no say, nothing is played after a misdeal.

A ruling is applied once its finding is complete: after the last step at which one of the
facts it turns on changed (``Facts.last``: a wrong draw is complete when the cards are
raised). Only a ruling the book makes on every possibility the events leave open acts on
the table; one made on a single reading of an open fact leaves the table as the act left
it, and the ruling says so for each reading.

The table and the rulings are worked out together until they agree: the replay obeying the
consequences of the rulings on it. Each round is deterministic, so the result is too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..table.replay import Replay, replay
from ..terms.findings import Consequence
from ..terms.vocabulary import EFFECTS, EXCESS_OVER, FINDINGS, Act, Undoes
from .counters import tell
from .rulings import rule_on

if TYPE_CHECKING:
    from ..law.laws import Rulebook
    from ..table.cases import Case, Event
    from ..terms.findings import Finding
    from .rulings import Ruling

# Rounds of obeying the rulings before the course is taken as settled: each round can only
# add consequences after those already applied, and no shipped case needs more than three.
ROUNDS = 6

_WHEN_FOUND = "_when_found"

# An agreement on one of the book's rules, held: the deal is played under the value agreed,
# from the act at which it was found (the first of the deal), before that act. ``amount``
# names which agreement (its place among them).
_AGREED = "agreed"

# Acts by which an irregularity is raised at the table.
_POINTING = frozenset({Act.POINTS_OUT, Act.DISPUTES})

# Acts a void ruling can undo: those that change the table (a word spoken changes nothing).
_UNDOABLE = frozenset({Act.COMES_IN, Act.CALLS, Act.RAISES, Act.BETS, Act.OPENS,
                       Act.STRADDLES, Act.BLINDS, Act.STANDS, Act.HOLDS, Act.PASSES,
                       Act.WITHDRAWS, Act.RETAKES, Act.DEMANDS_JACK})


def consequences(ruling: Ruling) -> tuple[Consequence, ...]:
    """What the ruling's decisions do to the table, in the order of the steps."""
    r = ruling.replay
    events = r.case.events
    branched = {id(s.finding) for s in ruling.silences if s.condition}
    out: list[Consequence] = []
    for d in ruling.decisions:
        f = d.finding
        effect = FINDINGS[f.kind].effects.get(str(d.decision)) or EFFECTS.get(d.decision)
        if effect is None or d.condition or id(f) in branched or f.step < 1:
            continue
        if f.step > len(events):
            continue
        amount = 0
        if effect == _AGREED:  # played from the first act of the deal it was found at
            c = Consequence(f.step, effect, None, d.provision, str(f.kind),
                            int(f.facts.get("agreement", 0)))
            if c not in out:
                out.append(c)
            continue
        if effect == "void":
            ev = events[f.step - 1]
            if ev.act not in _UNDOABLE or ev.player != f.player:
                continue
            step, effect = f.step, f"void:{d.undoes}"
            if d.undoes == Undoes.EXCESS:
                amount = _excess(f)
        else:
            step, effect = acting_step(events, f, effect)
            if step >= len(events):
                continue  # complete only at the end: nothing follows for it to act on
        c = Consequence(step, effect, f.player, d.provision, str(f.kind), amount)
        if c not in out:
            out.append(c)
    out += _fines(ruling, branched)
    return tuple(sorted(out, key=lambda c: c.step))


def acting_step(events: tuple[Event, ...], f: Finding, effect: str) -> tuple[int, str]:
    """The step after which a decision's ``effect`` on its finding acts on the table (the
    finding complete, ``Facts.last``; for an effect that acts only when found, the step at
    which it was pointed out, past the end if nobody did), and the effect itself."""
    step = max(f.step, int(getattr(f.facts, "last", f.step)))
    if effect.endswith(_WHEN_FOUND):
        step = _pointed_out(events, f.player, step)
        effect = effect.removesuffix(_WHEN_FOUND)
    return step, effect


def _excess(f: Finding) -> int:
    """What the act's amount went past the most the finding names (``EXCESS_OVER``)."""
    most = next((f.facts[k] for k in EXCESS_OVER if isinstance(f.facts.get(k), int)), None)
    amount = f.facts.get("amount")
    return max(0, amount - most) if isinstance(amount, int) and most is not None else 0


def _fines(ruling: Ruling, branched: set[int]) -> list[Consequence]:
    """A penalty paid into the pool goes into it when its finding is complete (at the
    latest after the last act), so that the pool that is won holds it."""
    end = len(ruling.replay.case.events)
    out: list[Consequence] = []
    for d in ruling.decisions:
        f = d.finding
        if d.condition or id(f) in branched or f.step < 1 or end < 1:
            continue
        step = min(max(f.step, int(getattr(f.facts, "last", f.step))), end)
        for p in d.penalties:
            if p.get("pays") and p.get("to") == "the pool" and p.get("player"):
                c = Consequence(step, "fine", p["player"], d.provision, str(f.kind),
                                int(p["pays"]))
                if c not in out:
                    out.append(c)
    return out


def _pointed_out(events: tuple[Event, ...], player: str | None, after: int) -> int:
    """The step at which the irregularity of ``player`` was pointed out at the table, at or
    after ``after`` (past the end if nobody did)."""
    for i in range(max(after, 1), len(events) + 1):
        ev = events[i - 1]
        if ev.act in _POINTING and ev.about in (player, None):
            return i
    return len(events) + 1


def course(case: Case, book: Rulebook) -> tuple[Replay, Ruling]:
    """The replay that obeys its rulings, and the ruling on it."""
    obey: tuple[Consequence, ...] = ()
    seen: list[tuple[Consequence, ...]] = []
    while True:
        r = replay(case, book, obey)
        ruling = rule_on(r, book)
        nxt = consequences(ruling)
        if nxt == obey or nxt in seen or len(seen) >= ROUNDS:
            tell(ruling)
            return r, ruling
        seen.append(obey)
        obey = nxt
