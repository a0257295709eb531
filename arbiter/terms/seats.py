"""Seat names: what a player may be called, and when two names are the same player.

A seat's name is one word: a letter of any script, then letters, combining marks, digits,
``_`` or ``-`` (``Zoë``, ``Søren``, ``Ólafur``, ``Ελένη``, ``अनु``, ``O_Neil``,
``Jean-Luc``). It is read in Unicode's composed form (NFC), so ``Zoë`` typed with a
combining diaeresis is the same name as with the one character, and two names are the
same player when they are equal case-folded (``zoë``, ``ZOË``; ``Straße``, ``STRASSE``).
A case prints each name as its ``seats:`` list writes it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def nfc(text: str) -> str:
    """``text`` in Unicode's composed form (ASCII is already: nothing to import for it)."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFC", text)


def seat_key(name: str) -> str:
    """What two names of one player have in common: composed and case-folded."""
    return nfc(name).casefold()


def name_fault(name: str) -> str | None:
    """Why ``name`` cannot be a seat's name, or None."""
    if not name:
        return "a seat's name is empty"
    if not name.isascii():
        name = unicodedata.normalize("NFC", name)
        kinds = [unicodedata.category(c) for c in name]
    else:
        kinds = ["L" if c.isalpha() else "Nd" if c.isdigit() else c for c in name]
    if not kinds[0].startswith("L"):
        return "a seat's name begins with a letter"
    for c, kind in zip(name, kinds, strict=True):
        if not (kind[0] in "LM" or kind == "Nd" or c in "_-"):
            return (f"a seat's name is one word of letters, digits, '_' or '-' (a "
                    f"{_what(c)} is none of them)")
    if name.endswith("-"):
        return "a seat's name does not end with '-'"
    return None


def _what(c: str) -> str:
    if c.isspace():
        return "space"
    return f"{c!r}" if c.isprintable() else f"character U+{ord(c):04X}"


def names_text(names: Iterable[str]) -> str:
    """Players as a sentence names them: "C", "C and D", "B, C and D" ("" for none)."""
    items = [str(n) for n in names]
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]
