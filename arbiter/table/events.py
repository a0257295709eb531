"""Events: one thing that happened at the table, read from a case as a player writes it.

Each event is either one line, ``PLAYER VERB [PLAYER] [AMOUNT|COUNT] [CARDS]``
(``B discards 3``, ``A gives B 4``, ``D raises 2 blues``), or the canonical mapping
(``{player: B, act: discards, count: 3}``). Every mistake is answered with the file, line
and what was expected. (A question's form, arbiter/table/questions.py, reads its act by
the same one-line parser.)
"""

from __future__ import annotations

import re
from typing import Any

from msgspec import Struct

from ..errors import InputError, clip, did_you_mean
from ..load.yamlsafe import Document, not_decimal
from ..terms.cards import parse_card
from ..terms.seats import nfc, seat_key
from ..terms.vocabulary import ACTS, INTENTS, Act, verbs


class Event(Struct, frozen=True):
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
_DEAL_FORMS = ("deal", "deals", "the deal", "cards dealt")  # the deal, written whole


class _Ctx(Struct):
    doc: Document
    path: tuple[str | int, ...]
    seats: tuple[str, ...]
    counters: dict[str, int]

    def error(self, message: str) -> InputError:
        return self.doc.error(self.path, message)


def _q(text: str) -> str:
    """Input quoted in an error, cut to its first 80 characters or so."""
    return repr(clip(text, 80))


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
            f"cannot read the amount {_q(text)}: expected a number of counters or colours "
            f"({colours}), e.g. '3' or 'a red and two blues'"
        )
    if pending is not None:
        total += pending
    if not found:
        raise ctx.error(f"expected an amount, got {_q(text)}")
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
    raw = nfc(raw)
    low = raw.lower()
    if low in _DEAL_FORMS:
        return Event(Act.DEALS, text=raw)
    # the pattern (compiled on its first use: 1 M instructions) only for a line it may fit
    nxt = re.fullmatch(_NEXT_DEAL, low) if "next deal" in low or "new deal" in low else None
    if nxt:  # "next deal", "next deal by C", "next deal, C deals": the sitting goes on
        who = nxt.group(1) or nxt.group(2)
        return Event(Act.NEXT_DEAL, player=_seat(who, ctx) if who else None, text=raw)
    first, _, rest = raw.partition(" ")
    player = _seat_or_none(first, ctx)  # a seat and a verb first: 'Faced passes' is Faced's
    rest_low = rest.lower()
    for phrase, act in _BY_FIRST.get(rest_low.split(" ", 1)[0], ()) if player else ():
        if rest_low == phrase or rest_low.startswith(phrase + " "):
            args = rest[len(phrase):].split()
            try:
                return _with_args(Event(act, player=player, text=raw), args, ctx)
            except InputError as exc:  # a phrasing that fits another act is pointed to it
                raise _pointed(raw, first, rest_low, ctx) or exc from None
    m = re.match(r"^(?:a )?(?:card )?(?:found )?faced(?: card)?(?: in (?:the )?pack)?(?: (\S+))?$",
                 low) if "faced" in low else None
    if m:
        card = _card(m.group(1), ctx) if m.group(1) else None
        return Event(Act.FACED, cards=(card,) if card else (), text=raw)
    player = _seat(first, ctx)  # not at the table: said so
    pointed = _pointed(raw, player, rest_low, ctx)
    if pointed is not None:
        raise pointed
    raise ctx.error(f"cannot read {_q(raw)}: after the player expected a verb such as "
                    f"'discards', 'gives', 'bets'; {_verb_hint(rest)}".rstrip("; "))


# compiled by re (and kept in its cache) the first time a line needs it, not at every start
_NEXT_DEAL = r"(?:the )?(?:next|new) deal(?:,? (?:dealt )?by (\S+)|,? (\S+) deals)?"

# Phrasings a player would use that fit an act under other words: the refusal names the
# form that fits ({p}: the player). Tried in order, on the words after the player.
_POINTERS: tuple[tuple[str, str], ...] = (
    (r"(?:says|tells|claims|declares|states|shouts) (?:that )?(?:he|she|they) (?:has|holds|"
     r"had|held|have|was dealt|got)\b",
     "to tell the table what a hand holds, write 'announces' (an error pointed out), "
     "e.g. '{p} announces he has six cards'"),
    (r"(?:asks|inquires of|asks of) (?!the dealer)\S+ how many",
     "to ask the dealer what a player drew, write '{p} asks the dealer how many he drew' "
     "(or, of another player: '{p} asks how many B drew')"),
    (r"(?:throws|tosses|puts out|lays out|discards) (?:away )?(\d+|one|two|three|four|five)"
     r"(?: cards?)?",
     "to throw out cards for the draw write 'discards' ('{p} discards 2'); 'throws' is "
     "read only as 'throws down', 'throws up' or 'throws in' (he passes)"),
    (r"(?:says|tells|claims) (?:he|she) (?:will|'ll|would|is going to)\b",
     "what he says he will do is 'says he will' and one of "
     + ", ".join(INTENTS) + ", e.g. '{p} says he will bet 10'"),
    (r"(?:stays|stays in|stops in|goes along|is in)$",
     "write 'comes in' (before the draw) or 'calls' (after it)"),
    (r"(?:calls for a sight|demands a sight|calls for a show|demands a show)\b",
     "a player who puts in all he has and calls for a show is written "
     "'{p} calls AMOUNT' (what he put in)"),
    (r"(?:checks out|knocks|raps|passes the say)$", "write 'stands' (he stands without "
     "betting) or 'passes' (he throws his hand up)"),
    (r"(?:mucks|tosses in|throws away his hand|gives up)\b", "write 'passes'"),
    (r"(?:is|was) (?:dealt|given) (\w+)",
     "a hand dealt wrong is written in the deal: {act: deals, counts: {{p}: 6}}"),
    (r"(?:shuffles|shuffled)\b",
     "a shuffle is not an event of the table; write the cut ('E cuts the pack') or the deal"),
    (r"(?:deals|dealt)\b.*(?:next|again)",
     "a deal after the first is 'next deal' (or 'next deal by {p}')"),
)


def _pointed(raw: str, player: str, rest_low: str, ctx: _Ctx) -> InputError | None:
    for pattern, hint in _POINTERS:
        if re.match(pattern, rest_low):
            return ctx.error(f"cannot read {_q(raw)}: " + hint.replace("{p}", player))
    return None


def _verb_hint(rest: str) -> str:
    """What to write instead of the word read as the verb; where it begins phrases but is
    none itself ("throws"), the phrases it begins, never the word that was refused."""
    word = rest.split()[0] if rest.split() else ""
    if not word:
        return ""
    phrases = [p for p, _ in _BY_FIRST.get(word.lower(), ())]
    if phrases:
        return (f"{word!r} is read only in " + ", ".join(repr(p) for p in sorted(phrases)))
    return did_you_mean(word, sorted({p.split()[0] for p, _ in _VERBS}))


def _seat(name: str, ctx: _Ctx) -> str:
    found = _seat_or_none(name, ctx)
    if found is None:
        raise ctx.error(f"{_q(name)} is not at the table; {did_you_mean(name, list(ctx.seats))}")
    return found


def _seat_or_none(name: str, ctx: _Ctx) -> str | None:
    """The seat ``name`` names, compared composed and case-folded (see terms.seats)."""
    if name in ctx.seats:
        return name
    key = seat_key(name)
    return next((s for s in ctx.seats if seat_key(s) == key), None)


def _player_word(word: str, ctx: _Ctx) -> str | None:
    """The seat a word after the verb names, or None: a word the one-line form reads
    otherwise ('a', 'two', 'to', a colour, a card) is a player only when written exactly as
    the seat is ('D gives A 2', but 'D raises a red')."""
    if word in ctx.seats:
        return word
    if _reserved(word.lower(), ctx) is not None or _card_word(word):
        return None
    return _seat_or_none(word, ctx)


def _card_word(word: str) -> bool:
    """Written as a card is: a capital or a figure for its rank ('As', '10h', 'Qd')."""
    return len(word) in (2, 3) and (word[0].isupper() or word[0].isdigit()) and \
        parse_card(word) is not None


# The words the one-line form reads after the verb, by what they are read as.
_WORDS_READ = {
    **{w: "a number" for w in _NUMBER_WORDS},
    **{w: "a word of an amount" for w in _FILLER},
    **{w: "a word of the draw" for w in ("more", "him", "himself", "cards", "card")},
    **{w: "a word of a stake or a claim" for w in ("hand", "his", "he", "age", "blind",
                                                   "straddle", "better")},
    **{w: "what he said he would do" for w in INTENTS},
}


def _reserved(word: str, ctx: _Ctx) -> str | None:
    """What the one-line form reads ``word`` (lower case) as, if not a player."""
    if word in _WORDS_READ:
        return _WORDS_READ[word]
    return "a colour of the counters" if _colour(word, ctx.counters) is not None else None


def ambiguous_seat(name: str, ctx: _Ctx) -> str | None:
    """Why a seat of this name could not be told, in a one-line event, from a word the form
    reads otherwise; None if it always can (see _player_word and parse_line)."""
    word = _reserved(name, ctx)
    if word is not None:
        return (f"the seat {name!r} is also the word {name!r} of a one-line event "
                f"({word}), so that 'D raises {name} ...' could not be read; give the seat "
                f"another name (e.g. {name.capitalize()!r}, written so in the events)"
                if name.capitalize() != name else
                f"the seat {name!r} is also the word {name!r} of a one-line event ({word})"
                "; give the seat another name")
    if _card_word(name):
        return (f"the seat {name!r} is also the card {parse_card(name)} in a one-line event "
                f"('C shows {name} ...'); give the seat another name")
    key = seat_key(name)
    for form in _DEAL_FORMS:
        first, _, rest = form.partition(" ")
        if rest and seat_key(first) == key and any(
                rest == p or rest.startswith(p + " ") for p, _ in _VERBS):
            return (f"the seat {name!r} makes the line {form!r} both the deal and an act "
                    f"of {name}'s ('{name} {rest}s'); give the seat another name")
    return None


def _bare(word: str) -> str:
    """A word without the punctuation round it or a possessive: "B's," is B, "Ross'" Ross."""
    word = word.strip(",.;:!?")
    return word[:-2] if word.endswith("'s") else word.rstrip("'")


def _card(tok: str, ctx: _Ctx) -> str:
    card = parse_card(tok)
    if card is None:
        raise ctx.error(f"{_q(tok)} is not a card: expected rank and suit, e.g. As, 10h, Qd, 7c")
    return card


def _with_args(ev: Event, args: list[str], ctx: _Ctx) -> Event:
    """Fill in the target player, count or amount, and cards, from the words after the verb,
    as the act's vocabulary entry says it takes them."""
    spec = ACTS[ev.act]
    to = about = None
    if spec.words == "free":  # "D points out B was given four": whom it concerns, and words
        seats = [found for found in (_player_word(_bare(t), ctx) for t in args) if found]
        return Event(ev.act, player=ev.player, about=seats[0] if seats else None,
                     text=ev.text)
    if spec.player_arg == "to" and any(t.lower() == "himself" for t in args):
        to = ev.player  # "A gives himself 2": the dealer helps himself
    cards: list[str] = []
    rest: list[str] = []
    for i, tok in enumerate(args):
        bare = tok.strip(",.;")
        named = _player_word(bare, ctx) if not rest and not cards else None
        if named is not None:  # 'a red' is not player A (see _player_word)
            bare = named
            if spec.player_arg == "to":
                to = named
            elif spec.player_arg == "about":
                about = named
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
        raise ctx.error(f"cannot read {_q(ev.text)}: write by how much he raised, not the "
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
                raise ctx.error(f"{_q(ev.text)} says {nums[0]} but names {len(cards)} "
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
        raise ctx.error("say what he said he would do: one of " + ", ".join(INTENTS)
                        + ", e.g. 'B says he will pass' or 'D says he will bet 10'")
    # "D says he will bet 10": the amount he named is kept with what he said.
    after = " ".join(said[said.index(intent) + 1:])
    amount = parse_amount(after, ctx) if after.strip() else None
    return Event(ev.act, player=ev.player, about=intent, amount=amount, text=ev.text)


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
        raise ctx.error(f"{_q(ev.text)} gives more than one number ({', '.join(numbers)}); "
                        "expected one number of cards, and cards written like As, 10h, Qd")
    for w in words:
        bare = w.strip(",.;").lower()
        if _number(bare) is None and bare not in _CARD_WORDS:
            raise ctx.error(f"cannot read {_q(w)} in {_q(ev.text)}: expected a number of cards "
                            "or cards written like As, 10h, Qd, 7c")


# --- the mapping form -------------------------------------------------------

def parse_mapping(data: dict[str, Any], ctx: _Ctx) -> Event:
    act = Act(data["act"])
    base = ctx.path

    def sub(key: str) -> _Ctx:
        return _Ctx(ctx.doc, (*base, key), ctx.seats, ctx.counters)

    spec = ACTS[act]
    _keys_of(act, data, sub)

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


def _keys_of(act: Act, data: dict[str, Any], sub: Any) -> None:
    """Each key of a mapping event one the vocabulary gives its act."""
    spec = ACTS[act]
    for key in data:
        if key not in ("act", "note", *spec.keys):
            # Before the acts' keys were declared one by one (53a7647), every act took
            # every key and ignored those it had no use for: such a case is told so.
            old = (f"; a case written before each act's keys were declared (0.1.0) could "
                   f"give any act {key!r}, which was ignored: remove it"
                   if key in _OLD_KEYS else "")
            raise sub(key).error(f"'{act.value}' takes no {key!r}; it takes "
                                 + ", ".join(repr(k) for k in spec.keys) + old)


# The keys every act's mapping took in the first releases (the case schema of 4629e69 and
# dd2849e): an act that takes one of them no more is answered with what changed.
_OLD_KEYS = frozenset({"player", "to", "about", "count", "amount", "cards", "card", "hands",
                       "counts", "uncut", "exposed", "intent"})


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
