"""arbiter's StrEnum (arbiter/names.py) behaves as enum.StrEnum does wherever arbiter uses
one: the same members, values, lookups, text, JSON and errors."""

from __future__ import annotations

import copy
import enum
import json

import pytest

from arbiter.law.laws import Effect
from arbiter.table.game import Phase, Status
from arbiter.terms import names
from arbiter.terms.vocabulary import Act, Decision, Kind, Question


class Light(names.StrEnum):
    DEALS = "deals"
    SAYS = "says"
    THE_DRAW = "the draw"


class Real(enum.StrEnum):
    DEALS = "deals"
    SAYS = "says"
    THE_DRAW = "the draw"


def test_members_in_order_with_names_and_values() -> None:
    assert [(m.name, m.value) for m in Light] == [(m.name, m.value) for m in Real]
    assert len(Light) == len(Real) == 3
    assert list(reversed(Light)) == list(reversed(Real))
    assert list(Light.__members__) == list(Real.__members__)


@pytest.mark.parametrize("value", ["deals", "the draw"])
def test_a_member_is_its_value_as_text(value: str) -> None:
    light, real = Light(value), Real(value)
    assert light is Light(value) is Light(light) and light is Light[light.name]
    assert light == value == real and hash(light) == hash(value) == hash(real)
    assert str(light) == str(real) and f"{light:>10}|" == f"{real:>10}|"
    assert repr(light).replace("Light", "Real") == repr(real)
    assert json.dumps({light: [light]}) == json.dumps({real: [real]})
    assert {value: 1}[light] == 1 and light in Light and value in Light
    assert type(light.value) is str and isinstance(light, str) and isinstance(light, Light)
    assert copy.deepcopy(light) is light and copy.copy(light) is light


def test_an_unknown_value_is_a_value_error_as_for_an_enum() -> None:
    for cls in (Light, Real):
        with pytest.raises(ValueError, match=f"'bets' is not a valid {cls.__name__}"):
            cls("bets")
    with pytest.raises(KeyError):
        Light["BETS"]
    assert "bets" not in Light and 3 not in Light


@pytest.mark.parametrize("cls", [Act, Kind, Decision, Question, Effect, Phase, Status])
def test_the_engine_names_are_unique_members(cls: type[names.StrEnum]) -> None:
    members = list(cls)
    assert members and len({m.value for m in members}) == len(members) == len(cls)
    assert all(cls(m.value) is m and cls[m.name] is m for m in members)
