"""Records behave as the dataclasses they replace: the fields in order, defaults and fresh
default factories, equality by fields, frozen records unassignable and hashable."""

from __future__ import annotations

import pytest

from arbiter.table.cases import Event, Table
from arbiter.terms.findings import Finding, Kind
from arbiter.terms.records import FrozenInstanceError, field, record, replace
from arbiter.terms.vocabulary import Act


@record
class Point:
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)


@record(frozen=True)
class Pair:
    a: int
    b: str = "b"


def test_fields_by_position_or_name_with_defaults() -> None:
    assert Point(1) == Point(x=1, y=0, tags=[])
    assert Point(1, 2).y == 2
    assert Point(1, tags=["t"]).tags == ["t"]
    assert repr(Point(1, 2)) == "Point(x=1, y=2, tags=[])"


def test_a_default_factory_gives_each_record_its_own() -> None:
    p, q = Point(1), Point(1)
    p.tags.append("mine")
    assert q.tags == []


@pytest.mark.parametrize("args, kwargs", [
    ((), {}), ((1, 2, [], 4), {}), ((1,), {"x": 1}), ((1,), {"z": 1}),
])
def test_a_missing_or_unknown_argument_is_a_type_error(args: tuple[int, ...],
                                                       kwargs: dict[str, int]) -> None:
    with pytest.raises(TypeError):
        Point(*args, **kwargs)


def test_equality_is_by_fields_and_class() -> None:
    assert Point(1, 2) != Point(1, 3)
    assert Pair(1) != Point(1)
    assert Pair(1) == Pair(1, "b")


def test_frozen_records_refuse_assignment_and_hash_by_fields() -> None:
    p = Pair(1)
    with pytest.raises(FrozenInstanceError):
        p.a = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del p.b  # type: ignore[misc]
    assert {Pair(1), Pair(1, "b"), Pair(2)} == {Pair(1), Pair(2)}


def test_mutable_records_are_unhashable_as_dataclasses_are() -> None:
    with pytest.raises(TypeError):
        hash(Point(1))
    p = Point(1)
    p.y = 5
    assert p == Point(1, 5)


def test_replace_copies_with_changes() -> None:
    e = Event(Act.DISCARDS, player="B", count=3, line=4)
    moved = replace(e, line=None)
    assert moved.line is None and moved.count == 3 and e.line == 4
    with pytest.raises(TypeError):
        replace(e, colour="red")
    with pytest.raises(TypeError):
        replace((1, 2), x=1)


def test_the_engine_records() -> None:
    t = Table(("A", "B"), "A", 1, 12)
    assert t == Table(seats=("A", "B"), dealer="A", blind=1, limit=12)
    assert hash(t) == hash(Table(("A", "B"), "A", 1, 12))
    f = Finding(Kind.DEAL_UNCUT, 3, 7)
    f.facts["lifted"] = True
    assert Finding(Kind.DEAL_UNCUT, 3, 7).facts == {}
