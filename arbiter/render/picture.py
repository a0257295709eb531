"""A picture of the table at one moment of a replay, as the old books draw it: the seats
round the table in the order of the deal, the dealer at the foot (Hoffmann's seating,
p. 121: A at the bottom, B on his left, then C, D and E going round, E on his right), the
age, who is out, each player's stake, and the pool in the middle. In text, or as SVG."""

from __future__ import annotations

import math

from ..errors import InputError
from ..table.place import moment
from ..table.replay import Replay, Step
from ..terms.words import lines_of
from .width import columns

TEXT_WIDTH = 72  # the widest the text picture is drawn, where the terminal is as wide


def step_at(r: Replay, at: int | None) -> Step:
    """The step shown: the last (the moment the dispute is about), or step ``at``."""
    if at is None:
        return r.steps[-1]
    last = r.steps[-1].index
    if not 0 <= at <= last:
        raise InputError(f"--at {at}: expected a step from 0 (the table before the deal) to "
                         f"{last}, the last; 'arbiter replay CASE' numbers them")
    return next(s for s in r.steps if s.index == at)


def _seat_lines(r: Replay, s: Step, i: int) -> list[str]:
    """What is written at a seat: the player and his part, then his stake and cards."""
    name = r.seats[i]
    roles = [w for w, who in (("dealer", r.dealer), ("age", r.age)) if who == name]
    head = name + (f" ({', '.join(roles)})" if roles else "")
    if s.turn == name:
        head = f"> {head}"
    cards = len(s.hands[i])
    state = "out" if s.statuses[i] == "passed" else f"{cards} card{'s' if cards != 1 else ''}"
    named = [c for c in s.hands[i] if c]
    shown = [" ".join(c or "??" for c in s.hands[i])] if named and state != "out" else []
    return [head, f"{s.stakes[i]} in, {state}", *shown]


def _heading(r: Replay, s: Step) -> str:
    return f"The table {moment(r, s.index)}, under {r.book_name}"


def _places(n: int) -> list[tuple[float, float]]:
    """Each seat's place round a table of radius 1, the first (the dealer's) at the foot
    and the rest going round to his left: on the page, clockwise (y grows downwards)."""
    return [(math.cos(math.pi / 2 + 2 * math.pi * k / n),
             math.sin(math.pi / 2 + 2 * math.pi * k / n)) for k in range(n)]


def _from_dealer(r: Replay) -> list[int]:
    """The seats' indexes in order round the table, starting from the dealer."""
    d = r.seats.index(r.dealer)
    return [(d + k) % len(r.seats) for k in range(len(r.seats))]


def picture_text(r: Replay, s: Step) -> str:
    width = columns(TEXT_WIDTH)
    order = _from_dealer(r)
    n = len(order)
    height = max(9, 2 * n + 3)
    grid = [[" "] * width for _ in range(height + 2)]
    blocks = [_seat_lines(r, s, i) for i in order]
    label = max(len(x) for b in blocks for x in b)
    rx, ry = max(1.0, (width - label) / 2 - 1), (height - 1) / 2
    cx, cy = (width - 1) / 2, (height - 1) / 2

    def put(y: int, x: int, text: str) -> None:
        x = max(0, min(width - len(text), x))
        for k, ch in enumerate(text[:width]):
            grid[y][x + k] = ch

    for (px, py), lines in zip(_places(n), blocks, strict=True):
        y = min(max(_near(cy + ry * py), 0), height)
        x = _near(cx + rx * px - max(len(ln) for ln in lines) / 2)
        for k, ln in enumerate(lines):
            put(y + k, x, ln)
    pool = f"pool {s.pool}"
    put(_near(cy), _near(cx - len(pool) / 2), pool)
    body = ["".join(row).rstrip() for row in grid]
    while body and not body[-1]:
        body.pop()
    while body and not body[0]:
        body.pop(0)
    head = _heading(r, s)
    heads = [head] if len(head) <= width else lines_of(head, width)
    key = f"> {s.turn}: the turn to speak" if s.turn else ""
    return "\n".join([*heads, "", *body, *(["", key] if key else [])])


def _near(v: float) -> int:
    """The nearest whole number, halves upwards (``round`` takes halves to the even one,
    which sets seats placed alike on either side a line apart)."""
    return math.floor(round(v, 6) + 0.5)


def picture_svg(r: Replay, s: Step) -> str:
    """The same picture as an SVG drawing: the table, each seat with its player named."""
    from xml.sax.saxutils import escape, quoteattr

    order = _from_dealer(r)
    size, table = 480, 150
    cx = cy = size / 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + 40}" '
           f'viewBox="0 0 {size} {size + 40}" font-family="Georgia, serif" font-size="14">',
           f"<title>{escape(_heading(r, s))}</title>",
           f'<text x="{cx}" y="24" text-anchor="middle">{escape(_heading(r, s))}</text>',
           '<g transform="translate(0,20)">',
           f'<ellipse cx="{cx}" cy="{cy}" rx="{table}" ry="{table * 0.8:.0f}" '
           'fill="#2e6b3a" stroke="#4a3520" stroke-width="10"/>',
           f'<text x="{cx}" y="{cy + 5}" text-anchor="middle" fill="white">'
           f"pool {s.pool}</text>"]
    for (px, py), i in zip(_places(len(order)), order, strict=True):
        x, y = cx + (table + 60) * px, cy + (table * 0.8 + 50) * py
        head, stake, *_cards = _seat_lines(r, s, i)
        out.append(f'<g class="seat" data-player={quoteattr(r.seats[i])}>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="34" fill="'
                   f'{"#ddd" if s.statuses[i] == "passed" else "#f4ecd8"}" stroke="#4a3520"/>'
                   f'<text x="{x:.1f}" y="{y - 2:.1f}" text-anchor="middle" '
                   f'font-weight="bold">{escape(head.removeprefix("> "))}</text>'
                   f'<text x="{x:.1f}" y="{y + 14:.1f}" text-anchor="middle" '
                   f'font-size="11">{escape(stake)}</text></g>')
    out += ["</g>", "</svg>"]
    return "\n".join(out)
