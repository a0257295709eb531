"""Cases: what happened at the table, as players write it down.

A case is YAML: the table (seats, dealer, blind, limit, counter colours), the
events in order, and the dispute. Each event is either one line,
``PLAYER VERB [PLAYER] [AMOUNT|COUNT] [CARDS]`` (``B discards 3``,
``A gives B 4``, ``D raises 2 blues``), or the canonical mapping
(``{player: B, act: discards, count: 3}``). Every mistake is answered with the
file, line and what was expected.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..errors import InputError, did_you_mean
from ..load.yamlsafe import MAX_CASE_VALUES, Document, not_decimal, parse
from ..terms.cards import parse_card
from ..terms.records import field, record
from ..terms.vocabulary import ACTS, INTENTS, Act, verbs

if TYPE_CHECKING:
    from ..load.files import StrPath
    from .questions import Asked


@record(frozen=True)
class Event:
    """One thing that happened at the table, as written in the case."""

    act: Act
    player: str | None = None
    to: str | None = None
    about: str | None = None
    count: int | None = None
    amount: int | None = None
    cards: tuple[str, ...] = ()
    hands: tuple[tuple[str, tuple[str, ...]], ...] = ()
    counts: tuple[tuple[str, int], ...] = ()
    uncut: bool | str = False
    exposed: tuple[tuple[str, str | None], ...] = ()
    line: int | None = None
    column: int | None = None
    text: str = ""

    def describe(self) -> str:
        return self.text or self.act.value


@record(frozen=True)
class Table:
    seats: tuple[str, ...]
    dealer: str
    blind: int
    limit: int
    counters: tuple[tuple[str, int], ...] = ()
    stakes: tuple[tuple[str, int], ...] = ()
    jackpot: int = 0
    pool: int = 0


@record(frozen=True)
class Dispute:
    question: str
    raised_by: str | None = None
    about: str | None = None
    asks: Asked | None = None  # the question in one of the forms (arbiter/questions.py)


@record(frozen=True)
class Case:
    file: str
    table: Table
    events: tuple[Event, ...]
    title: str = ""
    note: str = ""
    rulebook: str | None = None
    rulebook_line: int | None = None
    dispute: Dispute | None = None
    expect: dict[str, Any] = field(default_factory=dict)


# --- the one-line form ------------------------------------------------------

# Verb phrases, longest first; each maps to a canonical act (from the vocabulary).
_VERBS: list[tuple[str, Act]] = verbs()
# The same phrases by their first word, longest first: a line is tried only against the
# phrases that begin with its verb.
_BY_FIRST: dict[str, list[tuple[str, Act]]] = {}
for _phrase, _act in _VERBS:
    _BY_FIRST.setdefault(_phrase.split(" ", 1)[0], []).append((_phrase, _act))

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "no": 0,
    "none": 0,
}
_FILLER = {"and", "more", "counters", "counter", "chips", "chip", "for", "cards", "card",
           "better", "to", "with", "the", "him", "of", "in", "pool"}


@record
class _Ctx:
    doc: Document
    path: tuple[str | int, ...]
    seats: tuple[str, ...]
    counters: dict[str, int]

    def error(self, message: str) -> InputError:
        return self.doc.error(self.path, message)


def _number(tok: str) -> int | None:
    if tok.isascii() and tok.isdigit():  # '²' and '①' are digits to Python, not to a player
        return int(tok)
    return _NUMBER_WORDS.get(tok.lower())


def _decimals_only(text: str, ctx: _Ctx) -> None:
    """A number in a line is read in decimal only: ``010``, ``0x10``, ``1:30`` and ``1_000``
    are refused as YAML refuses them in a mapping (``amount: 010``), with the same line."""
    for word in text.split():
        why = not_decimal(word.strip(",.;"))
        if why is not None:
            raise ctx.error(why)


def parse_amount(text: str | int, ctx: _Ctx) -> int:
    """``12``, ``2 blues``, ``a red and two blues`` -> counters in units."""
    if isinstance(text, int):
        return text
    _decimals_only(text, ctx)
    words = text.replace(",", " ").lower().split()
    total, pending, found = 0, None, False
    for w in words:
        n = _number(w)
        if n is not None:
            if pending is not None:
                total += pending
            pending, found = n, True
            continue
        colour = _colour(w, ctx.counters)
        if colour is not None:
            total += (1 if pending is None else pending) * ctx.counters[colour]
            pending, found = None, True
            continue
        if w in _FILLER:
            continue
        colours = ", ".join(ctx.counters) or "none defined in table.counters"
        raise ctx.error(
            f"cannot read the amount {text!r}: expected a number of counters or colours "
            f"({colours}), e.g. '3' or 'a red and two blues'"
        )
    if pending is not None:
        total += pending
    if not found:
        raise ctx.error(f"expected an amount, got {text!r}")
    return total


def _colour(word: str, counters: dict[str, int]) -> str | None:
    for name in counters:
        if word in (name, name + "s", name + "es"):
            return name
    return None


def parse_line(text: str, ctx: _Ctx) -> Event:
    """One event in the one-line form."""
    raw = " ".join(text.replace("\u2019", "'").split())
    if sum(map(raw.count, "0123456789")) >= 10 and re.search(r"[0-9]{10}", raw):
        raise ctx.error("a number in this event is too large (at most 9 digits)")
    _decimals_only(raw, ctx)
    low = raw.lower()
    if low in ("deal", "deals", "the deal", "cards dealt"):
        return Event(Act.DEALS, text=raw)
    m = re.match(r"^(?:a )?(?:card )?(?:found )?faced(?: card)?(?: in (?:the )?pack)?(?: (\S+))?$",
                 low) if "faced" in low else None
    if m:
        card = _card(m.group(1), ctx) if m.group(1) else None
        return Event(Act.FACED, cards=(card,) if card else (), text=raw)
    first, _, rest = raw.partition(" ")
    player = _seat(first, ctx)
    rest_low = rest.lower()
    for phrase, act in _BY_FIRST.get(rest_low.split(" ", 1)[0], ()):
        if rest_low == phrase or rest_low.startswith(phrase + " "):
            args = rest[len(phrase):].split()
            return _with_args(Event(act, player=player, text=raw), args, ctx)
    verbs = sorted({p.split()[0] for p, _ in _VERBS})
    word = rest.split()[0] if rest.split() else ""
    raise ctx.error(
        f"cannot read {raw!r}: after the player expected a verb such as "
        f"'discards', 'gives', 'bets'; {did_you_mean(word, verbs) if word else ''}".rstrip("; ")
    )


def _seat(name: str, ctx: _Ctx) -> str:
    for s in ctx.seats:
        if s.lower() == name.lower():
            return s
    raise ctx.error(f"{name!r} is not at the table; {did_you_mean(name, list(ctx.seats))}")


def _card(tok: str, ctx: _Ctx) -> str:
    card = parse_card(tok)
    if card is None:
        raise ctx.error(f"{tok!r} is not a card: expected rank and suit, e.g. As, 10h, Qd, 7c")
    return card


def _with_args(ev: Event, args: list[str], ctx: _Ctx) -> Event:
    """Fill in the target player, count or amount, and cards, from the words after the verb,
    as the act's vocabulary entry says it takes them."""
    spec = ACTS[ev.act]
    to = about = None
    if spec.words == "free":  # "D points out B was given four": whom it concerns, and words
        seats = [t.strip(",.;'s") for t in args if t.strip(",.;'s") in ctx.seats]
        return Event(ev.act, player=ev.player, about=seats[0] if seats else None,
                     text=ev.text)
    if spec.player_arg == "to" and any(t.lower() == "himself" for t in args):
        to = ev.player  # "A gives himself 2": the dealer helps himself
    cards: list[str] = []
    rest: list[str] = []
    for i, tok in enumerate(args):
        bare = tok.strip(",.;")
        if bare in ctx.seats and not rest and not cards:  # exact: 'a red' is not player A
            if spec.player_arg == "to":
                to = _seat(bare, ctx)
            elif spec.player_arg == "about":
                about = _seat(bare, ctx)
            elif spec.player_arg != "ignored":  # "D sees B": whom he sees changes nothing
                raise ctx.error(f"{ev.act.value} does not take a player ({bare!r})")
            continue
        # A card is written with a capital or a figure for its rank: "As", "10h", "Qd";
        # "as" is a word, not the ace of spades.
        card = parse_card(bare) if len(bare) in (2, 3) and (bare[0].isupper() or
                                                            bare[0].isdigit()) else None
        if card is not None and _colour(bare.lower(), ctx.counters) is None:
            if card in cards:
                raise ctx.error(f"the {card} is named twice")
            cards.append(card)
            continue
        rest.append(" ".join(args[i:i + 1]))
    if spec.words == "intent":
        return _intent(ev, rest, ctx)
    if ev.act == Act.RAISES and rest and rest[0].lower() == "to":
        # "D raises to 6" gives his stake after the raise, not the raise: which stake (this
        # round's or the deal's) the table cannot tell, so it is asked for plainly.
        raise ctx.error(f"cannot read {ev.text!r}: write by how much he raised, not the "
                        f"stake it came to, e.g. '{ev.player} raises 4' for a stake of 2 "
                        "raised to 6")
    count, amount = _count_or_amount(ev, rest, cards, ctx)
    if spec.words == "claim":
        count = _claimed(" ".join(rest), ctx)
        about = about or ev.player
    if amount is None and spec.amount == "required":
        raise ctx.error(f"'{ev.act.value}' needs an amount, e.g. '{ev.player} {ev.act.value} 2' "
                        "or '... 2 blues'")
    if spec.player_arg == "to" and to is None and "to" in spec.required:
        raise ctx.error(f"say whom the dealer gives to, e.g. '{ev.player} gives B 3'")
    return Event(ev.act, player=ev.player, to=to, about=about, count=count, amount=amount,
                 cards=tuple(cards), text=ev.text)


_KEY_MEANS = {"to": "the player the dealer gives cards to",
              "intent": "what he said he would do (" + ", ".join(INTENTS) + ")"}


def _count_or_amount(ev: Event, rest: list[str], cards: list[str],
                     ctx: _Ctx) -> tuple[int | None, int | None]:
    spec = ACTS[ev.act]
    words = " ".join(rest)
    if spec.number in ("cards", "card", "named"):
        _only_cards_and_a_count(rest, ev, ctx)
        nums = [n for n in (_number(w) for w in rest) if n is not None]
        if spec.number == "named":
            return None, None
        if nums:
            if cards and len(cards) != nums[0] and spec.number == "cards":
                raise ctx.error(f"'{ev.text}' says {nums[0]} but names {len(cards)} "
                                f"card{'s' if len(cards) != 1 else ''}")
            return nums[0], None
        if cards:
            return len(cards), None
        if spec.number == "cards":
            raise ctx.error(f"'{ev.act.value}' needs how many cards, e.g. '{ev.player} "
                            f"{ev.act.value} {'B ' if spec.player_arg == 'to' else ''}3'")
        return None, None
    if spec.number == "optional":
        nums = [n for n in (_number(w) for w in rest) if n is not None]
        return (nums[0] if nums else 1), None
    if spec.amount is None or not words.strip():
        return None, None
    filler = {"hand", "his", "cards", "the", "age", "blind", "straddle", "to", "a", "card"}
    if all(w.lower() in filler for w in words.split()):
        return None, None
    return None, parse_amount(words.replace("better", " "), ctx)


def _intent(ev: Event, rest: list[str], ctx: _Ctx) -> Event:
    said = " ".join(rest).lower().split()
    intent = next((w for w in said if w in INTENTS), None)
    if intent is None:
        raise ctx.error("say what he said he would do, e.g. 'B says he will pass'")
    return Event(ev.act, player=ev.player, about=intent, text=ev.text)


def _claimed(words: str, ctx: _Ctx) -> int:
    m = re.search(r"(asked|demanded|discarded|drew|was given|got)(?:\s+for)?\s+(\w+)",
                  words.lower())
    n = _number(m.group(2)) if m else None
    if n is None:
        raise ctx.error("a claim reads like 'A claims B asked for 3' or "
                        "'B claims he asked for 2'")
    return n


_CARD_WORDS = {"card", "cards", "more", "for", "him", "himself", "a", "the", "to", "and"}


def _only_cards_and_a_count(words: list[str], ev: Event, ctx: _Ctx) -> None:
    """After 'discards', 'gives' and the like, every word is a number or a card."""
    numbers = [w for w in words if _number(w.strip(",.;").lower()) is not None]
    if len(numbers) > 1:
        raise ctx.error(f"'{ev.text}' gives more than one number ({', '.join(numbers)}); "
                        "expected one number of cards, and cards written like As, 10h, Qd")
    for w in words:
        bare = w.strip(",.;").lower()
        if _number(bare) is None and bare not in _CARD_WORDS:
            raise ctx.error(f"cannot read {w!r} in '{ev.text}': expected a number of cards "
                            "or cards written like As, 10h, Qd, 7c")


# --- the mapping form -------------------------------------------------------

def parse_mapping(data: dict[str, Any], ctx: _Ctx) -> Event:
    act = Act(data["act"])
    base = ctx.path

    def sub(key: str) -> _Ctx:
        return _Ctx(ctx.doc, (*base, key), ctx.seats, ctx.counters)

    spec = ACTS[act]
    for key in data:  # the keys the vocabulary gives this act
        if key not in ("act", "note", *spec.keys):
            raise sub(key).error(f"'{act.value}' takes no {key!r}; it takes "
                                 + ", ".join(repr(k) for k in spec.keys))

    def seat(key: str) -> str | None:
        return _seat(data[key], sub(key)) if key in data else None

    def cardlist(value: Any, c: _Ctx) -> tuple[str, ...]:
        items = value.split() if isinstance(value, str) else value
        out = tuple(_card(str(t), c) for t in items)
        for i, card in enumerate(out):
            if card in out[:i]:
                raise c.error(f"the {card} is named twice")
        return out

    cards = cardlist(data["cards"], sub("cards")) if "cards" in data else ()
    if "card" in data:
        cards = (*cards, _card(data["card"], sub("card")))
    hands = tuple(
        (_seat(p, sub("hands")), cardlist(v, _Ctx(ctx.doc, (*base, "hands", p), ctx.seats,
                                                   ctx.counters)))
        for p, v in data.get("hands", {}).items()
    )
    counts = tuple((_seat(p, sub("counts")), n) for p, n in data.get("counts", {}).items())
    amount = parse_amount(data["amount"], sub("amount")) if "amount" in data else None
    player = seat("player")
    if player is None and spec.needs_player:
        raise ctx.error(f"'{act.value}' needs a 'player'")
    for key in spec.required:
        if key not in data:
            raise ctx.error(f"'{act.value}' needs {key!r}: {_KEY_MEANS[key]}")
    counted = spec.number == "cards" and act != Act.ASKS
    if "count" in data and cards and counted and len(cards) != data["count"]:
        raise sub("count").error(f"count is {data['count']} but {len(cards)} cards are named")
    return Event(
        act,
        player=player,
        to=seat("to"),
        about=data["intent"] if spec.words == "intent" else seat("about"),
        count=data.get("count", len(cards) if cards and counted else None),
        amount=amount,
        cards=cards,
        hands=hands,
        counts=counts,
        uncut=data.get("uncut", False),
        exposed=tuple(
            (_seat(p, sub("exposed")), _card(c, sub("exposed")) if c else None)
            for p, c in data.get("exposed", {}).items()
        ),
        text=_mapping_text(data),
    )


def _mapping_text(data: dict[str, Any]) -> str:
    if data["act"] == "deals":
        notes = []
        if data.get("hands"):
            notes.append("hands named: " + ", ".join(data["hands"]))
        notes += [f"{p} dealt {n}" for p, n in data.get("counts", {}).items()]
        notes += [f"a card exposed to {p}" for p in data.get("exposed", {})]
        if data.get("uncut"):
            notes.append("the pack not cut")
        return "deal" + (f" ({'; '.join(notes)})" if notes else "")
    bits = [str(data.get("player", "")), str(data["act"]).replace("_", " ")]
    for k in ("to", "about", "count", "amount", "card"):
        if k in data:
            bits.append(str(data[k]))
    if "cards" in data:
        c = data["cards"]
        bits.append(c if isinstance(c, str) else " ".join(c))
    return " ".join(b for b in bits if b)


# --- loading ------------------------------------------------------------------

def load_case(source: StrPath, text: str | None = None) -> Case:
    """Load and validate a case file (or ``text`` under that name)."""
    from ..load.files import MAX_CASE, decode, read_bytes

    name = str(source)
    if text is None:
        text = decode(read_bytes(source, "case", MAX_CASE), name)
    doc = parse(text, name, MAX_CASE_VALUES)
    return case_from_document(doc)


def case_from_document(doc: Document) -> Case:
    if not isinstance(doc.data, dict):
        raise doc.error((), "expected a case: a mapping with 'table' and 'events'"
                        + ("; the file is empty" if doc.data is None else ""))
    if "laws" in doc.data or ("id" in doc.data and "table" not in doc.data):
        raise doc.error((), "this is a rulebook, not a case: expected 'table' and 'events' "
                        "(see 'arbiter laws' and 'arbiter check' for rulebooks)")
    from ..load.shape import case_size, strict_case

    case_size(doc)  # before the schema check spends seconds on 100,000 events
    strict_case(doc)  # the schema, its numbers (2.0 for 2), 'A' and 'a', 10,000 events
    data = doc.data
    t = data["table"]
    seats = tuple(t["seats"])
    counters = dict(t.get("counters", {}))
    table = _table(doc, t, seats, counters)
    events = _events(doc, data["events"], seats, counters)
    dispute = _dispute(doc, data["dispute"], seats, counters) if "dispute" in data else None
    return Case(
        file=doc.file,
        table=table,
        events=tuple(events),
        title=data.get("title", ""),
        note=data.get("note", ""),
        rulebook=data.get("rulebook"),
        rulebook_line=doc.where(("rulebook",))[0] if "rulebook" in data else None,
        dispute=dispute,
        expect=data.get("expect", {}),
    )


def _table(doc: Document, t: dict[str, Any], seats: tuple[str, ...],
           counters: dict[str, int]) -> Table:
    dealer = _seat(t["dealer"], _Ctx(doc, ("table", "dealer"), seats, counters))
    stakes = {_seat(who, _Ctx(doc, ("table", "stakes", who), seats, counters)): n
              for who, n in t.get("stakes", {}).items()}
    return Table(
        seats=seats,
        dealer=dealer,
        blind=t["blind"],
        limit=t["limit"],
        counters=tuple(counters.items()),
        stakes=tuple(stakes.items()),
        jackpot=t.get("jackpot", 0),
        pool=t.get("pool", 0),
    )


def _events(doc: Document, raws: list[Any], seats: tuple[str, ...],
            counters: dict[str, int]) -> list[Event]:
    events = []
    for i, raw in enumerate(raws):
        ctx = _Ctx(doc, ("events", i), seats, counters)
        ev = parse_line(raw, ctx) if isinstance(raw, str) else parse_mapping(raw, ctx)
        line, column = doc.where(("events", i))
        events.append(Event(**{**ev.__dict__, "line": line, "column": column}))
    return events


def _dispute(doc: Document, d: dict[str, Any], seats: tuple[str, ...],
             counters: dict[str, int]) -> Dispute:
    named = {key: _seat(d[key], _Ctx(doc, ("dispute", key), seats, counters))
             for key in ("raised_by", "about") if key in d}
    asks = None
    if "asks" in d:
        from .questions import parse_question

        asks = parse_question(d["asks"], _Ctx(doc, ("dispute", "asks"), seats, counters))
    if "question" not in d and asks is None:
        raise doc.error(("dispute",), "a dispute needs 'asks' (one of the question "
                        "forms, e.g. 'may C come in') or 'question' (in your own words)")
    return Dispute(d.get("question") or asks.text if asks else d["question"],
                   named.get("raised_by"), named.get("about"), asks)
