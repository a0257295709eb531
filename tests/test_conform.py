"""The small validator on the hot path agrees with jsonschema on the published schemas.

Cases and rulebooks are tested by ``arbiter.load.conform`` so that ``arbiter rule`` need not
import jsonschema; a fault it missed would let a bad file through, and a fault it
invented would refuse a good one. So both validators are run on every shipped file and
on many damaged copies of them, and must agree on each.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.load.conform import ANNOTATIONS, KEYWORDS, UnsupportedSchema, first_fault
from arbiter.load.validate import schema, validator
from arbiter.load.yamlsafe import parse

CASES = sorted((ROOT / "cases").glob("*.yaml"))
BOOKS = sorted((ROOT / "rulebooks").glob("**/*.yaml"))


def data_of(path: Path) -> Any:
    return parse(path.read_text(encoding="utf-8"), str(path)).data


def agree(data: Any, name: str) -> None:
    mine = first_fault(data, schema(name)) is None
    theirs = validator(name).is_valid(data)
    assert mine == theirs, f"conform says {mine}, jsonschema says {theirs} for {data!r:.300}"


@pytest.mark.parametrize("name", ["case", "rulebook"])
def test_every_keyword_of_the_published_schemas_is_one_conform_knows(name: str) -> None:
    unknown: set[str] = set()

    def walk(node: Any, naming: bool = False) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if naming:  # the keys of 'properties' and '$defs' are names, not keywords
                    walk(value)
                    continue
                if key not in KEYWORDS | ANNOTATIONS:
                    unknown.add(key)
                walk(value, key in ("properties", "$defs"))
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(schema(name))
    assert not unknown


def test_a_schema_keyword_conform_does_not_know_is_refused_not_ignored() -> None:
    with pytest.raises(UnsupportedSchema):
        first_fault("x", {"type": "string", "format": "email"})


def test_a_schema_conform_cannot_read_is_left_to_jsonschema(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter.load import validate

    edited = copy.deepcopy(schema("case"))
    edited["properties"]["table"]["properties"]["blind"]["multipleOf"] = 2
    validate.validator.cache_clear()
    monkeypatch.setattr(validate, "schema", lambda name: edited)
    try:
        doc = parse("table: {seats: [A, B], dealer: A, blind: 1, limit: 4}\nevents: [deal]\n",
                    "odd.yaml")
        [(where, exc)] = validate.problems(doc, "case")
        assert where == ("table", "blind")
        assert exc.line == 1 and exc.path == "table.blind"
        doc.data["table"]["blind"] = 2
        assert validate.problems(doc, "case") == []
    finally:
        validate.validator.cache_clear()


@pytest.mark.parametrize("path", [*CASES, *BOOKS], ids=lambda p: p.name)
def test_every_shipped_file_conforms_by_both_validators(path: Path) -> None:
    name = "case" if path.parent.name == "cases" else "rulebook"
    assert first_fault(data_of(path), schema(name)) is None
    agree(data_of(path), name)


@pytest.mark.parametrize("value", [2.0, True, False, 2.5, "2", None])
def test_a_float_or_a_bool_is_not_a_whole_number(value: Any) -> None:
    data = data_of(ROOT / "cases" / "peel-the-say.yaml")
    data["table"]["blind"] = value
    assert first_fault(data, schema("case")) == ("table", "blind")
    assert not validator("case").is_valid(data)


def test_a_bool_is_not_a_number_nor_equal_to_one() -> None:
    assert first_fault(True, {"type": "number"}) == ()
    assert first_fault(True, {"enum": [1]}) == ()
    assert first_fault(1.0, {"enum": [1]}) is None
    assert first_fault([1, True], {"uniqueItems": True}) is None
    assert first_fault([1, 1.0], {"uniqueItems": True}) == ()


# Values to put in place of one part of a shipped file: each kind JSON has, and the
# near-misses people write (a float count, an empty string, a word for a number).
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from([0.0, 2.0, 2.5, -1.0]),
    st.sampled_from(["", "x", "deals", "B", "12", "Ah Kd", "foul_hand", "decides", "a" * 70]),
    st.lists(st.sampled_from(["A", "B", "A", 1]), max_size=3),
    st.dictionaries(st.sampled_from(["act", "player", "count", "zzz", "text", "ref"]),
                    st.sampled_from([1, "B", None, "deals"]), max_size=2),
)


def paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*here, i))
    return out


def damaged(data: Any, draw: Any) -> Any:
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(data)))
        if not where:
            continue
        parent = data
        for part in where[:-1]:
            parent = parent[part]
        how = draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "delete":
            del parent[where[-1]]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["zzz", "note", "title", "page", "act"]))] = draw(JUNK)
        else:
            parent[where[-1]] = draw(JUNK)
    return data


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_conform_and_jsonschema_agree_on_damaged_cases(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(CASES))
    agree(damaged(data_of(path), data.draw), "case")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_conform_and_jsonschema_agree_on_damaged_rulebooks(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(BOOKS))
    agree(damaged(data_of(path), data.draw), "rulebook")


def test_ruling_on_a_good_case_does_not_import_jsonschema() -> None:
    code = ("import sys; from arbiter.cli import main\n"
            "try:\n    main(['rule', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
            "print('jsonschema' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, "cases/peel-the-say.yaml"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.stderr.strip() == "False"
    assert "RULING" in done.stdout
