"""Foster 19 (set I, K2): a player who would not equal what a player before him had put up
"must abandon his hand, together with all his interest in that pool"; he may not come in."""

from __future__ import annotations

from arbiter import Library
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

_CASE = """
table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 10}
events:
  - B blinds 1
  - deal
  - C comes in 2
  - D passes
  - E comes in 2
  - D comes in 2
"""


def test_passed_after_a_stake_may_not_come_in_under_foster() -> None:
    ruling = judge(load_case("abandoned.yaml", _CASE), Library().get("foster"))
    found = [(str(d.finding.kind), str(d.decision), list(d.cites)) for d in ruling.decisions
             if str(d.finding.kind) == "acted_after_passing"]
    assert found == [("acted_after_passing", "action_void", ["18", "19"])]


def test_first_to_speak_is_not_reached_by_law_19() -> None:
    """C spoke first, with only the blind before him: law 19's words do not reach him."""
    case = _CASE.replace("  - C comes in 2\n  - D passes\n  - E comes in 2\n  - D comes in 2",
                         "  - C passes\n  - D comes in 2\n  - E comes in 2\n  - C comes in 2")
    assert "C passes" in case
    ruling = judge(load_case("abandoned.yaml", case), Library().get("foster"))
    assert not [d for d in ruling.decisions if d.provision
                and d.provision.startswith("foster-18-19")]
