"""Rulings are filled to 78 columns exactly as the standard library's textwrap fills them."""

from __future__ import annotations

import random
import textwrap

import pytest

from arbiter.render.laws import WIDTH, wrap


def _expected(text: str, indent: str) -> str:
    return textwrap.fill(" ".join(text.split()), WIDTH, initial_indent=indent,
                         subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False)


@pytest.mark.parametrize("seed", range(300))
def test_the_lines_are_textwraps(seed: int) -> None:
    rng = random.Random(seed)
    words = ["".join(rng.choice("abc-—“”.,'") for _ in range(rng.choice(
        [1, 2, 5, 9, 20, 40, 76, 77, 78, 79, 90]))) for _ in range(rng.randrange(0, 60))]
    text = rng.choice([" ", "  ", "\n", " \t "]).join(words)
    indent = rng.choice(["", "  ", "    ", "      ", " " * 12])
    assert wrap(text, indent) == _expected(text, indent)


@pytest.mark.parametrize("text", ["", " ", "word", "x" * 200, "a " * 100,
                                  "Decision: " + "forfeits the pool " * 9])
def test_edges(text: str) -> None:
    for indent in ("", "  ", "    "):
        assert wrap(text, indent) == _expected(text, indent)
