"""Precedence across finding kinds is the rulebook's: a hand of six after a give of four
for three is ruled on its cause (the give), and not found twice, because Peel's book
says so; a house book that says otherwise changes the ruling, with no Python change."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT

from arbiter import Library
from arbiter.ruling.judge import judge
from arbiter.table.cases import load_case

CASE = ROOT / "cases" / "given-four-after-discarding-three-and-lifted.yaml"


def _decisions(book_id: str, *dirs: Path) -> list[tuple[str, str]]:
    ruling = judge(load_case(CASE), Library(dirs).get(book_id))
    return [(str(d.finding.kind), str(d.decision)) for d in ruling.decisions]


def test_peel_rules_a_wrong_size_after_a_give_in_excess_on_the_give() -> None:
    got = _decisions("peel")
    assert ("given_more_than_asked", "foul_hand") in got
    assert not any(kind == "wrong_hand_size" for kind, _ in got)


def test_a_house_book_that_finds_the_size_apart_from_its_cause_rules_on_both(
        tmp_path: Path) -> None:
    (tmp_path / "club.yaml").write_text(
        "id: club\ntitle: Club rules\nextends: peel\n"
        "precedence:\n"
        "  - id: peel-size-ruled-on-the-draw     # replaces Peel's: a give in excess no longer\n"
        "    finding: wrong_hand_size            # stands for the hand's size\n"
        "    ruled_on_cause: [asked_wrong_number, dealer_drew_wrong_number, wrong_hand_size]\n",
        encoding="utf-8")
    got = _decisions("club", tmp_path)
    assert ("given_more_than_asked", "foul_hand") in got
    assert ("wrong_hand_size", "foul_hand") in got  # Peel 48, now found in its own right


def test_check_refuses_a_precedence_testing_a_fact_its_finding_does_not_carry(
        tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "club.yaml"
    path.write_text("id: club\ntitle: Club rules\nextends: peel\nprecedence:\n"
                    "  - id: club-size\n    finding: wrong_hand_size\n"
                    "    when: {asked: 3}\n    ruled_on_cause: [wrong_number_dealt]\n",
                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "arbiter", "check", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"{path}:7:") and "tests 'asked'" in line


def test_explain_says_which_finding_was_ruled_on_its_cause() -> None:
    from arbiter.render.ruling import ruling_text

    ruling = judge(load_case(CASE), Library().get("peel"))
    text = " ".join(ruling_text(ruling, explain=True).split())
    assert ("step 10 wrong_hand_size: not found apart; ruled on its cause, "
            "given_more_than_asked at step 9 (peel-size-ruled-on-the-draw)") in text
    (merged,) = ruling.to_dict(explain=True)["ruled_on_cause"]
    assert merged["cause"] == "given_more_than_asked" and merged["precedence"] == \
        "peel-size-ruled-on-the-draw"
