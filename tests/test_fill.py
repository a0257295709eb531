"""A provision's ``{name}`` fields are found and filled as the pattern ``\\{([a-z_]+)\\}`` would."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from arbiter.law.provisions import fill, placeholders

FIELD = re.compile(r"\{([a-z_]+)\}")
VALUES: dict[str, Any] = {"player": "B", "a": ["C", "D", "E"], "b": 2, "_": "U", "gone": None}


def by_pattern(template: str) -> str:
    def sub(m: re.Match[str]) -> str:
        v = VALUES.get(m.group(1))
        return m.group(0) if v is None else (
            "C, D and E" if isinstance(v, list) else str(v))
    return FIELD.sub(sub, template)


@given(st.lists(st.sampled_from(["{", "}", "a", "b", "_", "player", "gone", "Z", " ", "{a}",
                                 "{player}", "{}", "é"]), max_size=12).map("".join))
def test_fields_are_read_as_the_pattern_reads_them(template: str) -> None:
    assert placeholders(template) == FIELD.findall(template)
    assert fill(template, VALUES) == by_pattern(template)


def test_a_ruling_sentence_is_filled() -> None:
    assert fill("{player} cut it for {dealer}; {a} saw", VALUES) == \
        "B cut it for {dealer}; C, D and E saw"
