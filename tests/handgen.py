"""Plausible hands of draw poker, generated as case files, for property tests and benchmarks.

``generate_case(chooser)`` writes a case the way a player would: the table,
then one-line events (``B blinds 1``, ``C comes in``, ``A gives C 2``...) for
a blind, straddles, the deal, the say, the draw, the betting and the show,
with now and then a misdeal, a wrong draw, an exposed or faced card, a claim,
and, if asked for, junk events scattered anywhere (a player acting out of
turn, after passing, before the deal...). The case is plain data, dumped as
YAML and loaded by ``arbiter.table.cases.load_case`` like any file a user writes.

The choices come from a ``Chooser``: hypothesis drives one in the property
tests, a seeded ``random.Random`` another in ``benchmarks/replay_speed.py``,
so both exercise the same hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import yaml

from arbiter.terms.cards import FULL_PACK

T = TypeVar("T")

NAMES = "ABCDEFGH"


class Chooser(Protocol):
    def integer(self, lo: int, hi: int) -> int:
        """A whole number from lo to hi inclusive."""

    def chance(self, percent: int) -> bool:
        """True about ``percent`` times in a hundred."""


def pick(c: Chooser, options: Sequence[T]) -> T:
    return options[c.integer(0, len(options) - 1)]


class RandomChooser:
    """Choices from a seeded ``random.Random``: the same seed, the same hands."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def chance(self, percent: int) -> bool:
        return self.rng.randrange(100) < percent


class _Hand:
    """What the generator remembers while it writes a hand (not the engine's state)."""

    def __init__(self, c: Chooser, seats: list[str], dealer: str) -> None:
        self.c = c
        self.seats = seats
        self.dealer = dealer
        self.out: set[str] = set()
        self.events: list[Any] = []
        self.unused = list(FULL_PACK)

    def left_of(self, name: str) -> str:
        return self.seats[(self.seats.index(name) + 1) % len(self.seats)]

    def order_from(self, name: str) -> list[str]:
        i = self.seats.index(name)
        return [self.seats[(i + k) % len(self.seats)] for k in range(len(self.seats))]

    def playing(self, first: str) -> list[str]:
        return [n for n in self.order_from(first) if n not in self.out]

    def cards(self, n: int) -> list[str]:
        chosen = []
        for _ in range(min(n, len(self.unused))):
            chosen.append(self.unused.pop(self.c.integer(0, len(self.unused) - 1)))
        return chosen

    def say(self, line: str) -> None:
        self.events.append(line)

    def betting_round(self, raiser: str | None, limit: int, *, after: str,
                      verb: str = "calls") -> None:
        """Each player after ``after`` calls, raises or passes, until nobody has a say."""
        c = self.c
        queue = [n for n in self.playing(self.left_of(after)) if n != raiser]
        raises = 0
        while queue and len(self.playing(after)) > 1:
            p = queue.pop(0)
            if c.chance(4):
                self.say(f"{p} lifts")
            r = c.integer(0, 99)
            if r < 60 or (r < 80 and raises >= 3):
                amount = f" {c.integer(0, limit)}" if c.chance(5) else ""
                self.say(f"{p} {verb}{amount}")
            elif r < 80:
                raises += 1
                over = 3 if c.chance(10) else 0
                self.say(f"{p} raises {c.integer(1, limit + over)}")
                queue = [n for n in self.playing(self.left_of(p)) if n != p]
            else:
                self.say(f"{p} passes")
                self.out.add(p)


def generate_document(c: Chooser, *, junk: bool = True) -> dict[str, Any]:
    """A case as data: ``{"title", "table", "events"}``."""
    n = c.integer(2, 8)
    seats = list(NAMES[:n])
    dealer = pick(c, seats)
    blind = c.integer(1, 3)
    limit = c.integer(2 * blind, 30)
    table: dict[str, Any] = {"seats": seats, "dealer": dealer, "blind": blind, "limit": limit}
    jackpot = c.integer(1, 3) if c.chance(15) else 0
    if jackpot:
        table["jackpot"] = jackpot
        table["pool"] = c.integer(0, 4) * n
    if c.chance(20):
        table["stakes"] = {p: c.integer(0, 60) for p in seats if c.chance(50)}
    h = _Hand(c, seats, dealer)
    age = h.left_of(dealer)

    # Before the deal: the blind, then straddles in turn until one refuses.
    last = age
    if not jackpot:
        if c.chance(85):
            h.say(f"{age} blinds {blind if c.chance(85) else c.integer(1, limit)}")
        if c.chance(35):
            for _ in range(c.integer(1, n - 1)):
                nxt = h.left_of(last)
                if nxt == age:
                    break
                if c.chance(15):
                    h.say(f"{nxt} declines to straddle")
                    break
                h.say(f"{nxt} straddles" + (f" {c.integer(1, limit)}" if c.chance(30) else ""))
                last = nxt

    # The deal: now and then a misdeal, an uncut pack, a speaker, named cards.
    if c.chance(5):
        h.say(f"{pick(c, seats)} speaks to the dealer")
    if c.chance(3):
        h.say("faced")
    deal: dict[str, Any] = {"act": "deals"}
    counts = {p: pick(c, [4, 6]) for p in seats if c.chance(4)}
    if counts:
        deal["counts"] = counts
    if c.chance(30):
        deal["hands"] = {p: " ".join(h.cards(c.integer(1, counts.get(p, 5))))
                         for p in seats if c.chance(50)}
        if not deal["hands"]:
            del deal["hands"]
    if c.chance(4):
        deal["uncut"] = True
    h.events.append(deal if len(deal) > 1 or c.chance(50) else "deal")

    # The say before the draw (in a jack-pot: pass until someone opens).
    first = h.left_of(dealer) if jackpot else h.left_of(last)
    if jackpot:
        for p in h.order_from(first):
            if c.chance(40):
                h.say(f"{p} opens {c.integer(1, limit)}")
                h.betting_round(p, limit, after=p)
                break
            h.say(f"{p} passes")
        else:
            return {"title": "generated", "table": table, "events": h.events}
    else:
        h.betting_round(None, limit, after=h.order_from(first)[-1], verb="comes in")
    if len(h.playing(dealer)) < 2:
        return _finish(c, h, table, limit, junk)

    # The draw, from the dealer's left (the engine sorts out who was really first).
    for p in h.playing(h.left_of(dealer)):
        k = c.integer(0, 4)
        r = c.integer(0, 99)
        if r < 15:
            h.say(f"{p} stands pat")
        elif r < 60:
            named = " ".join(h.cards(k)) if c.chance(20) else ""
            h.say(f"{p} draws {k} {named}".rstrip())
        else:
            h.say(f"{p} discards {k}")
            if c.chance(50):
                h.say(f"{p} asks for {k if c.chance(80) else c.integer(0, 5)}")
            if c.chance(8):
                h.say(f"{dealer} exposes a card to {p}")
            if c.chance(3):
                h.say("faced")
            given = k if c.chance(80) else c.integer(0, 5)
            h.say(f"{dealer} gives {p} {given}")
            if given < k and c.chance(50):
                h.say(f"{dealer} gives {p} {k - given}")
        if c.chance(10):
            h.say(f"{p} lifts")
        if c.chance(4):
            h.say(f"{pick(c, seats)} claims {p} asked for {c.integer(0, 5)}")

    # Betting after the draw.
    players = h.playing(h.left_of(age))
    if len(players) > 1:
        if c.chance(10):
            h.say(f"{players[0]} holds the age")
        h.say(f"{players[0]} bets {c.integer(1, limit)}")
        h.betting_round(players[0], limit, after=players[0])
        for p in h.playing(dealer):
            h.say(f"{p} shows")
    return _finish(c, h, table, limit, junk)


def _finish(c: Chooser, h: _Hand, table: dict[str, Any], limit: int,
            junk: bool) -> dict[str, Any]:
    if junk:
        _scatter_junk(c, h, limit)
    return {"title": "generated", "table": table, "events": h.events}


def _scatter_junk(c: Chooser, h: _Hand, limit: int) -> None:
    """Insert a few events that make sense on their own but may not in their place."""
    templates = [
        "{p} blinds {a}", "{p} straddles", "{p} declines to straddle", "deal",
        "{p} comes in", "{p} raises {a}", "{p} passes", "{p} opens {a}", "{p} bets {a}",
        "{p} calls", "{p} holds the age", "{p} stands", "{p} discards {k}",
        "{p} asks for {k}", "{d} gives {p} {k}", "{p} gives {q} {k}", "{p} draws {k}",
        "{p} stands pat", "{d} exposes a card to {p}", "{d} exposes a card", "faced",
        "{p} looks", "{p} lifts", "{p} shows", "{p} claims {q} asked for {k}",
        "{p} speaks to the dealer", "{p} shows {card}",
    ]
    for _ in range(c.integer(0, 3)):
        t = pick(c, templates)
        line = t.format(p=pick(c, h.seats), q=pick(c, h.seats), d=h.dealer,
                        a=c.integer(0, limit + 5), k=c.integer(0, 6), card=pick(c, FULL_PACK))
        h.events.insert(c.integer(0, len(h.events)), line)


def generate_chaos(c: Chooser) -> dict[str, Any]:
    """A table and nothing but junk: events in any order, by anyone."""
    n = c.integer(2, 8)
    seats = list(NAMES[:n])
    h = _Hand(c, seats, pick(c, seats))
    blind = c.integer(1, 3)
    table: dict[str, Any] = {"seats": seats, "dealer": h.dealer, "blind": blind,
                             "limit": c.integer(2 * blind, 30)}
    for _ in range(c.integer(1, 10)):
        _scatter_junk(c, h, table["limit"])
    if not h.events:
        h.say("deal")
    return {"title": "chaos", "table": table, "events": h.events}


def dump(document: dict[str, Any]) -> str:
    return yaml.safe_dump(document, sort_keys=False, default_flow_style=None, width=200)


def generate_yaml(c: Chooser, *, junk: bool = True) -> str:
    return dump(generate_document(c, junk=junk))
