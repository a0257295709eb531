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

# The patterns are compiled by re's own cache when first used (a rulebook checked), not as
# the module is imported: the library imports it on every start, where compiling them cost
# 1.5 M instructions (docs/speed.md).
_MARKERS = r"\[\d+\]|\{\d+\}|[¹²³⁴⁵⁶⁷⁸⁹⁰]"
_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def normalise(text: str) -> str:
    text = re.sub(_MARKERS, " ", text).replace("_", "").translate(_QUOTES)
    text = " ".join(text.split())
    # A marker removed before punctuation leaves a stray space ("bet ¹," -> "bet ,").
    return re.sub(r" ([,.;:])", r"\1", text)
