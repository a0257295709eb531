"""Printing a replay for people: the table step by step."""

from __future__ import annotations

from ..law.params import assumption
from ..table.replay import Replay, Step
from .laws import wrap


def _cell(step: Step, i: int) -> str:
    stake, status, hand = step.stakes[i], step.statuses[i], step.hands[i]
    if status == "passed":
        return f"{stake} out"
    return f"{stake} ({len(hand)})"


def replay_text(r: Replay) -> str:
    t = r.case.table
    head = [
        f"{r.case.title or r.case.file}  [rulebook: {r.rulebook}]",
        f"Seats {' '.join(r.seats)}; {r.dealer} deals; {r.age} has the age. "
        f"Blind {t.blind}, limit {t.limit}"
        + (f"; jack-pot no. {t.jackpot}" if t.jackpot else "")
        + (f"; {t.pool} carried in the pool" if t.pool else "") + ".",
        "Each player: stake in the pool (cards in hand); 'out' once he has abandoned.",
        "",
    ]
    width = max([len(s.event) for s in r.steps] + [5])
    cols = ["step", "line", "event".ljust(width), "phase".ljust(15), "turn"]
    cols += [n.rjust(8) for n in r.seats] + ["pool".rjust(6)]
    rows = ["  ".join(cols)]
    for s in r.steps:
        cells = [str(s.index).rjust(4), (str(s.line) if s.line else "-").rjust(4),
                 s.event.ljust(width), s.phase.ljust(15), (s.turn or "-").ljust(4)]
        cells += [_cell(s, i).rjust(8) for i in range(len(r.seats))]
        cells.append(str(s.pool).rjust(6))
        rows.append("  ".join(cells).rstrip())
        for k in s.findings:
            rows.append(wrap(f"! {r.findings[k].kind}: {r.findings[k].message}", " " * 12))
    out = head + rows + [""]
    named = [
        f"{n}: " + " ".join(c or "??" for c in r.final.hands[i])
        for i, n in enumerate(r.seats)
        if any(r.final.hands[i])
    ]
    if named:
        out.append("Hands at the end (?? = a card not named): " + "; ".join(named))
    out.append(f"Outcome: {_outcome(r)}")
    for name in r.relied:  # said in words; the engine's names are in --format json
        said = assumption(name, r.book_name).replace("this ruling", "the replay")
        out.append(wrap(f"Assumed: {said}", ""))
    return "\n".join(out)


# How a hand that ended on its own is told, by the outcome the replay gives.
_ENDED = {"won_uncalled": "nobody would equal {winner}'s stake; the pool holds {pool}.",
          "not_opened": "nobody came in; {pool} stays in the pool."}


def _outcome(r: Replay) -> str:
    o = r.outcome
    kind = o.get("kind")
    if kind in _ENDED:
        return _ENDED[str(kind)].format(**o)
    if kind == "show":
        if o.get("winner"):
            return (f"{o['winner']} shows the best hand ({o.get('best')}); the pool holds "
                    f"{o['pool']}.")
        if o.get("winners"):
            return (f"{' and '.join(o['winners'])} show hands equal in value; the pool holds "
                    f"{o['pool']}.")
        return f"the hands are to be shown for a pool of {o['pool']}; " + str(o.get(
            "why", "no hands were named"))
    return f"the events end {r.final.phase}, with {r.final.pool} in the pool."
