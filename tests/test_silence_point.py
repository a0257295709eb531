"""A book's silence names the point the finding is about, not a neighbouring one."""

from __future__ import annotations

from conftest import ROOT
from msgspec.structs import replace

from arbiter.law.rulebooks import load_rulebook
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

CASE = ROOT / "cases" / "foster-17-straddles-during-the-deal.yaml"


def _silent_says(drop: str) -> list[str]:
    peel = load_rulebook(ROOT / "rulebooks" / "peel.yaml")
    book = replace(peel, provisions=tuple(p for p in peel.provisions if p["id"] != drop))
    return [s.says for s in judge(load_case(CASE), book).silences]


def test_peel_rules_on_a_straddle_during_the_deal() -> None:
    ruling = judge(load_case(CASE), load_rulebook(ROOT / "rulebooks" / "peel.yaml"))
    assert [(d.finding.kind, d.decision) for d in ruling.decisions] == [
        ("straddle_after_looking", "action_void")
    ]
    assert ruling.silences == []


def test_silence_on_a_straddle_after_the_deal_does_not_say_after_looking() -> None:
    # C never looked: were the book silent, it is silent on a straddle after the deal.
    says = _silent_says("peel-straddle-before-the-deal")
    assert says and all("looking" not in s for s in says), says
