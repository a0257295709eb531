"""Every ``when`` on both sides: for every provision of every shipped book, a case where
it applies, and for each key of its ``when`` a case that differs there and is ruled
differently.

The other side is found first among the shipped cases (a finding on which the provision
fails on that key alone, or the branch of a fact the events leave open); where no shipped
case has it, the test builds the variant in code from a case where the provision applies,
by changing that one fact of the finding and ruling the finding again under the book. It
fails on any provision no case applies, and on any key whose change rules nothing
differently: a condition that decides nothing is a misreading waiting to happen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from casecheck import AWAITING_PENDING, BOOKS, house_books, library, tried

from arbiter import Library
from arbiter.law.laws import Rulebook
from arbiter.law.provisions import match
from arbiter.ruling.facts import TableFacts
from arbiter.ruling.judge import Ruling, judge
from arbiter.ruling.rulings import _Judge
from arbiter.table.cases import load_case
from arbiter.terms.findings import Finding

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))
OTHER = "__some other value__"


def _other(value: Any) -> list[Any]:
    """Values of a fact that fail a ``when`` test of ``value``."""
    if isinstance(value, bool):
        return [not value]
    if value is None:
        return [True, 1, OTHER]
    if isinstance(value, list):
        return [OTHER, not value[0] if isinstance(value[0], bool) else OTHER]
    if isinstance(value, dict):
        out: list[Any] = []
        for op, arg in value.items():
            if op == "not":
                out += arg if isinstance(arg, list) else [arg]
            elif op in ("at_least", "more_than"):
                out.append(arg - 1 if op == "at_least" else arg)
            elif op in ("at_most", "less_than"):
                out.append(arg + 1 if op == "at_most" else arg)
            elif op == "in":
                out.append(OTHER)
        return out
    if isinstance(value, int):
        return [value + 1]
    return [OTHER]


def _decided(ruling: Ruling, f: Finding, cond: dict[str, Any]) -> set[tuple[str, tuple[str, ...]]]:
    return {(str(d.decision), tuple(d.cites)) for d in ruling.decisions
            if (d.finding.kind, d.finding.step, d.finding.player) == (f.kind, f.step, f.player)
            and all(d.condition.get(k) == v for k, v in cond.items())}


def _with_tried(path: Path) -> list[Any]:
    """The case, and the case with each act its ``may`` questions ask of done after it."""
    case = load_case(path)
    return [case, *tried(case)]


def _sides(rb: Rulebook, houses: tuple[Rulebook, ...] = ()) -> tuple[set[str], list[str]]:
    """``houses``: house books built on ``rb``, under which its provisions they inherit
    unchanged are ruled too (one may apply only under a parameter a house book sets)."""
    applied: set[str] = set()
    covered: set[tuple[str, str]] = set()
    where: dict[str, tuple[Any, ...]] = {}
    mine = {p["id"] for p in rb.provisions}
    runs = [(b, path) for b in (rb, *houses) for path in CASES]
    for b, one in [(b, c) for b, path in runs for c in _with_tried(path)]:
        ruling = judge(one, b)
        table = TableFacts(ruling.replay)
        inherited = mine if b is rb else {p["id"] for p in b.provisions
                                           if p["id"] in mine and p["book"] == rb.id}
        for d in ruling.decisions:
            if d.provision not in inherited:
                continue
            applied.add(d.provision)
            where.setdefault(d.provision, (ruling, d.finding, d.condition, b))
        for f in ruling.replay.findings:
            base = table.of(f)
            branches = {tuple(sorted(d.condition.items())) for d in ruling.decisions
                        if d.finding is f or (d.finding.step, d.finding.kind) == (f.step, f.kind)}
            for branch in branches or {()}:
                facts = {**base, **dict(branch)}
                decided = _decided(ruling, f, dict(branch))
                for p in rb.provisions:
                    if p["finding"] != str(f.kind) or p["id"] not in inherited:
                        continue
                    m = match(p.get("when", {}), facts)
                    if m.result is False and len(m.failed) == 1 and \
                            (p["decision"], tuple(p["cites"])) not in decided:
                        covered.add((p["id"], m.failed[0]))
    # Variants built in code: the finding where the provision applies, one fact changed.
    for p in rb.provisions:
        if p["id"] not in where:
            continue
        ruling, f, cond, book = where[p["id"]]
        j = _Judge(ruling.replay, book)
        provs = j.by_kind.get(p["finding"], [])
        facts = {**j.table.of(f), **cond}
        here = {(str(d.decision), tuple(d.cites)) for d in j.decide(f, facts, provs)[0]}
        for key, value in p.get("when", {}).items():
            if (p["id"], key) in covered:
                continue
            for other in _other(value):
                made = j.decide(f, {**facts, key: other}, provs)[0]
                there = {(str(d.decision), tuple(d.cites)) for d in made}
                if p["id"] not in {d.provision for d in made} and there != here:
                    covered.add((p["id"], key))
                    break
    gaps = [f"{p['id']}: when.{k}" for p in rb.provisions for k in p.get("when", {})
            if (p["id"], k) not in covered and p["id"] not in AWAITING_PENDING]
    return applied, gaps


@pytest.mark.parametrize("book", BOOKS)
def test_every_when_key_is_ruled_on_both_sides(book: str) -> None:
    lib = library()
    rb = lib.get(book)
    houses = tuple(lib.get(h) for h, parent in sorted(house_books().items()) if parent == book)
    applied, gaps = _sides(rb, houses)
    never = sorted(p["id"] for p in rb.provisions
                   if p["id"] not in applied and p["id"] not in AWAITING_PENDING)
    assert not never, f"{book}: no case applies {never}"
    assert not applied & set(AWAITING_PENDING), f"{book}: now applied by a case"
    assert not gaps, f"{book}: no case or variant rules differently on {gaps}"


def test_a_condition_that_decides_nothing_is_reported(tmp_path: Path) -> None:
    """A house book gives Peel 37 a twin without the condition: the condition then changes
    nothing, and the test names it."""
    (tmp_path / "twin.yaml").write_text(
        "id: twin\ntitle: A condition that decides nothing\nextends: peel\nprovisions:\n"
        "  - id: club-37-twin\n    finding: discard_retaken\n    decision: action_void\n"
        "    says: he may not take back a discard\n    cites: [37]\n"
        "  - id: peel-37-discards-not-taken-back\n    finding: discard_retaken\n"
        "    when: {count: {at_least: 1}}\n    decision: action_void\n"
        "    says: he may not take back a discard\n    cites: [37]\n", encoding="utf-8")
    _, gaps = _sides(Library([tmp_path]).get("twin"))
    assert "peel-37-discards-not-taken-back: when.count" in gaps
