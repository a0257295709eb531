"""Printing a replay for people: the table step by step."""

from __future__ import annotations

from ..law.params import assumption
from ..table.replay import Replay, Step
from .laws import wrap
from .width import columns, table


def _cell(step: Step, i: int) -> str:
    stake, status, hand = step.stakes[i], step.statuses[i], step.hands[i]
    if status == "passed":
        return f"{stake} out"
    return f"{stake} ({len(hand)})"


def _table(r: Replay) -> list[str]:
    """The steps as a table, as wide as the terminal allows (the event and the phase
    wrapped between words); where it will not fit, a paragraph to each step."""
    width = columns(10_000)
    cells = [["step", "line", "event", "phase", "turn", *r.seats, "pool"]]
    for s in r.steps:
        cells.append([str(s.index), str(s.line) if s.line else "-", s.event, s.phase,
                      s.turn or "-", *(_cell(s, i) for i in range(len(r.seats))), str(s.pool)])
    seats = tuple(range(5, 6 + len(r.seats)))
    lines = table(cells, width, flexible=(2, 3), right=(0, 1, *seats))
    if lines is None:
        return _blocks(r, width)
    head, body = lines[0], lines[1:]
    out = [head]
    for s, row in zip(r.steps, _rows_by_step(body), strict=True):
        out += row
        for k in s.findings:
            out.append(wrap(f"! {r.findings[k].kind}: {r.findings[k].message}", " " * 12))
    return out


def _rows_by_step(body: list[str]) -> list[list[str]]:
    """The table's lines grouped by step (a step whose event wraps takes several)."""
    out: list[list[str]] = []
    for line in body:
        if out and not line[:4].strip():  # a continuation: no step number
            out[-1].append(line)
        else:
            out.append([line])
    return out


def _blocks(r: Replay, width: int) -> list[str]:
    out = []
    for s in r.steps:
        where = f"line {s.line}, " if s.line else ""
        out.append(wrap(f"{s.index}. {s.event} ({where}{s.phase}; "
                        f"{s.turn or 'nobody'} to speak)", "", width))
        out.append(wrap(", ".join(f"{n} {_cell(s, i)}" for i, n in enumerate(r.seats))
                        + f"; pool {s.pool}", "    ", width))
        for k in s.findings:
            out.append(wrap(f"! {r.findings[k].kind}: {r.findings[k].message}", "    ",
                            width))
    return out


def _title(line: str) -> str:
    return line if len(line) <= columns(10_000) else wrap(line, "")


def replay_text(r: Replay) -> str:
    t = r.case.table
    head = [
        _title(f"{r.case.title or r.case.file}  [rulebook: {r.rulebook}]"),
        wrap(f"Seats {' '.join(r.seats)}; {r.dealer} deals; {r.age} has the age. "
             f"Blind {t.blind}, limit {t.limit}"
             + (f"; jack-pot no. {t.jackpot}" if t.jackpot else "")
             + (f"; {t.pool} carried in the pool" if t.pool else "") + ".", ""),
        wrap("Each player: stake in the pool (cards in hand); 'out' once the player has abandoned.",
             ""),
        "",
    ]
    rows = _table(r)
    out = head + rows + [""]
    named = [
        f"{n}: " + " ".join(c or "??" for c in r.final.hands[i])
        for i, n in enumerate(r.seats)
        if any(r.final.hands[i])
    ]
    if named:
        out.append(wrap("Hands at the end (?? = a card not named): " + "; ".join(named), ""))
    out.append(wrap(f"Outcome: {_outcome(r)}", ""))
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
