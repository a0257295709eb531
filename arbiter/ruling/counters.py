"""Where the counters went: each ruling that moved counters says so, in words.

A void act's counters (returned, or staying in the pool, as its provision's ``undoes``
says) and a fine paid into the pool: each decision tells what became of them on the table
the rulings left (``Replay.told``), and who takes the pool the fine went into.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..terms.vocabulary import POOL_TAKERS, Undoes
from .assumptions import not_taken, played_on, void_assumed

if TYPE_CHECKING:
    from ..terms.findings import Told
    from .rulings import Decided, Ruling


def _void(t: Told) -> str | None:
    """What became of the counters of a void act."""
    how, p, n = t.effect.partition(":")[2], t.player, t.amount
    if n == 0:
        return None
    if how == "excess":
        return f"{p}'s {n} over the limit are returned to {p}"
    if n < 0:
        return (f"the {-n} {p} took back go into the pool again" if how == "counters" else
                f"the {-n} {p} took back stay with {p}")
    if how == "counters":
        return f"{p}'s {n} are returned to {p}"
    return f"{p}'s {n} stay in the pool"


def _winner(ruling: Ruling) -> str:
    """Who takes the pool the fine went into: as the decisions say (``POOL_TAKERS``), else
    as the table's show or its last player standing leaves it."""
    for d in ruling.decisions:
        taker = POOL_TAKERS.get(d.decision)
        if d.condition or taker is None:
            continue
        if taker == "nobody":
            return ", where it stays for the next deal"
        names = d.finding.facts.get("winners") if taker == "winners" else [
            d.finding.facts.get("winner") or d.finding.player]
        return f", which {' and '.join(str(n) for n in names)} takes" if names else ""
    out = ruling.replay.outcome
    who = out.get("winner")
    return f", which {who} takes" if who else ""


def _fine(p: dict[str, Any], won: str) -> str | None:
    """A fine paid into the pool, and who takes it. (A forfeit and a refund say where their
    counters go in the penalty's own words.)"""
    n = int(p.get("pays", 0) or 0)
    if n <= 0 or p.get("to") != "the pool":
        return None
    return f"{p['player']} pays {n} into the pool{won}"


def told_for(ruling: Ruling, d: Decided) -> list[str]:
    """The sentences for one decision."""
    f = d.finding
    told = [t for t in ruling.replay.told if t.provision == d.provision and (
        t.step == f.step or t.effect == "fine") and not d.condition]
    out = [x for t in told if t.effect != "fine" and t.player == f.player
           for x in [_void(t)] if x]
    if any(t.effect == "fine" for t in told):
        won = _winner(ruling)
        out += [x for p in d.penalties for x in [_fine(p, won)] if x]
    return out


def _changed_nothing(ruling: Ruling, d: Decided) -> bool:
    """Whether the act of ``d``'s finding left the table as it was before it: the same
    stakes, pool, players in and say."""
    steps, i = ruling.replay.steps, d.finding.step
    if not 0 < i < len(steps):
        return False
    a, b = steps[i - 1], steps[i]
    return (a.turn, a.stakes, a.statuses, a.pool) == (b.turn, b.stakes, b.statuses, b.pool)


def _put_up(ruling: Ruling, d: Decided) -> bool:
    """Whether the act of ``d``'s finding named counters put up (a call, a bet)."""
    events, i = ruling.replay.case.events, d.finding.step
    return 0 < i <= len(events) and bool(events[i - 1].amount)


def tell(ruling: Ruling) -> None:
    """Fill in each decision's ``counters``; where a void act was undone by the engine's
    assumption (the provision not saying), the decision says so."""
    for d in ruling.decisions:
        d.counters = told_for(ruling, d)
        if d.undoes_assumed and d.undoes == Undoes.NOTHING and _changed_nothing(ruling, d):
            # A void act that changed nothing on the table (a demand, a word: no counters
            # put up, the say where it was): its undoing is no question, and what follows
            # it (may he now come in, raise or pass?) does not turn on its fate. Where it
            # put counters up that the table never took as a stake, the ruling says so.
            d.undoes_assumed = False
            if _put_up(ruling, d) and not d.condition and not_taken(ruling.rulebook) \
                    not in d.assumes:
                d.assumes.append(not_taken(ruling.rulebook))
            continue
        moved = any(t.provision == d.provision and t.step == d.finding.step
                    and t.effect.startswith("void") for t in ruling.replay.told)
        if d.undoes_assumed and moved and not d.condition:
            said = void_assumed(ruling.rulebook)
            if said not in d.assumes and played_on(ruling.rulebook) not in d.assumes:
                d.assumes.append(said)
