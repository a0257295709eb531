"""The table's agreements set against the acts, and each law's shipped cases."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from arbiter.table.acts.showing import hand_facts
from arbiter.table.agreed_values import AgreedValues as Agreed
from arbiter.table.agreed_values import agreed_values
from arbiter.table.cases import Table


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbiter", *args], capture_output=True,
                          text=True, check=False)


def test_agreed_values_come_from_the_table_or_an_agreed_section() -> None:
    table = Table(seats=("A", "B"), dealer="A", blind=1, limit=10, stakes=(("A", 50),))
    assert agreed_values(table) == Agreed(blind=1, limit=10, stakes=(("A", 50),))
    section: dict[str, Any] = {"blind": 2, "opening": 4}
    assert agreed_values(table, section) == Agreed(blind=2, limit=10, stakes=(("A", 50),),
                                                   opening=4)


def test_the_ace_between_a_king_and_a_two_is_told_from_one_at_an_end() -> None:
    corner = hand_facts({"C": ["Qs", "Kd", "Ah", "2c", "3d"]}, ["C"])
    high = hand_facts({"C": ["Ts", "Jd", "Qh", "Kc", "Ad"]}, ["C"])
    low = hand_facts({"C": ["As", "2d", "3h", "4c", "5d"]}, ["C"])
    assert (corner["ace_between"], corner["ace_ends"]) == (True, False)
    assert (high["ace_between"], high["ace_ends"]) == (False, True)
    assert (low["ace_between"], low["ace_ends"]) == (False, False)
    assert hand_facts({"C": ["Ah", "Jh", "9h", "6h", "3h"]}, ["C"])["in_hearts"] is True
    assert hand_facts({"C": ["Ah", "Jh", "9h", "6h", "3h"], "D": ["As", "Js", "9s", "5s",
                       "4s"]}, ["C", "D"])["in_hearts"] is False  # no one best hand


def test_each_law_lists_the_shipped_cases_whose_expected_ruling_cites_it() -> None:
    laws = {law["ref"]: law for law in json.loads(run("laws", "peel", "--format",
                                                      "json").stdout)}
    assert "b01-queen-king-ace-two-three-at-the-show" in laws["71"]["cases"]
    assert "b10-the-age-puts-up-four-against-the-agreed-one" in laws["the-stakes"]["cases"]
    assert "b10-the-age-puts-up-four-against-the-agreed-one" not in laws["19"]["cases"]
    assert all(len(law["cases"]) == len(set(law["cases"])) for law in laws.values())
    hoyle = json.loads(run("law", "hoyle", "dealer-passes", "--format", "json").stdout)
    assert "b13-the-dealer-who-passed-gives-the-draw" in hoyle["cases"]
    text = " ".join(run("law", "hoyle", "dealer-passes").stdout.split())
    assert "Cases: " in text and "b13-the-dealer-who-passed-gives-the-draw" in text


def test_a_blind_is_set_against_the_agreed_values_whatever_their_source() -> None:
    from arbiter import Library
    from arbiter.table.acts.deal import post_blind
    from arbiter.table.game import Game
    from arbiter.table.replay import _rules

    rules = _rules(Library().get("peel"))
    as_tabled = Game(("A", "B", "C"), "A", 1, 10, rules)
    post_blind(as_tabled, "B", 1)
    assert [f.kind for f in as_tabled.findings] == []
    agreed = Game(("A", "B", "C"), "A", 1, 10, rules, values=Agreed(blind=2, limit=10))
    post_blind(agreed, "B", 1)
    assert [(f.kind, f.facts["agreed"], f.facts["amount"]) for f in agreed.findings] == [
        ("departs_from_agreement", 2, 1)]
