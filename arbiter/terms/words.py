"""Sentences in the table's words, shared by the answers, the comparisons and the rulings.

They sit at the bottom, beside the vocabulary, since the ruling (answers, comparisons)
and the renderings both say things this way.
"""

from __future__ import annotations

import textwrap  # the rulings' text is wrapped with it already
from collections.abc import Iterable
from typing import Any


def lines_of(text: str, width: int) -> list[str]:
    """The words of ``text`` in lines of at most ``width``, broken only between words (a
    word longer than the line stands alone, unbroken, and a hyphen is no place to break).
    The whitespace is single spaces already: textwrap does not look for tabs again."""
    return textwrap.wrap(" ".join(text.split()), max(width, 1), break_long_words=False,
                         break_on_hyphens=False, expand_tabs=False,
                         replace_whitespace=False) or [""]


def hyphenated(name: str, width: int) -> list[str]:
    """A name of words joined by hyphens (a case's), broken after a hyphen where it is
    longer than a line."""
    if len(name) <= width:
        return [name]
    lines = [""]
    for part in name.split("-"):
        piece = part if not lines[-1] else f"-{part}"
        if lines[-1] and len(lines[-1]) + len(piece) + 1 > width:
            lines[-1] += "-"
            lines.append(part)
        else:
            lines[-1] += piece
    return lines


def sentence(text: str) -> str:
    """A clause as a sentence: one line, a capital first, a full stop last."""
    text = " ".join(text.split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def run_on(text: str, names: Iterable[str] = ()) -> str:
    """A clause run on after a colon ("Yes: ..."): its first letter made small, unless its
    first word is a name (a player's, a book's: kept as written) or in capitals."""
    first = text.replace("\u2019", "'").split(" ", 1)[0].split("'", 1)[0].rstrip(",;:.")
    if not text[1:2].islower() or first in set(names):
        return text
    return text[:1].lower() + text[1:]


def penalty_words(p: dict[str, Any]) -> str:
    """A penalty as the table says it: ``B forfeits the stake of 4, which stays in the
    pool``, ``B pays 2 to the pool``."""
    if "forfeits" in p:
        if not p["forfeits"]:
            return f"{p['player']} has nothing in the pool to forfeit"
        return f"{p['player']} forfeits the stake of {p['forfeits']}, which stays in the pool"
    return f"{p['player']} pays {p['pays']} to {p['to']}"


# How a fact the events leave open reads in a ruling: (if true, if false); a fact with a
# value, how it reads with the value; ``{who}`` is the player the finding is about, named
# (a ruling gives nobody a pronoun of its own). A fact not listed reads by its name with the
# underscores dropped (tests/test_table_words.py fails if one shows in a shipped ruling).
FACT_WORDS: dict[str, tuple[str, str]] = {
    "lifted": ("{who} had raised the cards from the table", "{who} had not raised the cards"),
    "looked": ("{who} had looked at them", "{who} had not looked at them"),
    "seen": ("{who} had taken up or looked at the cards", "{who} had neither taken up nor "
             "looked at the cards"),
    "next_helped": ("the next player had been helped", "the next player had not yet been "
                    "helped"),
    "noticed_before_deal_finished": ("it was pointed out before the deal was finished",
                                     "it was not pointed out before the deal was finished"),
    "bet_made": ("a bet had been made", "no bet had been made"),
    "made_good": ("the deficiency was made good", "the deficiency was not made good"),
    "jackpots": ("the table plays jack pots", "the table does not play jack pots"),
}
VALUE_WORDS: dict[str, str] = {
    "asked": "{who} asked for {value}",
}


def condition_words(condition: dict[str, Any], who: str | None = None) -> str:
    """The facts a decision turns on, as the table says them, the player ``who`` named:
    ``B had raised the cards from the table and B asked for 3``."""
    who = who or "the player"
    bits = []
    for fact, value in condition.items():
        words = FACT_WORDS.get(fact)
        if words and isinstance(value, bool):
            bits.append((words[0] if value else words[1]).format(who=who))
        elif fact in VALUE_WORDS:
            bits.append(VALUE_WORDS[fact].format(value=value, who=who))
        else:
            name = fact.replace("_", " ")
            bits.append(name if value is True else f"not {name}" if value is False
                        else f"{name} is {value}")
    return " and ".join(bits)
