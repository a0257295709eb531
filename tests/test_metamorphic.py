"""Metamorphic properties of the judge: changes that must not change a ruling.

- Renaming the players, or writing the seats starting from another chair (the table is
  round, so the same table), changes no decision.
- A house book that ``extends:`` a published book and overrides nothing rules every case
  exactly as the book it extends.
- Ruling the same case twice in one process prints the same bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from casecheck import BOOKS
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from arbiter import Library
from arbiter.render.ruling import ruling_markdown, ruling_text
from arbiter.ruling.judge import Ruling, judge
from arbiter.table.cases import Case, Event, load_case

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))
NAMES = ["Ames", "Bligh", "Crewe", "Dacre", "Eyre", "Fane", "Grey", "Howe", "Ince", "Jope"]


def _rename(case: Case, names: dict[str, str]) -> Case:
    """The same case with every player's name replaced, wherever a name is carried."""
    def n(x: str | None) -> str | None:
        return names.get(x, x) if x is not None else None

    def pairs(items: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
        return tuple((names.get(k, k), v) for k, v in items)

    events = tuple(
        replace(e, player=n(e.player), to=n(e.to), about=n(e.about),
                            hands=pairs(e.hands), counts=pairs(e.counts),
                            exposed=pairs(e.exposed),
                            uncut=n(e.uncut) if isinstance(e.uncut, str) else e.uncut)
        for e in case.events)
    t = case.table
    table = replace(t, seats=tuple(names[s] for s in t.seats), dealer=names[t.dealer],
                                counters=t.counters, stakes=pairs(t.stakes))
    def asked(asks: Any) -> Any:
        if asks is None:
            return None
        act = asks.act and replace(asks.act, player=n(asks.act.player),
                                               to=n(asks.act.to), about=n(asks.act.about))
        return replace(asks, player=n(asks.player), act=act)

    dispute = case.dispute and replace(
        case.dispute, raised_by=n(case.dispute.raised_by), about=n(case.dispute.about),
        asks=asked(case.dispute.asks),
        more_asks=tuple(asked(a) for a in case.dispute.more_asks))
    return replace(case, table=table, events=events, dispute=dispute)


def _rotate(case: Case, k: int) -> Case:
    seats = case.table.seats
    k %= len(seats)
    return replace(case, table=replace(
        case.table, seats=seats[k:] + seats[:k]))


def _decisions(ruling: Ruling, back: dict[str, str] | None = None) -> list[tuple[Any, ...]]:
    """What was decided, on which finding, for whom, by which provision on which law."""
    back = back or {}

    def who(x: str | None) -> str | None:
        return back.get(x, x) if x else x

    out: list[tuple[Any, ...]] = [
        ("decided", str(d.finding.kind), d.finding.step, who(d.finding.player), d.provision,
         str(d.decision), tuple(d.cites), json.dumps(d.condition, sort_keys=True))
        for d in ruling.decisions]
    out += [("silent", str(s.finding.kind), s.finding.step, who(s.finding.player),
             s.outside_extract, json.dumps(s.condition, sort_keys=True))
            for s in ruling.silences]
    return out


def _events_name_no_one_outside(case: Case) -> bool:
    """Renaming is sound only where every name in the case sits in a structured field."""
    seats = set(case.table.seats)
    return all(not isinstance(e.uncut, str) or e.uncut in seats for e in case.events)


@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(CASES), book=st.sampled_from(BOOKS), data=st.data())
def test_renaming_the_players_changes_no_decision(path: Path, book: str, data: Any) -> None:
    case = load_case(path)
    if not _events_name_no_one_outside(case):
        return
    seats = list(case.table.seats)
    new = data.draw(st.permutations(NAMES).map(lambda p: p[: len(seats)]))
    names = dict(zip(seats, new, strict=True))
    rb = Library().get(book)
    before = _decisions(judge(case, rb))
    after = _decisions(judge(_rename(case, names), rb), {v: k for k, v in names.items()})
    assert after == before, f"{path.name} under {book}, renamed {names}"


@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(CASES), book=st.sampled_from(BOOKS), k=st.integers(1, 9))
def test_writing_the_seats_from_another_chair_changes_no_decision(
        path: Path, book: str, k: int) -> None:
    case = load_case(path)
    rb = Library().get(book)
    assert _decisions(judge(_rotate(case, k), rb)) == _decisions(judge(case, rb)), (
        f"{path.name} under {book}, seats rotated by {k}")


HOUSE = "zzhouse"  # a name no case or law uses, so it can be read back as the parent's


def _as_data(ruling: Ruling, parent: str | None = None) -> str:
    """The ruling as data, less the book's own title; the house book's name, wherever a
    sentence names the book ("zzhouse is silent..."), written as its parent's."""
    data = ruling.to_dict(explain=True)
    data.pop("rulebook", None)
    data.pop("authority", None)
    text = json.dumps(data, sort_keys=True)
    return text.replace(HOUSE, parent) if parent else text


@pytest.mark.parametrize("parent", BOOKS)
def test_a_house_book_that_overrides_nothing_rules_as_its_parent(
        parent: str, tmp_path: Path) -> None:
    (tmp_path / f"{HOUSE}.yaml").write_text(
        f"id: {HOUSE}\ntitle: The club's rules\nextends: {parent}\n", encoding="utf-8")
    lib = Library([tmp_path])
    house, base = lib.get(HOUSE), lib.get(parent)
    for path in CASES:
        case = load_case(path)
        assert _as_data(judge(case, house), base.name) == _as_data(
            judge(case, base)), (
            f"{path.name}: the empty house book on {parent} rules differently")


@pytest.mark.parametrize("book", BOOKS)
def test_ruling_a_case_twice_prints_the_same_bytes(book: str) -> None:
    rb = Library().get(book)
    for path in CASES:
        case = load_case(path)
        first, second = judge(case, rb), judge(load_case(path), rb)
        assert ruling_text(first, explain=True) == ruling_text(second, explain=True), path.name
        assert ruling_markdown(first) == ruling_markdown(second), path.name
        assert json.dumps(first.to_dict(explain=True)) == json.dumps(
            second.to_dict(explain=True)), path.name


def test_renaming_reaches_every_name() -> None:
    """The renaming helper leaves no old name behind in a case's structured fields."""
    case = load_case(ROOT / "cases" / "hoyle-going-better.yaml")
    names = dict(zip(case.table.seats, NAMES, strict=False))
    renamed = _rename(case, names)
    old = set(case.table.seats)
    for e in renamed.events:
        assert isinstance(e, Event)
        assert e.player not in old and e.to not in old and e.about not in old
        assert not {k for k, _ in e.hands} & old


def test_renaming_reaches_every_question_of_an_asks_list() -> None:
    case = load_case(ROOT / "cases" / "hoffmann-p123-making-good-d-and-e-raises.yaml")
    assert case.dispute and case.dispute.more_asks
    names = dict(zip(case.table.seats, NAMES, strict=False))
    renamed = _rename(case, names)
    assert renamed.dispute
    for asks in (renamed.dispute.asks, *renamed.dispute.more_asks):
        assert asks is not None and asks.player not in set(case.table.seats)
    for book in BOOKS:
        rb = Library().get(book)
        back = {v: k for k, v in names.items()}
        assert _decisions(judge(renamed, rb), back) == _decisions(judge(case, rb))
