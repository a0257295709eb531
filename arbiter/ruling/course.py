"""The course of a deal as the law leaves it: the law acts on the table as it goes.

One walk through the events (``table/replay.py``, given ``law`` below as its hook): after
each act, the findings complete at that step are ruled at once under the book, with its
provisions, precedence and procedures, and what each ruling does to the table (``EFFECTS``
in the vocabulary: a void act undone, a player retired, the deal ended, a fine paid into
the pool, a table's agreement held) is applied before the next act, so that what follows
is found and ruled on the table as the law left it: a void raise is not in the pool, a
player whose hand is foul has no say, nothing is played after a misdeal.

A finding is complete after the last step at which one of the facts it turns on changed
(``Facts.last``: a wrong draw is complete when the cards are raised); one whose ruling acts
only once it is found acts from the step at which it is pointed out. Only a ruling the
book makes on every possibility the events leave open acts on the table; one made on a
single reading of an open fact leaves the table as the act left it, and the ruling says so
for each reading. At the end of the events everything found is ruled once more, together,
on the table as the law has left it: that is the ruling printed (a fine found only there,
an opener's, goes into the pool before the show, so the walk is taken again with it).

The walk lives in ``table/``, which knows nothing of the law; the law is this module's
callback, so the table is never driven from here one act at a time and never imports the
ruling (tests/test_structure.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..table.replay import Moment, Replay, replay
from ..terms.findings import Consequence
from ..terms.vocabulary import EFFECTS, EXCESS_OVER, FINDINGS, Act, Decision, Kind, Undoes
from .counters import tell
from .rulings import by_kind, rule_on

if TYPE_CHECKING:
    from ..law.laws import Rulebook
    from ..table.cases import Case, Event
    from ..terms.findings import Finding
    from .rulings import Ruling

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
                       Act.WITHDRAWS, Act.RETAKES, Act.DEMANDS_JACK, Act.ADDS})


def consequences(ruling: Ruling, settle: bool = False) -> tuple[Consequence, ...]:
    """What the ruling's decisions do to the table, in the order of the steps. ``settle``:
    with what a decision complete only at the last act does to the table after it (a player
    retired there), which no act follows for it to act on."""
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
            if d.undoes == Undoes.EXCESS:  # the table cuts the act to the limit
                effect, amount = f"void:{Undoes.EXCESS}", _excess(f)
        else:
            step, effect = acting_step(events, f, effect)
            if step > len(events) or (step == len(events) and not settle):
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


def settled(ruling: Ruling) -> Ruling:
    """The ruling on the table as its decisions leave it once the events end: what a
    decision complete only at the last act does (a player whose foul hand is pointed out
    there retires; set L, l-14, judged L1) is applied after that act, and the table ruled
    again. A question of what now follows (who takes the pool, who deals next, what must
    he put in) is answered from it, the point in dispute from the ruling printed. The
    ruling itself where nothing is due at the last act, or where the deal is over (a foul
    hand found at the show is ruled there, as the end of the game: Peel 64)."""
    n = len(ruling.case.events)
    done = ruling.replay.obeyed
    if n < 1 or ruling.replay.outcome.get("kind") != "unfinished" or not any(
            c.step == n and c not in done for c in consequences(ruling, settle=True)):
        return ruling
    return course(ruling.case, ruling.rulebook, settle=True)[1]


def course(case: Case, book: Rulebook, settle: bool = False) -> tuple[Replay, Ruling]:
    """The replay in which the law acts as it goes, and the ruling on it: one walk through
    the events; at each moment of it the findings complete there are ruled under the book
    and what the rulings do to the table is applied before the next act. At the end of the
    events everything found is ruled on the table as the law has left it: that ruling is
    the one printed. ``settle``: what a decision complete only at the last act does is
    applied after it too (``settled``)."""
    end: list[Ruling] = []
    acting = acting_kinds(book)

    def law(m: Moment) -> list[Consequence]:
        if m.event is None:  # the end of the events: the whole ruling, on the replay itself
            end.append(rule_on(m.view(), book))
            return [c for c in consequences(end[-1], settle) if c.step == m.step]
        now = complete_at(m)
        if not any(str(f.kind) in acting for f in now):
            return []
        ruling = rule_on(m.view(), book, only={id(f) for f in now})
        return [c for c in consequences(ruling, settle) if c.step == m.step]

    r = replay(case, book, law=law)
    ruling = end[-1] if end and end[-1].replay is r else rule_on(r, book)
    tell(ruling)
    return r, ruling


def acting_kinds(book: Rulebook) -> frozenset[str]:
    """The kinds of finding a ruling under ``book`` can act on the table for: a provision
    the judge may try on one (its own, the general law of the turn it is ``tried_by``, the
    book's law on a waived rule) decides what has an effect, or sets a penalty."""
    provs = book.provisions
    hit = _ACTING.get(id(provs))
    if hit is not None and hit[0] is provs:
        return hit[1]
    kinds = by_kind(book)
    out = set()
    for kind, spec in FINDINGS.items():
        tried = [*kinds.get(str(kind), []), *kinds.get(str(Kind.RULE_WAIVED), []),
                 *(kinds.get(str(spec.tried_by), []) if spec.tried_by else [])]
        if any(p.get("penalty") or spec.effects.get(str(p["decision"]))
               or EFFECTS.get(Decision(p["decision"])) for p in tried):
            out.add(str(kind))
    if len(_ACTING) >= 64:  # a benchmark that mutates the law makes many books
        _ACTING.clear()
    _ACTING[id(provs)] = (provs, frozenset(out))
    return frozenset(out)


_ACTING: dict[int, tuple[Any, frozenset[str]]] = {}


def complete_at(m: Moment) -> list[Finding]:
    """The findings whose rulings may act on the table at this moment: each complete at its
    step (found there, or one of its facts last changed there: ``Facts.last``), or pointed
    out there, and with them every other finding of the same act (a finding of an act
    another has voided is not ruled again)."""
    i, ev = m.step, m.event
    acts = {f.step for f in m.findings if f.step == i or getattr(f.facts, "last", f.step) == i}
    if ev is not None and ev.act in _POINTING:
        acts |= {f.step for f in m.findings if ev.about in (f.player, None)}
    return [f for f in m.findings if f.step in acts]
