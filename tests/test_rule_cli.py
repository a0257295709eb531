"""``arbiter rule``: formats, comparison of editions, the trace, exit statuses, house rules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from casecheck import BOOKS
from click.testing import CliRunner
from conftest import ROOT
from msgspec.structs import replace

from arbiter import Library
from arbiter.cli import cli
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

LIFTED = "cases/given-four-after-discarding-three-and-lifted.yaml"


def rule(*args: str) -> str:
    result = CliRunner().invoke(cli, ["rule", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbiter", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60, env=dict(os.environ))


def test_peel_42_48_six_cards_raised_is_foul_and_forfeits_the_stake() -> None:
    out = rule(LIFTED, "--rulebook", "peel")
    assert "foul" in out
    assert "B forfeits the stake of 2, which stays in the pool" in out
    assert "Peel, law 48 — The Draw, p. 53" in out
    assert "“If cards drawn be raised from the table" in out


def test_peel_64_names_the_player_with_a_foul_hand_in_words() -> None:
    # A fact that is a list of players is written as names, never as a Python list.
    out = rule("cases/who-takes-the-pool-after-a-foul-hand.yaml", "--rulebook", "peel")
    assert "D found with a foul hand at the end of the game forfeits D's stake" in out
    assert "['" not in out


def test_peel_silent_on_a_last_say_after_the_draw_names_the_laws_it_weighed() -> None:
    # Silent, honestly, but naming 23 (the last say before the draw) and 53 (the order
    # after it): not "rests on", since no law decides the point.
    out = rule("cases/last-say-the-age-passed-out.yaml", "--rulebook", "peel")
    answer = out.split("\nCase:")[0]
    assert "silent on a last say in the betting after the draw" in answer
    assert "Nearest laws considered: Peel 23, Peel 53" in answer
    assert "Rests on" not in answer


def test_rule_json_has_the_documented_stable_keys() -> None:
    data = json.loads(rule(LIFTED, "--rulebook", "peel", "--format", "json"))
    assert set(data) >= {"rulebook", "findings", "decisions", "citations", "silent", "outcome"}
    assert data["rulebook"] == "peel"
    cite = data["citations"][0]
    assert {"ref", "page", "quote", "heading", "book"} <= set(cite)
    decision = data["decisions"][0]
    assert {"finding", "decision", "says", "remedy", "penalties", "cites", "if"} <= set(decision)


def test_rule_all_books_compares_the_editions() -> None:
    data = json.loads(rule(LIFTED, "--rulebook", "all", "--format", "json"))
    by_book = {d["rulebook"]: d for d in data}
    assert set(BOOKS) <= set(by_book)
    assert any(d["decision"] == "foul_hand" for d in by_book["peel"]["decisions"])
    # Hoffmann has no law on a wrong draw: silent, with his own pointer to other codes.
    assert by_book["hoyle"]["decisions"] == []
    assert by_book["hoyle"]["silent"][0]["catch_all"]
    assert by_book["hoyle"]["silent"][0]["outside_extract"] is False


def test_foster_outside_the_pinned_text_is_not_called_silent() -> None:
    case = load_case(ROOT / "cases" / "dealt-without-a-cut.yaml")
    ruling = judge(case, Library().get("foster"))
    assert ruling.silences and all(s.outside_extract for s in ruling.silences)
    text = rule("cases/dealt-without-a-cut.yaml", "--rulebook", "foster")
    assert "not in the pinned text" in text
    assert "is silent" not in text


def test_peel_8_9_uncut_deal_ruled_for_each_possibility_when_unknown() -> None:
    data = json.loads(rule("cases/dealt-without-a-cut.yaml", "--rulebook", "peel",
                           "--format", "json"))
    branches = {(d["decision"], json.dumps(d["if"])) for d in data["decisions"]}
    assert ("misdeal", json.dumps({"noticed_before_deal_finished": True})) in branches
    assert ("deal_stands", json.dumps({"noticed_before_deal_finished": False})) in branches


def test_explain_shows_provisions_tried_and_set_aside() -> None:
    out = rule(LIFTED, "--rulebook", "peel", "--explain")
    assert "HOW IT WAS DECIDED" in out
    assert "peel-42-surplus-returned set aside" in out
    assert "peel-42-too-late applied" in out
    data = json.loads(rule(LIFTED, "--rulebook", "peel", "--explain", "--format", "json"))
    results = {t["provision"]: t["result"] for t in data["trace"]}
    assert results["peel-42-too-late"] == "applied"
    assert results["peel-42-surplus-returned"] == "set aside"


def test_markdown_ruling_quotes_the_law() -> None:
    out = rule(LIFTED, "--rulebook", "peel", "--format", "markdown")
    assert out.startswith("# Ruling under Peel")
    assert "> If cards drawn be raised from the table" in out


def test_provisions_that_could_both_apply_and_disagree_are_refused_naming_both(
    tmp_path: Path,
) -> None:
    book = tmp_path / "clash.yaml"
    book.write_text(
        "id: clash\ntitle: Two minds\nextends: peel\nprovisions:\n"
        "  - id: clash-a\n    finding: given_more_than_asked\n    decision: foul_hand\n"
        "    cites: [48]\n",
        encoding="utf-8",
    )
    done = process("rule", LIFTED, "--rulebooks", str(tmp_path), "--rulebook", "clash")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert f"{book}:5:5" in done.stderr
    assert "'clash-a' and 'peel-42-surplus-returned'" in done.stderr
    assert "peel.yaml, line" in done.stderr


def test_a_contradiction_met_while_ruling_exits_1_naming_both() -> None:
    """The judge's own guard, behind the check: two applicable provisions that disagree."""
    from arbiter.ruling.judge import RulebookConflict
    from arbiter.table.replay import replay

    peel = Library().get("peel")
    extra = {"id": "clash-b", "finding": "given_more_than_asked", "decision": "no_remedy",
             "cites": ["42"], "file": "clash.yaml", "line": 9, "book": "peel"}
    clash = replace(peel, provisions=(*peel.provisions, extra))
    case = load_case(ROOT / LIFTED)
    try:
        judge(case, clash)
    except RulebookConflict as exc:
        assert exc.exit_code == 1
        assert "clash-b" in str(exc) and "clash.yaml:9" in str(exc)
    else:
        raise AssertionError("the contradiction was not reported")
    assert replay(case, clash).findings  # the case itself replays


def test_bad_case_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("table: {seats: [A, B], dealer: A, blind: 1, limit: 2}\n"
                   "events: [Z passes]\n", encoding="utf-8")
    done = process("rule", str(bad))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1
    assert "'Z' is not at the table" in done.stderr


def test_house_rules_change_the_ruling_without_python(tmp_path: Path) -> None:
    """rulebooks/examples/house.yaml lets a straddle reach half the limit (Foster: a quarter)."""
    case = tmp_path / "straddle.yaml"
    case.write_text(
        "title: D straddles to four with a limit of ten\n"
        "table: {seats: [A, B, C, D, E], dealer: A, blind: 1, limit: 10}\n"
        "events: [B blinds 1, C straddles 2, D straddles 4, deal]\n"
        "dispute: {raised_by: E, about: D, question: May D straddle to four?}\n",
        encoding="utf-8",
    )
    lib = Library([ROOT / "rulebooks" / "examples"])
    foster = judge(load_case(case), lib.get("foster"))
    house = judge(load_case(case), lib.get("house"))
    assert [d.decision for d in foster.decisions] == ["action_void"]
    assert "17" in foster.decisions[0].cites
    assert house.decisions == [] and house.silences == []
    out = rule(str(case), "--rulebooks", str(ROOT / "rulebooks" / "examples"),
               "--rulebook", "house")
    assert "Nothing irregular" in out


def test_house_fine_for_speaking_to_the_dealer_is_its_own_provision() -> None:
    lib = Library([ROOT / "rulebooks" / "examples"])
    case = load_case(ROOT / "cases" / "spoke-to-the-dealer-during-the-deal.yaml")
    house = judge(case, lib.get("house"))
    fines = [p for d in house.decisions for p in d.penalties if "pays" in p]
    assert fines and fines[0]["pays"] == case.table.blind
    assert any("H2" in d.cites for d in house.decisions)


def test_a_house_book_on_foster_names_foster_as_the_pinned_text() -> None:
    """Outside Foster's extract a club's book built on Foster is "not in the pinned text of
    Foster", the text it inherits, never "of House", which has no pinned text of its own."""
    lib = Library([ROOT / "rulebooks" / "examples"])
    case = load_case(ROOT / "cases" / "card-faced-in-the-pack-during-the-deal.yaml")
    house = judge(case, lib.get("house"))
    assert house.silences and all(s.outside_extract for s in house.silences)
    for s in house.silences:
        assert "not in the pinned text of Foster: House's ruling" in s.says
        assert "pinned text of House" not in s.says
    out = rule(str(ROOT / "cases" / "card-faced-in-the-pack-during-the-deal.yaml"),
               "--rulebooks", str(ROOT / "rulebooks" / "examples"), "--rulebook", "house")
    assert "pinned text of Foster" in out and "pinned text of House" not in out
