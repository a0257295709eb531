"""The question a case asks (``dispute.asks``), read from one line in the style of events.

The forms are declared in the vocabulary (``QUESTIONS``); ``may PLAYER ACT`` takes any act
the events can record, written without its -s (``may C come in``, ``may D take back his
bet``, ``may C ask how many A drew``), and is read with the events' own verb table, so a
new act is a new question for free. A line that fits no form is answered with the forms.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..terms.records import record
from ..terms.vocabulary import QUESTIONS, Question

if TYPE_CHECKING:
    from .cases import Event, _Ctx


@record(frozen=True)
class Asked:
    """A question asked of the arbiter: its kind, whom it is about, the act (for ``may``)."""

    kind: Question
    text: str
    player: str | None = None
    act: Event | None = None


def forms() -> str:
    """Every question form, as a one-line list."""
    return "; ".join(spec.form for spec in QUESTIONS.values())


def parse_question(text: str, ctx: _Ctx) -> Asked:
    from ..errors import InputError, clip
    from .cases import _seat, parse_line

    raw = " ".join(str(text).replace("\u2019", "'").split()).rstrip("?").strip()
    low = raw.lower()

    def fail(why: str = "") -> InputError:
        return ctx.error(f"cannot read the question {clip(raw, 80)!r}{': ' + why if why else ''}; "
                         f"expected one of: {forms()} (e.g. 'may C come in')")

    for kind, phrase in ((Question.BETS_FIRST, "who bets first"),
                         (Question.LAST_SAY, "who has the last say"),
                         (Question.TAKES_POOL, "who takes the pool")):
        if low == phrase:
            return Asked(kind, raw)
    m = (re.fullmatch(r"must (\S+) show(?: his (?:hand|cards))?", raw, re.I)
         or re.fullmatch(r"what may (\S+) do(?: now)?", raw, re.I)
         or re.fullmatch(r"is (\S+?)(?:'s|s') hand foul", raw, re.I)
         or re.fullmatch(r"may (\S+) (.+)", raw, re.I))
    if m is None:
        raise fail()
    word = low.split()[0]
    kind = {"must": Question.MUST_SHOW, "what": Question.WHAT_MAY, "is": Question.HAND_FOUL,
            "may": Question.MAY}[word]
    try:
        who = _seat(m.group(1), ctx)
    except InputError:
        raise fail(f"{m.group(1)!r} is not at the table ({', '.join(ctx.seats)})") from None
    if kind != Question.MAY:
        return Asked(kind, raw, who)
    line = f"{who} {conjugate(m.group(2))}"
    try:
        act = parse_line(line, ctx)
    except InputError as exc:
        raise fail(f"the act is read as an event, '{line}': {exc.message}") from None
    return Asked(kind, raw, who, act)


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
