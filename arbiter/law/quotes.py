"""How a quotation is compared with the words it quotes: after folding whitespace, dropping
page markers (``[53]``, ``{125}``) and footnote marks (``¹``, ``[38]``), dropping italics
underscores, and treating curly and straight quotes alike: the differences a reflowed YAML
quotation may have from the printed page, and no others.

A module of its own, apart from ``verbatim`` (a book's source found and pinned by its
sha256): the library compares a reading's words with its law's text by it, and importing
``hashlib`` with it cost every ruling 10.4 M instructions (docs/speed.md).
"""

from __future__ import annotations

import re

_MARKERS = re.compile(r"\[\d+\]|\{\d+\}|[¹²³⁴⁵⁶⁷⁸⁹⁰]")
_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    text = _MARKERS.sub(" ", text).replace("_", "").translate(_QUOTES)
    text = _SPACE.sub(" ", text).strip()
    # A marker removed before punctuation leaves a stray space ("bet ¹," -> "bet ,").
    return re.sub(r" ([,.;:])", r"\1", text)
