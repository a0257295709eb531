"""The cache's and the schemas' JSON reader agrees with ``json.loads`` on what arbiter writes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.load.files import json_value

_leaves = st.none() | st.booleans() | st.integers() | st.text() | st.floats(
    allow_nan=False, allow_infinity=False)
_values = st.recursive(_leaves, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(), inner, max_size=4), max_leaves=30)


@given(_values, st.sampled_from([None, 2]), st.booleans())
def test_it_reads_back_what_json_dumps_writes(value: Any, indent: int | None,
                                              ascii_only: bool) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    assert json_value(text) == json.loads(text)
    assert json_value(f" \n{text}\n") == json.loads(text)


@pytest.mark.parametrize("text", ["", "{", "[1,]", '{"a":1}{}', '{"a":1} x', "NaN",
                                  "[Infinity]", "-Infinity", "'a'", "{a: 1}", "[[[["])
def test_anything_else_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        json_value(text)
