"""A ruling never contradicts itself: no finding is both upheld and voided on the same
account, and a forfeited stake is listed once, however many laws make it forfeit."""

from __future__ import annotations

from pathlib import Path

import pytest
from casecheck import BOOKS

from arbiter import Library
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*.yaml"))
OPPOSED = [{"action_void", "action_stands"}, {"foul_hand", "corrected"},
           {"foul_hand", "must_take"}, {"misdeal", "deal_stands"}, {"wins_pool", "divide_pool"}]


@pytest.mark.parametrize("book", BOOKS)
def test_no_finding_is_decided_both_ways_on_one_account(book: str) -> None:
    rb = Library().get(book)
    for path in CASES:
        ruling = judge(load_case(path), rb)
        seen: dict[tuple[object, ...], set[str]] = {}
        for d in ruling.decisions:
            key = (d.finding.kind, d.finding.step, d.finding.player,
                   tuple(sorted(d.condition.items())))
            seen.setdefault(key, set()).add(str(d.decision))
        for key, decided in seen.items():
            clash = [pair for pair in OPPOSED if pair <= decided]
            assert not clash, f"{path.name} under {book}: {key[0]} at step {key[1]} is {clash}"


@pytest.mark.parametrize("book", BOOKS)
def test_a_forfeited_stake_is_listed_once(book: str) -> None:
    rb = Library().get(book)
    for path in CASES:
        ruling = judge(load_case(path), rb)
        forfeits = [(p["player"], tuple(sorted(d.condition.items())))
                    for d in ruling.decisions for p in d.penalties if "forfeits" in p]
        twice = {f for f in forfeits if forfeits.count(f) > 1}
        assert not twice, f"{path.name} under {book}: stake forfeited more than once: {twice}"


@pytest.mark.parametrize("book", BOOKS)
def test_an_act_once_voided_is_not_ruled_on_again(book: str) -> None:
    """When one decision voids an act (a straddle that does not stand), nothing else found in
    that act (its amount, its limit) is decided beside it, on the same account."""
    rb = Library().get(book)
    for path in CASES:
        ruling = judge(load_case(path), rb)
        void: set[tuple[object, ...]] = set()
        for d in ruling.decisions:
            act = (d.finding.step, d.finding.player, tuple(sorted(d.condition.items())))
            assert act not in void or d.finding.player is None, (
                f"{path.name} under {book}: step {d.finding.step} voided, and then "
                f"{d.finding.kind} ruled on as well")
            if str(d.decision) == "action_void":
                void.add(act)


def test_a_straddle_voided_for_its_turn_is_not_also_voided_for_its_amount() -> None:
    """Foster 17: C refused, so D may not straddle; his straddle is also of the wrong amount,
    but the ruling gives the one decision (the act does not stand) and the trace says why."""
    case = load_case(ROOT / "cases" / "peel-21-straddle-after-a-later-refusal.yaml")
    ruling = judge(case, Library().get("foster"))
    kinds = [str(f.kind) for f in ruling.replay.findings]
    assert "straddle_wrong_amount" in kinds  # found by the replay...
    assert [str(d.finding.kind) for d in ruling.decisions] == ["straddle_after_refusal"]
    assert any(t.result == "not ruled" and str(t.finding.kind) == "straddle_wrong_amount"
               for t in ruling.trace)  # ...and not ruled on, with the reason in the trace
