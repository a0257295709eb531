"""The question a case asks (``dispute.asks``), read from one line in the style of events.

The forms are declared in the vocabulary (``QUESTIONS``); ``may PLAYER ACT`` takes any act
the events can record, written without its -s (``may C come in``, ``may D take back his
bet``, ``may C ask how many A drew``), and is read with the events' own verb table, so a
new act is a new question for free. A line that fits no form is answered with the forms.
"""

from __future__ import annotations

import re

from msgspec import Struct

from ..errors import InputError, clip
from ..terms.vocabulary import QUESTION_SYNONYMS, QUESTIONS, Question
from .events import Event, _Ctx, _seat, parse_line


class Asked(Struct, frozen=True):
    """A question asked of the arbiter: its kind, whom it is about, the act (for ``may``)."""

    kind: Question
    text: str
    player: str | None = None
    act: Event | None = None
    # "what must D put in to call": what for (come in, stay, call, open), if it says
    purpose: str | None = None


def forms() -> str:
    """Every question form, as a one-line list."""
    return "; ".join(spec.form for spec in QUESTIONS.values())


def parse_question(text: str, ctx: _Ctx) -> Asked:

    raw = " ".join(str(text).replace("\u2019", "'").split()).rstrip("?").strip()
    low = raw.lower()

    def fail(why: str = "") -> InputError:
        hint = pointer(low)
        return ctx.error(f"cannot read the question {clip(raw, 80)!r}{': ' + why if why else ''}; "
                         + (f"{hint}; " if hint else "")
                         + f"expected one of: {forms()} (e.g. 'may C come in')")

    plain = _PLAIN.get(low) or _PLAIN.get(_synonyms(low))
    if plain is not None:
        return Asked(plain, raw)
    said = _synonyms(raw)
    m = (re.fullmatch(r"must (\S+) show(?: his (?:hand|cards))?", said, re.I)
         or re.fullmatch(r"what may (\S+) do(?: now)?", said, re.I)
         or re.fullmatch(r"is (\S+?)(?:(?:'s|s') hand)? foul", said, re.I)
         or re.fullmatch(_PUT_IN, said, re.I)
         or re.fullmatch(r"may (\S+) (.+)", said, re.I))
    if m is None:
        raise fail()
    word = said.lower().split()[0]
    kind = {"must": Question.MUST_SHOW, "is": Question.HAND_FOUL, "may": Question.MAY,
            "what": Question.PUT_IN if " put in" in said.lower() else Question.WHAT_MAY,
            }[word]
    try:
        who = _seat(m.group(1), ctx)
    except InputError:
        raise fail(f"{m.group(1)!r} is not at the table ({', '.join(ctx.seats)})") from None
    if kind == Question.PUT_IN:
        return Asked(kind, raw, who, purpose=_purpose(m.group(2)))
    if kind != Question.MAY:
        return Asked(kind, raw, who)
    line = f"{who} {conjugate(m.group(2))}"
    try:
        act = parse_line(line, ctx)
    except InputError as exc:
        raise fail(f"the act is read as an event, '{line}': {exc.message}") from None
    return Asked(kind, raw, who, act)


# The forms with no player, and the words that ask them.
_PLAIN: dict[str, Question] = {
    "who bets first": Question.BETS_FIRST, "who has the last say": Question.LAST_SAY,
    "who takes the pool": Question.TAKES_POOL, "who deals next": Question.DEALS_NEXT,
    "who deals the next deal": Question.DEALS_NEXT, "whose deal is next": Question.DEALS_NEXT,
    "whose word settles it": Question.SETTLES, "whose word settles the dispute":
    Question.SETTLES,
}
_PUT_IN = (r"what must (\S+) put in(?: the pool| now)?(?: (?:to |in order to )?"
           r"(come in|go in|stay|stay in|call|see|open|play|make good))?")
_PURPOSES = {"go in": "come in", "play": "come in", "make good": "come in",
             "stay in": "stay", "see": "call"}


def _purpose(words: str | None) -> str | None:
    if not words:
        return None
    w = words.lower()
    return _PURPOSES.get(w, w)


def _synonyms(text: str) -> str:
    """A player's words for a form (``dead`` for foul, ``who wins`` for who takes the
    pool), put in the form's own (QUESTION_SYNONYMS, in the vocabulary)."""
    whole = QUESTION_SYNONYMS.get(text.lower())
    if whole is not None and " " in whole:  # a whole question in other words
        return whole
    out = text
    for said, meant in sorted(QUESTION_SYNONYMS.items(), key=lambda kv: -len(kv[0])):
        if " " not in meant:  # a word for a word: "dead" for foul
            out = re.sub(rf"\b{re.escape(said)}\b", meant, out, flags=re.I)
    return out


# What a refused question most likely meant, by the words a player would use: the form
# that fits, named (never the words that were refused).
_POINTERS: tuple[tuple[str, str], ...] = (
    (r"\b(?:deal|deals|dealer)\b.*\bnext\b|\bnext\b.*\bdeal",
     "who deals next is asked 'who deals next'"),
    (r"\b(?:how much|what)\b.*\b(?:put|pay|stake|owe|cost)",
     "what a player must stake is asked 'what must D put in' (to come in, to stay, to call)"),
    (r"\b(?:who|whose)\b.*\b(?:decide|settle|rule|judge|referee|final)",
     "who decides is asked 'whose word settles it'"),
    (r"\b(?:win|wins|won|pool|pot)\b", "who wins is asked 'who takes the pool'"),
    (r"\b(?:foul|dead|void)\b", "a foul (dead) hand is asked 'is B's hand foul'"),
    (r"^(?:can|could|is|should) (\S+) (?:allowed to )?", "whether a player may do an act is "
     "asked 'may C ACT', e.g. 'may C come in'"),
    (r"\b(?:first)\b.*\b(?:bet|speak)", "who bets first is asked 'who bets first'"),
    (r"\b(?:show|shows)\b", "whether a player must show is asked 'must C show'"),
)


def pointer(low: str) -> str:
    """The form a refused question's words point to. Only its first 200 characters are
    read: a question is a line, and these patterns are quadratic on a long one."""
    low = low[:200]
    for pattern, hint in _POINTERS:
        if re.search(pattern, low):
            return hint
    return ""


_ES = ("s", "sh", "ch", "x", "z", "o")


def conjugate(phrase: str) -> str:
    """``come in`` -> ``comes in``; ``pass`` -> ``passes``; ``deny`` -> ``denies``."""
    first, _, rest = phrase.strip().partition(" ")
    low = first.lower()
    if low == "have":
        verb = "has"
    elif low.endswith(_ES):
        verb = first + "es"
    elif low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        verb = first[:-1] + "ies"
    else:
        verb = first + "s"
    return f"{verb} {rest}".strip()
